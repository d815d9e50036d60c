import { describe, expect, it } from 'vitest';
import { addressOf, australianAddress, isInAustralia, localityLabel, localitySearchQuery, pickAddressMessage } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => `${i.path.join('.') || '(address)'}: ${i.message}`) ?? []);

const sydney = { postcode: '2000', suburb: 'Sydney', state: 'NSW', latitude: -33.8708, longitude: 151.2073 } as const;

describe('an Australian address (spec 2 §3, §5)', () => {
  it('is a picked place in Australia', () => {
    expect(australianAddress.parse(addressOf(sydney))).toEqual({ country: 'AU', ...sydney });
  });

  it.each([
    ['no address at all', undefined, `(address): ${pickAddressMessage}`],
    ['no postcode', { ...addressOf(sydney), postcode: undefined }, `postcode: ${pickAddressMessage}`],
    ['a postcode of 3 digits', { ...addressOf(sydney), postcode: '200' }, 'postcode: Should be 4 digits'],
    ['another country', { ...addressOf(sydney), country: 'NZ' }, 'country: Only addresses in Australia'],
    ['an unknown state', { ...addressOf(sydney), state: 'XX' }, 'state: Choose a state'],
    ['no suburb', { ...addressOf(sydney), suburb: ' ' }, 'suburb: This field is required'],
    ['a position abroad', { ...addressOf(sydney), latitude: 51.5, longitude: -0.12 }, 'latitude: Should be in Australia'],
  ])('refuses %s', (_name, value, message) => {
    expect(messages(australianAddress.safeParse(value))).toContain(message);
  });

  it('knows the external territories are in Australia and the sea around is not', () => {
    expect(isInAustralia(-12.17, 96.83)).toBe(true); // Cocos (Keeling) Islands
    expect(isInAustralia(-29.03, 167.95)).toBe(true); // Norfolk Island
    expect(isInAustralia(-54.62, 158.86)).toBe(true); // Macquarie Island
    expect(isInAustralia(0, 0)).toBe(false);
    expect(isInAustralia(-41.29, 174.78)).toBe(false); // Wellington
  });

  it('reads "Suburb STATE postcode"', () => {
    expect(localityLabel(sydney)).toBe('Sydney NSW 2000');
  });
});

describe('the search term', () => {
  it('is required and at most 50 characters', () => {
    expect(messages(localitySearchQuery.safeParse({ search: '  ' }))).toEqual(['search: This field is required']);
    expect(messages(localitySearchQuery.safeParse({ search: 'x'.repeat(51) }))).toEqual(['search: Should be at most 50 characters']);
    expect(localitySearchQuery.parse({ search: ' Syd ' })).toEqual({ search: 'Syd' });
  });
});
