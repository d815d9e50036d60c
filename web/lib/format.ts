import dayjs from 'dayjs';
import 'dayjs/locale/en-au';
import { formatPercent } from '../../domain/bid/schemas';

// en-AU display rules: dates DD/MM/YYYY (spec 1 §9), money in AUD without decimals, percentages with two decimals
// (spec 3 §9).
dayjs.locale('en-au');

export const dateFormat = 'DD/MM/YYYY';

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormat) : '';
}

const aud = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatAud(amount: number): string {
  return aud.format(amount);
}

/**
 * A percentage with two decimals (spec 3 §9): rates, and LVRs on tables and pages alike (80 reads 80.00%, never
 * 80%). One implementation with the server's messages (`formatPercent` of domain/bid/schemas.ts).
 */
export const formatRate = formatPercent;
export { formatPercent };

const counting = new Intl.NumberFormat('en-AU');

/** "1 post", "2 posts", "1,204 posts": a count with its noun in the right number (`plural` when not noun + s). */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${counting.format(count)} ${count === 1 ? noun : plural}`;
}

/**
 * A mobile number for reading, one form everywhere (issue 24): Australian mobiles in their usual national form
 * (0412 345 678, en-AU), others in international form without the trunk 0 (+64 21 234 5678 reads as +64 212345678).
 */
export function formatMobile(countryCode: string | null, digits: string): string {
  const national = digits.replace(/^0+/, '');
  if ((countryCode ?? '61') === '61' && /^4\d{8}$/.test(national)) return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return `+${countryCode ?? ''} ${national}`;
}

/** The number to dial: international, without the trunk 0 (tel:+61412345678). */
export const mobileHref = (countryCode: string | null, digits: string): string => `tel:+${countryCode ?? '61'}${digits.replace(/^0+/, '')}`;

/** A time of day, 24-hour HH:mm (spec 1 §9), whatever the browser's locale would choose. */
export function formatTime(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('HH:mm') : '';
}

/** A moment as DD/MM/YYYY HH:mm (a message sent, an event recorded). */
export const formatDateTime = (value: string | Date): string => `${formatDate(value)} ${formatTime(value)}`;
