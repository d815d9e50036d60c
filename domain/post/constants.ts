// The post's enumerations and limits (spec 2 §3, §5, §9; spec 1 §3), shared by the schemas, the calculations and
// the screens. `schemas.ts` re-exports all of it.

import { ageLimits, interestRateLimits, loanAmountLimits } from '../shared/limits';

// ── Enumerations (spec 2 §3, spec 1 §3) ─────────────────────────────────────────────────────────────────────────

/** How soon the customer needs the loan (the values are ours: spec 2 names the field only). */
export const urgencies = ['asap', 'within_1_month', 'within_3_months', 'just_looking'] as const;
export type Urgency = (typeof urgencies)[number];
export const urgencyLabels: Record<Urgency, string> = {
  asap: 'As soon as possible',
  within_1_month: 'Within a month',
  within_3_months: 'Within three months',
  just_looking: 'Just looking',
};

/** Where a post came from: the auction's wizard or stepper, or the comparison tool (spec 2 §3 origin 'matching'). */
export const postOrigins = ['auction', 'matching'] as const;
export type PostOrigin = (typeof postOrigins)[number];

/** How the customer wants the bids ordered (spec 2 §4 set_sort). */
export const postSortKeys = ['interest_rate', 'comparison_rate'] as const;
export type PostSortKey = (typeof postSortKeys)[number];

export const loanTypes = ['refinance', 'new_loan'] as const;
export type LoanType = (typeof loanTypes)[number];
export const loanPurposes = ['owner', 'investment'] as const;
export type LoanPurpose = (typeof loanPurposes)[number];
/** The rate type of the loan being refinanced (and of another home loan). */
export const currentRateTypes = ['fixed', 'variable', 'split'] as const;
export type CurrentRateType = (typeof currentRateTypes)[number];

export const lenderTypePreferences = ['big_four_banks', 'online_banks', 'other_banks', 'credit_unions_and_other_institutions'] as const;
/** The preference features; `yes` means the customer requires it. */
export const featurePreferences = [
  'redraw_facility',
  'extra_repayments',
  'line_of_credit',
  'offset_account',
  'online_service',
  'home_or_office_visit',
  'weekend_or_after_hours',
  'lender_near_me',
] as const;
export const preferenceValues = ['yes', 'optional', 'no'] as const;
export type PreferenceValue = (typeof preferenceValues)[number];
export const preferredRateTypes = ['any', 'fixed', 'variable', 'split'] as const;
export type PreferredRateType = (typeof preferredRateTypes)[number];
export const repaymentTypes = ['any', 'principal_and_interest', 'interest_only'] as const;
export type RepaymentType = (typeof repaymentTypes)[number];

export const creditHistories = ['excellent', 'average', 'fair', 'poor'] as const;
export type CreditHistory = (typeof creditHistories)[number];

export const incomePeriods = ['weekly_income_period', 'fortnightly_income_period', 'monthly_income_period', 'yearly_income_period'] as const;
export type IncomePeriod = (typeof incomePeriods)[number];
/** Periods in a year (spec 2 §5 "period multiplier"). */
export const incomePeriodsPerYear: Record<IncomePeriod, number> = {
  weekly_income_period: 52,
  fortnightly_income_period: 26,
  monthly_income_period: 12,
  yearly_income_period: 1,
};

export const expensePeriods = ['weekly_expenses_period', 'fortnightly_expenses_period', 'monthly_expenses_period'] as const;
export type ExpensePeriod = (typeof expensePeriods)[number];
/** Weeks' worth in a period: general expenses are normalised to a month as weekly ×4, fortnightly ×2 (spec 2 §5). */
export const expensePeriodsPerMonth: Record<ExpensePeriod, number> = {
  weekly_expenses_period: 4,
  fortnightly_expenses_period: 2,
  monthly_expenses_period: 1,
};
/** The word in 'Max value is {amount} {period}'. */
export const expensePeriodWords: Record<ExpensePeriod, string> = {
  weekly_expenses_period: 'weekly',
  fortnightly_expenses_period: 'fortnightly',
  monthly_expenses_period: 'monthly',
};

/** Income types and their categories (spec 2 §3); a type without categories has category null. */
export const incomeCategories = {
  employment_income: ['payg', 'casual', 'contract'],
  self_employed: [],
  dividends: [],
  interest: [],
  rental_income: [],
  superannuation: ['allocated_pension', 'superannuation_drawdown'],
  centrelink: ['disability_pension', 'aged_pension'],
  other: ['foreign_pension', 'other'],
} as const satisfies Record<string, readonly string[]>;
export type IncomeType = keyof typeof incomeCategories;
export const incomeTypes = Object.keys(incomeCategories) as [IncomeType, ...IncomeType[]];
export const incomeCategoryValues = [...new Set(Object.values(incomeCategories).flat())] as [string, ...string[]];
export type IncomeCategory = (typeof incomeCategories)[IncomeType][number];
export const incomeTaxes = ['before_tax', 'after_tax'] as const;
export const incomeFrequencies = ['regular', 'occasional'] as const;

export const expenseTypes = ['general', 'others', 'credit_card_limits', 'other_home_loan', 'personal_or_car_loan', 'rent'] as const;
export type ExpenseType = (typeof expenseTypes)[number];

// ── Limits (spec 2 §5, §9) ──────────────────────────────────────────────────────────────────────────────────────

export const postLimits = {
  loanAmount: loanAmountLimits,
  propertyMarketValue: { max: 50_000_000 },
  /** Loan-to-value ratio in percent: refused above `max`, a warning above `warning`. */
  lvr: { max: 90, warning: 80 },
  applicants: { min: 1, max: 4 },
  dependants: { min: 0, max: 3 },
  interestRate: interestRateLimits,
  cashSavings: { min: 0, max: 500_000_000 },
  age: ageLimits,
  nameMinLength: 2,
  nameMaxLength: 50,
  /** An income's or an expense's description. */
  descriptionMaxLength: 200,
  /** Years of interest only in the preferences; the last means that many or more (spec 3 §5). */
  interestOnlyYears: { min: 1, max: 5 },
  /** Per income, a year's worth below this; all incomes together at least `yearlyTotalMin`. */
  incomeYearlyMax: 5_000_000,
  incomeYearlyTotalMin: 50_000,
  /** General expenses normalised to a month. */
  generalExpenseMonthly: { min: 50, max: 100_000 },
  expenseValueMax: 300_000,
  creditCardLimitMax: 300_000,
  balanceOwingMax: 15_000,
  otherHomeLoanValueMax: 15_000_000,
  /** Repayments (personal or car loans, other home loans) per period. */
  repaymentMax: { weekly_expenses_period: 12_500, fortnightly_expenses_period: 25_000, monthly_expenses_period: 50_000 },
  rentMax: { weekly_expenses_period: 4_000, fortnightly_expenses_period: 8_000, monthly_expenses_period: 16_000 },
} as const satisfies Record<string, unknown>;

/** Every status a post passes through (docs/post-lifecycle.md). */
export const postStatuses = ['pending', 'active', 'review', 'processing', 'opportunity', 'expired', 'closed_won', 'closed_lost', 'cancelled'] as const;
