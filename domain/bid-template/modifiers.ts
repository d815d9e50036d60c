// spec 3 §3, §5: a conditional rule changes one bid field with a modifier. The final value is computed in whole
// hundredths (basis points of a rate, cents of a fee), so 6.20 − 0.15 is 6.05 exactly, never 6.050000000000001.

export const modifierTypes = ['new_value', 'new_boolean_value', 'reduce_base_value', 'increase_base_value', 'percentage_discount'] as const;
export type ModifierType = (typeof modifierTypes)[number];
export type Modifier = { type: 'new_boolean_value'; value: boolean } | { type: Exclude<ModifierType, 'new_boolean_value'>; value: number };

export const modifierLabels: Record<ModifierType, string> = {
  new_value: 'New value',
  new_boolean_value: 'Yes or no',
  reduce_base_value: 'Reduce by',
  increase_base_value: 'Increase by',
  percentage_discount: 'Discount (%)',
};

/** A value with at most two decimals as a whole number of hundredths (6.25 → 625). */
export const toHundredths = (value: number): number => Math.round(value * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;

/**
 * spec 3 §5: new_value is the number entered; reduce is base − modifier; increase is base + modifier; percentage
 * discount is base × (1 − modifier / 100), rounded to the hundredth. Null when the base or the result is not a
 * number (a boolean field, or no base value).
 */
export function finalValue(base: number | boolean | null, modifier: Modifier): number | boolean | null {
  if (modifier.type === 'new_boolean_value') return modifier.value;
  if (modifier.type === 'new_value') return modifier.value;
  if (typeof base !== 'number') return null;
  const baseUnits = toHundredths(base);
  const modifierUnits = toHundredths(modifier.value);
  switch (modifier.type) {
    case 'reduce_base_value':
      return fromHundredths(baseUnits - modifierUnits);
    case 'increase_base_value':
      return fromHundredths(baseUnits + modifierUnits);
    case 'percentage_discount':
      // base × (10000 − discount in hundredths of a percent) / 10000, rounded half away from zero.
      return fromHundredths(Math.sign(baseUnits) * Math.round((Math.abs(baseUnits) * (10_000 - modifierUnits)) / 10_000));
  }
}
