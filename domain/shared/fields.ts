import { z } from 'zod';
import { maxMessage, minMessage, notAChoice, notANumber, notAWholeNumber, required } from './messages';

// The form fields every area's schemas build on, with the shared messages: missing reads as required, a wrong type
// as what is expected, a bound as 'Min value is …' / 'Max value is …'.

/** A required number (the UI sends numbers, never numeric strings). */
export const numberField = () => z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notANumber) });
export const bounded = (min: number, max: number) => numberField().min(min, minMessage(min)).max(max, maxMessage(max));
export const wholeNumber = (min: number, max: number) => bounded(min, max).int(notAWholeNumber);
/** One of `values`; missing reads as required, anything else as `message`. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string = notAChoice) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? required : message) });
