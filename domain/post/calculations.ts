import {
  type CreditHistory,
  type ExpensePeriod,
  expensePeriodsPerMonth,
  type IncomePeriod,
  incomePeriodsPerYear,
  postLimits,
} from './constants';

// Values derived from a post (spec 1 §3, §9; spec 2 §5), used by the rules, the read models and the screens.
// docs/post-rules.md explains the choices (credit-band mapping, repayment terms).

/** Loan-to-value ratio in percent: loan amount / property market value × 100 (spec 1 §3). */
export function loanToValueRatio(loanAmount: number, propertyMarketValue: number): number {
  return (loanAmount * 100) / propertyMarketValue;
}

/** The LVR as the dashboards show it: floored to a whole percent (spec 1 §3). */
export function flooredLoanToValueRatio(loanAmount: number, propertyMarketValue: number): number {
  return Math.floor(loanToValueRatio(loanAmount, propertyMarketValue));
}

/** spec 2 §5: the LVR may be at most 90 %. Compared as a product, so 90 % exactly passes without rounding error. */
export function isLoanToValueAllowed(loanAmount: number, propertyMarketValue: number): boolean {
  return loanAmount * 100 <= postLimits.lvr.max * propertyMarketValue;
}

/** spec 2 §5: a warning (not an error) when the loan is more than 80 % of the value but within 90 %. */
export function hasLoanToValueWarning(loanAmount: number, propertyMarketValue: number): boolean {
  return loanAmount * 100 > postLimits.lvr.warning * propertyMarketValue && isLoanToValueAllowed(loanAmount, propertyMarketValue);
}

// ── Credit band (spec 1 §3 "Enumerations", §9 colours) ──────────────────────────────────────────────────────────

export const creditBands = [
  { band_key: 'LowCreditBand', label: 'Low', colour: '#ef5460' },
  { band_key: 'FairCreditBand', label: 'Fair', colour: '#ff9c86' },
  { band_key: 'AverageCreditBand', label: 'Average', colour: '#ffb72a' },
  { band_key: 'VeryGoodCreditBand', label: 'Very Good', colour: '#b6da86' },
  { band_key: 'ExcellentCreditBand', label: 'Excellent', colour: '#33de8f' },
] as const;
export type CreditBand = (typeof creditBands)[number];
export type CreditBandKey = CreditBand['band_key'];

const historyRank: Record<CreditHistory, number> = { poor: 0, fair: 1, average: 2, excellent: 3 };

/**
 * The post's credit band from its applicants' credit histories. Lenders assess a joint loan on its weakest
 * borrower, so the worst history decides: poor → Low, fair → Fair, average → Average, all excellent → Excellent.
 * When the worst is average and another applicant is excellent the band is Very Good. Null without applicants.
 */
export function creditBandOf(histories: readonly CreditHistory[]): CreditBand | null {
  if (histories.length === 0) return null;
  const ranks = histories.map((h) => historyRank[h]);
  const worst = Math.min(...ranks);
  const best = Math.max(...ranks);
  const [low, fair, average, veryGood, excellent] = creditBands;
  if (worst === historyRank.poor) return low;
  if (worst === historyRank.fair) return fair;
  if (worst === historyRank.excellent) return excellent;
  return best === historyRank.excellent ? veryGood : average;
}

// ── Repayments (spec 1 §9) ──────────────────────────────────────────────────────────────────────────────────────

/** The bid form's term: 30 years. */
export const repaymentTermYears = 30;
/** The retention estimate's term: 25 years. */
export const retentionTermYears = 25;

/**
 * The monthly repayment of a principal-and-interest loan: the monthly rate is the yearly rate (percent) / 1200,
 * over `years` × 12 months (spec 1 §9). A rate of 0 repays the principal in equal parts.
 */
export function monthlyRepayment(principal: number, yearlyRatePercent: number, years: number = repaymentTermYears): number {
  const months = years * 12;
  const rate = yearlyRatePercent / 1200;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/**
 * The retention estimate (spec 1 §9: a 25-year term): the monthly repayment at the customer's current rate and
 * at the offered rate, and what the customer would save a month (negative when the offer costs more).
 */
export function retentionEstimate(loanAmount: number, currentRatePercent: number, offeredRatePercent: number) {
  const current_repayment = monthlyRepayment(loanAmount, currentRatePercent, retentionTermYears);
  const offered_repayment = monthlyRepayment(loanAmount, offeredRatePercent, retentionTermYears);
  return { current_repayment, offered_repayment, monthly_savings: current_repayment - offered_repayment };
}

// ── Incomes and expenses (spec 2 §5) ────────────────────────────────────────────────────────────────────────────

/** An income's value over a year: weekly ×52, fortnightly ×26, monthly ×12, yearly ×1. */
export function yearlyIncome(income: { value: number; period: IncomePeriod }): number {
  return income.value * incomePeriodsPerYear[income.period];
}

/** Every income of a post over a year (spec 2 §5: at least 50,000 to publish). */
export function totalYearlyIncome(incomes: readonly { value: number; period: IncomePeriod }[]): number {
  return incomes.reduce((sum, income) => sum + yearlyIncome(income), 0);
}

/** A general expense as a monthly amount: weekly ×4, fortnightly ×2 (spec 2 §5). */
export function monthlyExpense(expense: { value: number; period: ExpensePeriod }): number {
  return expense.value * expensePeriodsPerMonth[expense.period];
}
