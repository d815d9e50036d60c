import { formatAud, formatRate } from './format';

// A field's bounds as the screens show them, made from the domain's limits (domain/*/constants, schemas) with the
// en-AU formatters, so a hint never disagrees with the rule the API checks.

export type Bounds = { readonly min: number; readonly max: number };

/** min, min + 1, …, max: the choices of a bounded whole number (years, dependants). */
export const wholeNumbersIn = ({ min, max }: Bounds): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** "From $200,000 to $15,000,000". */
export const audRangeHint = ({ min, max }: Bounds): string => `From ${formatAud(min)} to ${formatAud(max)}`;

/** "From 1.50% to 15.00%". */
export const rateRangeHint = ({ min, max }: Bounds): string => `From ${formatRate(min)} to ${formatRate(max)}`;
