import { describe, expect, it } from 'vitest';
import { formatMobile } from './format-mobile';

describe('formatMobile', () => {
  it('shows Australian mobiles in national form, with or without the trunk 0', () => {
    expect(formatMobile('61', '0412345678')).toBe('0412 345 678');
    expect(formatMobile('61', '412345678')).toBe('0412 345 678');
  });
  it('shows other numbers in international form', () => {
    expect(formatMobile('64', '0212345678')).toBe('+64 212345678');
    expect(formatMobile('61', '0298765432')).toBe('+61 298765432');
  });
});
