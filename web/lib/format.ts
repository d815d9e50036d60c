import dayjs from 'dayjs';
import 'dayjs/locale/en-au';

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

const rate = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `rate` is a percentage (5.2 means 5.20%). */
export function formatRate(percentage: number): string {
  return `${rate.format(percentage)}%`;
}
