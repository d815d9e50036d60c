import { describe, expect, it } from 'vitest';
import { birthYear, email, fullName, lenderSince, password, passwordMessages, personName, phoneNumber } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('password (spec 2 §5)', () => {
  it.each([
    ['', passwordMessages.required],
    ['Ab1!', passwordMessages.min],
    [`Aa1!${'x'.repeat(97)}`, passwordMessages.max],
    ['Abc 12345!', passwordMessages.spaces],
    ['abcdefgh1', passwordMessages.classes],
    ['ABCDEFGH!', passwordMessages.classes],
  ])('refuses %j with %j', (value, message) => {
    expect(messages(password.safeParse(value))).toContain(message);
  });

  it.each(['abcd1234!', 'ABCD1234!', 'Passw0rd', 'pässwörd1!'])('accepts %j (3 of 4 character classes)', (value) => {
    expect(password.safeParse(value).success).toBe(true);
  });
});

describe('other fields', () => {
  it('e-mail: required, valid, stored in lower case', () => {
    expect(messages(email.safeParse(''))).toEqual(['Please, write an email']);
    expect(messages(email.safeParse('not-an-email'))).toEqual(['Invalid email format']);
    expect(email.parse(' Jane@Example.COM ')).toBe('jane@example.com');
  });

  it('names: letters of any script with spaces, apostrophes, hyphens, ampersands and dots', () => {
    for (const ok of ["O'Brien", 'Anne-Marie', 'Nguyễn', 'St. John', 'Smith & Co']) expect(personName.safeParse(ok).success).toBe(true);
    for (const bad of ['J4ne', '<script>', '-Jane']) expect(personName.safeParse(bad).success).toBe(false);
    expect(fullName.safeParse('Jane').success).toBe(false);
    expect(fullName.safeParse('Jane Citizen').success).toBe(true);
  });

  it('phone numbers need at least 7 digits', () => {
    expect(messages(phoneNumber.safeParse('12 345'))).toContain('Should be at least 7 digits');
    expect(phoneNumber.parse('0412 345 678')).toBe('0412345678');
  });

  it('age 18 to 80 and lender experience up to 60 years, never in the future', () => {
    expect(messages(birthYear(2026).safeParse(2010))).toEqual(['Age should be more than or equal to 18 years']);
    expect(messages(birthYear(2026).safeParse(1940))).toEqual(['Age should be less than or equal to 80 years']);
    expect(birthYear(2026).safeParse(1980).success).toBe(true);
    expect(messages(lenderSince(2026).safeParse(2027))).toEqual(["Can't be in future"]);
    expect(messages(lenderSince(2026).safeParse(1960))).toEqual(['Max lender experience is 60 years']);
  });
});
