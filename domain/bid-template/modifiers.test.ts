import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalValue, toHundredths } from './modifiers';

/** A number with at most two decimals, as the forms take them. */
const hundredths = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100);

describe('modifier final values (spec 3 §5)', () => {
  it('follows the spec’s four formulas on examples', () => {
    expect(finalValue(6.2, { type: 'new_value', value: 5.99 })).toBe(5.99);
    expect(finalValue(6.2, { type: 'reduce_base_value', value: 0.15 })).toBe(6.05);
    expect(finalValue(6.2, { type: 'increase_base_value', value: 0.1 })).toBe(6.3);
    expect(finalValue(600, { type: 'percentage_discount', value: 50 })).toBe(300);
    expect(finalValue(6.2, { type: 'percentage_discount', value: 10 })).toBe(5.58);
    expect(finalValue(false, { type: 'new_boolean_value', value: true })).toBe(true);
  });

  it('is null when the base is not a number', () => {
    expect(finalValue(null, { type: 'reduce_base_value', value: 1 })).toBeNull();
    expect(finalValue(true, { type: 'percentage_discount', value: 1 })).toBeNull();
    expect(finalValue(null, { type: 'new_value', value: 3 })).toBe(3);
  });

  it('reduce and increase are exact in hundredths and undo each other (property)', () => {
    fc.assert(
      fc.property(hundredths(0, 50_000), hundredths(0, 50_000), (base, by) => {
        const reduced = finalValue(base, { type: 'reduce_base_value', value: by }) as number;
        expect(toHundredths(reduced)).toBe(toHundredths(base) - toHundredths(by));
        expect(Math.abs(reduced * 100 - Math.round(reduced * 100))).toBeLessThan(1e-6);
        expect(finalValue(reduced, { type: 'increase_base_value', value: by })).toBe(base);
      }),
    );
  });

  it('a percentage discount lands within half a hundredth of base × (1 − d/100), between 0 and the base (property)', () => {
    fc.assert(
      fc.property(hundredths(0, 50_000), hundredths(0, 100), (base, discount) => {
        const result = finalValue(base, { type: 'percentage_discount', value: discount }) as number;
        expect(Math.abs(result - base * (1 - discount / 100))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(base);
        expect(Math.abs(result * 100 - Math.round(result * 100))).toBeLessThan(1e-6);
      }),
    );
  });
});
