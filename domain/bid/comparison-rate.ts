import type { BidForm } from './schemas';

// The Australian comparison rate (National Consumer Credit Protection Regulations 2010, reg 100), computed from a
// bid's terms so the marketplace can rank on a number nobody can shade by hiding fees (docs/bid-templates.md
// "The comparison rate"). Pure: the same terms always give the same rate.

/** What lenders must show beside any comparison rate (reg 99's warning, as Australian lenders word it). */
export const comparisonRateWarning =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/** reg 100: the benchmark loan, $150,000 over 25 years. */
export const comparisonBenchmark = { amount: 150_000, years: 25 } as const;

/** reg 100's n: repayment periods in a year. */
export const repaymentsPerYear = { monthly: 12, fortnightly: 26.09, weekly: 52.18 } as const;
export type RepaymentFrequency = keyof typeof repaymentsPerYear;

/** A declared comparison rate further than this from the computed one (percentage points) is flagged. */
export const comparisonRateTolerance = 0.01;

/** The terms the comparison rate depends on: the bid form's fields of rates and fees. */
export type ComparisonTerms = Pick<
  BidForm,
  | 'interest_rate'
  | 'introductory_rate'
  | 'rate_reverts_to'
  | 'rate_reverts_after'
  | 'rate_type'
  | 'fixed_period'
  | 'application_fee_type'
  | 'application_fee_value'
  | 'waived'
  | 'ongoing_fees_waived'
  | 'ongoing_fees_value'
  | 'ongoing_fees_period'
>;

/** A variable rate held for the whole term, with no fees: the terms a bid's fees and revert are added to. */
export const variableRateTerms = (interest_rate: number): ComparisonTerms => ({
  interest_rate,
  introductory_rate: false,
  rate_reverts_to: null,
  rate_reverts_after: null,
  rate_type: 'variable',
  fixed_period: null,
  application_fee_type: '$',
  application_fee_value: 0,
  waived: false,
  ongoing_fees_waived: false,
  ongoing_fees_value: 0,
  ongoing_fees_period: 'per_annum',
});

/**
 * The rate that applies after the first rate ends, and after how many months: an introductory rate reverts after
 * `rate_reverts_after` months; a fixed rate reverts after its fixed period when the bid says to what. Otherwise the
 * rate holds for the whole term.
 */
function revertOf(terms: ComparisonTerms): { rate: number; afterMonths: number } | null {
  if (terms.rate_reverts_to === null) return null;
  if (terms.introductory_rate && terms.rate_reverts_after !== null) return { rate: terms.rate_reverts_to, afterMonths: terms.rate_reverts_after };
  if (terms.rate_type === 'fixed' && terms.fixed_period !== null) return { rate: terms.rate_reverts_to, afterMonths: terms.fixed_period * 12 };
  return null;
}

/** Periods 1…N in which a fee charged every `monthsApart` months falls, for N periods of n a year. */
const feeFallsIn = (period: number, perYear: number, monthsApart: number) =>
  Math.floor((period * 12) / perYear / monthsApart) > Math.floor(((period - 1) * 12) / perYear / monthsApart);

/** The cash flows of the benchmark loan on these terms: what is paid at the start and in each period. */
export function benchmarkCashFlows(terms: ComparisonTerms, frequency: RepaymentFrequency = 'monthly'): { upfront: number; payments: number[] } {
  const perYear = repaymentsPerYear[frequency];
  const periods = Math.round(comparisonBenchmark.years * perYear);
  const revert = revertOf(terms);
  const revertPeriod = revert ? Math.round((revert.afterMonths / 12) * perYear) : periods;
  const upfront = terms.waived ? 0 : terms.application_fee_type === '%' ? (comparisonBenchmark.amount * terms.application_fee_value) / 100 : terms.application_fee_value;
  const ongoingMonths = terms.ongoing_fees_period === 'per_month' ? 1 : 12;
  const ongoing = terms.ongoing_fees_waived ? 0 : terms.ongoing_fees_value;

  const payments: number[] = [];
  let balance: number = comparisonBenchmark.amount;
  let rate = 0;
  let repayment = 0;
  for (let period = 1; period <= periods; period += 1) {
    const annual = period <= revertPeriod || !revert ? terms.interest_rate : revert.rate;
    if (period === 1 || annual !== rate) {
      // The repayment that clears the balance over the remaining term at the rate now applying.
      rate = annual;
      const i = rate / 100 / perYear;
      const remaining = periods - period + 1;
      repayment = i === 0 ? balance / remaining : (balance * i) / (1 - (1 + i) ** -remaining);
    }
    balance = balance * (1 + rate / 100 / perYear) - repayment;
    const fee = ongoing > 0 && feeFallsIn(period, perYear, ongoingMonths) ? ongoing : 0;
    payments.push(repayment + fee);
  }
  return { upfront, payments };
}

/** The present value of the payments at rate r a period. */
const presentValue = (payments: number[], r: number) => {
  let value = 0;
  let discount = 1;
  for (const payment of payments) {
    discount /= 1 + r;
    value += payment * discount;
  }
  return value;
};

/**
 * reg 100: n × r × 100, where r is the rate a period at which the repayments and fees balance the credit provided
 * (the benchmark amount less what is paid at the start). Rounded to two decimals, as it is shown.
 */
export function comparisonRate(terms: ComparisonTerms, frequency: RepaymentFrequency = 'monthly'): number {
  const { upfront, payments } = benchmarkCashFlows(terms, frequency);
  const credit = comparisonBenchmark.amount - upfront;
  // The present value falls as r rises, so halving the interval finds r; 200 halvings are far below a cent.
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200 && high - low > 1e-15; step += 1) {
    const middle = (low + high) / 2;
    if (presentValue(payments, middle) > credit) low = middle;
    else high = middle;
  }
  const percent = repaymentsPerYear[frequency] * ((low + high) / 2) * 100;
  return Math.round(percent * 100) / 100;
}

/** Whether a declared comparison rate is further from the computed one than a rounding apart. */
export const comparisonRateDiffers = (declared: number, computed: number): boolean =>
  Math.round(Math.abs(declared - computed) * 100) > Math.round(comparisonRateTolerance * 100);
