// The marketplace's calendar is Sydney's. Each formatter is made once: making one costs far more than using it (a
// formatter made per call was 2% of the server's CPU while providers bid).
const timeZone = 'Australia/Sydney';
const days = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const years = new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric' });
const dates = new Intl.DateTimeFormat('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });

/** The day of an instant in Sydney, YYYY-MM-DD. */
export const sydneyDay = (instant: string | Date): string => days.format(new Date(instant));

/** The calendar year in Sydney at an instant. */
export const sydneyYear = (instant: string | Date): number => Number(years.format(new Date(instant)));

/** The date of an instant as a customer's calendar shows it: DD/MM/YYYY, Sydney time. */
export const sydneyDate = (instant: string | Date): string => dates.format(new Date(instant));

/** A calendar day as the spec writes it in messages: '2017-01-01' → '01/01/2017'. */
export const dayAsWritten = (day: string): string => day.split('-').reverse().join('/');
