/**
 * A mobile number for reading: Australian mobiles in their usual national form (0412 345 678, en-AU), others in
 * international form without the trunk 0 (+64 21 234 5678 reads as +64 212345678).
 */
export function formatMobile(countryCode: string | null, digits: string): string {
  const national = digits.replace(/^0+/, '');
  if ((countryCode ?? '61') === '61' && /^4\d{8}$/.test(national)) return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return `+${countryCode ?? ''} ${national}`;
}
