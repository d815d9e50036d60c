import { z } from 'zod';
import { type AustralianAddress, australianAddress, pickAddressMessage } from '../address/schemas';
import { campaignSlug } from '../campaign/schemas';
import { ageMessages, longTextMaxLength, organisationNameMaxLength } from '../shared/limits';
import { bounded, choice, numberField, wholeNumber } from '../shared/fields';
import { formatAmount, maxLengthMessage, maxMessage, messageRequired, minLengthMessage, minMessage, reasonRequired, required } from '../shared/messages';
import { monthlyExpense, isLoanToValueAllowed, yearlyIncome } from './calculations';
import {
  creditHistories,
  currentRateTypes,
  type ExpensePeriod,
  expensePeriods,
  expensePeriodsPerMonth,
  expensePeriodWords,
  incomeCategories,
  incomeCategoryValues,
  incomeFrequencies,
  incomePeriods,
  incomeTaxes,
  incomeTypes,
  lenderTypePreferences,
  loanPurposes,
  loanTypes,
  postLimits,
  postSortKeys,
  preferenceValues,
  preferredRateTypes,
  repaymentTypes,
  urgencies,
} from './constants';

export * from './constants';

// The parts of a post and every rule of spec 2 §5 "Post creation", with the spec's messages where it has one and
// the short ones listed in docs/post-rules.md otherwise. The API answers them as 422 field errors; the wizard and
// the post edit screen validate with the same schemas. Rules across fields of one part are in the `…Errors`
// functions (used by the schemas and by the decider); rules across parts are in ./completeness.ts.

export { formatAmount, maxMessage, minMessage, required };

/** Field path ('home_loan.loan_amount', 'applicants.<uuid>.first_name') → messages; answered as a 422 `errors` map. */
export type FieldErrors = Record<string, string[]>;

const yesNo = z.boolean({ error: required });
const text = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, maxLengthMessage(max));

export const periodMaxMessage = (max: number, period: ExpensePeriod) => `Max value is ${formatAmount(max)} ${expensePeriodWords[period]}`;
export const periodMinMessage = (min: number, period: ExpensePeriod) => `Min value is ${formatAmount(min)} ${expensePeriodWords[period]}`;

export const postMessages = {
  required,
  postcodeMissing: pickAddressMessage,
  loanAboveValue: 'The loan amount cannot be more than the property value',
  lvrTooHigh: `The loan can be at most ${postLimits.lvr.max}% of the property value`,
  lvrWarning: `The loan is more than ${postLimits.lvr.warning}% of the property value: lenders may ask for mortgage insurance.`,
  organisationRequired: 'Choose your current lender',
  fixedRateNotConfirmed: 'Please confirm the fixed rate agreement',
  propertyAddressRequired: 'Pick the property address, or tick that the suburb is not known yet',
  lenderTypeRequired: 'Choose yes or optional for at least one lender type',
  lineOfCreditWithRateType: 'A line of credit cannot be required with a fixed or any rate type',
  lineOfCreditWithOffset: 'A line of credit and an offset account cannot both be required',
  interestOnlyPeriodRequired: 'Choose the interest only period',
  nameTooShort: minLengthMessage(postLimits.nameMinLength),
  birthYearFormat: 'Should be a four-digit year',
  ageMin: ageMessages.min,
  ageMax: ageMessages.max,
  rentPeriodRequired: 'Choose the period of the rent',
  positive: 'Should be more than 0',
  incomeYearlyMax: `Should be less than ${formatAmount(postLimits.incomeYearlyMax)} a year`,
  incomeCategory: 'Choose a category of this income type',
  applicantRequired: 'Select at least one applicant',
  applicantUnknown: 'Select applicants of this post',
  reasonRequired,
  messageRequired,
  homeLoanRequired: 'Describe the home loan first',
  preferencesRequired: 'Set the home loan preferences',
  applicantsRequired: 'Add at least one applicant',
  applicantsCount: (expected: number) =>
    `The number of applicants is ${expected}: add or remove applicants to match`,
  generalExpenseCoverage: 'Every applicant must be covered by a general expense',
  /** spec 1 §8: a post's details saved. */
  updated: 'Post was successfully updated!',
  yearlyIncomeTotal: `The total yearly income must be at least ${formatAmount(postLimits.incomeYearlyTotalMin)}`,
} as const;

// ── Address (spec 2 §3 "Address", §5) ───────────────────────────────────────────────────────────────────────────

/** An address picked from the Australian postcode search (domain/address): state, suburb and postcode required. */
export const postAddress = australianAddress;
export type PostAddress = AustralianAddress;

// ── Post (spec 2 §3 "Post") ─────────────────────────────────────────────────────────────────────────────────────

/** Creating a post (POST /v2/products/{id}/posts); urgency may come later in the application stepper. */
export const newPostSchema = z.strictObject({
  urgency: choice(urgencies).nullish(),
  campaign_slug: campaignSlug.nullish(),
});
export type NewPost = z.infer<typeof newPostSchema>;

/** The post's own fields a customer changes (PATCH /v2/posts/{id} `operation: update`). */
export const postChangesSchema = z.strictObject({ urgency: choice(urgencies) });
export type PostChanges = z.infer<typeof postChangesSchema>;

/** A required free text of at most `longTextMaxLength` characters, trimmed. */
const longText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(longTextMaxLength, maxLengthMessage(longTextMaxLength));
export const cancellationReason = longText(postMessages.reasonRequired);
export const updateRequestMessage = longText(postMessages.messageRequired);
export const postSortKey = choice(postSortKeys);

// ── Primary home loan (spec 2 §3, §5) ───────────────────────────────────────────────────────────────────────────

/**
 * Every field of the primary home loan, each nullable: a loan is saved step by step while the post is pending
 * (a draft), and must be complete (`homeLoanErrors(…, 'complete')`) to publish.
 */
const homeLoanFields = z.strictObject({
  loan_type: choice(loanTypes).nullish(),
  loan_purpose: choice(loanPurposes).nullish(),
  loan_amount: bounded(postLimits.loanAmount.min, postLimits.loanAmount.max).nullish(),
  number_of_applicants: wholeNumber(postLimits.applicants.min, postLimits.applicants.max).nullish(),
  number_of_dependants: wholeNumber(postLimits.dependants.min, postLimits.dependants.max).nullish(),
  property_market_value: numberField().positive(postMessages.positive).max(postLimits.propertyMarketValue.max, maxMessage(postLimits.propertyMarketValue.max)).nullish(),
  user_address: postAddress.nullish(),
  property_address: postAddress.nullish(),
  suburb_not_known_yet: yesNo.nullish(),
  // Refinance: the current loan.
  organisation: text(organisationNameMaxLength).nullish(),
  organisation_uuid: z.uuid({ error: 'Should be an organisation id' }).nullish(),
  interest_rate: bounded(postLimits.interestRate.min, postLimits.interestRate.max).nullish(),
  rate_type: choice(currentRateTypes).nullish(),
  retention: yesNo.nullish(),
  fixed_rate_checkbox: yesNo.nullish(),
  // New loan.
  purchase_property_found: yesNo.nullish(),
  off_the_plan_property: yesNo.nullish(),
  // Savings (the wizard's step 5).
  cash_savings: bounded(postLimits.cashSavings.min, postLimits.cashSavings.max).nullish(),
  equity_from_another_property: yesNo.nullish(),
});

type HomeLoanInput = z.infer<typeof homeLoanFields>;
/** A primary home loan as stored: every field present, null while not given. */
export type HomeLoan = { [K in keyof HomeLoanInput]-?: NonNullable<HomeLoanInput[K]> | null };
export const homeLoanKeys = Object.keys(homeLoanFields.shape) as (keyof HomeLoan)[];
export const emptyHomeLoan: HomeLoan = Object.fromEntries(homeLoanKeys.map((k) => [k, null])) as HomeLoan;
/** Fills the fields not given with null. */
export const toHomeLoan = (input: HomeLoanInput): HomeLoan => ({ ...emptyHomeLoan, ...stripUndefined(input) });

export type CompletenessMode = 'draft' | 'complete';

/**
 * Rules across the loan's fields. 'draft' checks only what is given; 'complete' also requires what the loan
 * type and purpose need (spec 2 §5).
 */
export function homeLoanErrors(loan: HomeLoan, mode: CompletenessMode): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (mode === 'complete') {
    const always = ['loan_type', 'loan_purpose', 'loan_amount', 'number_of_applicants', 'number_of_dependants', 'property_market_value', 'cash_savings', 'equity_from_another_property'] as const;
    for (const field of always) if (loan[field] === null) add(field, required);
    if (loan.user_address === null) add('user_address', postMessages.postcodeMissing);
    if (loan.loan_purpose === 'investment' && loan.property_address === null && loan.suburb_not_known_yet !== true) {
      add('property_address', postMessages.propertyAddressRequired);
    }
    if (loan.loan_type === 'refinance') {
      if (loan.organisation === null && loan.organisation_uuid === null) add('organisation', postMessages.organisationRequired);
      for (const field of ['interest_rate', 'rate_type', 'retention'] as const) if (loan[field] === null) add(field, required);
      if (loan.fixed_rate_checkbox !== true) add('fixed_rate_checkbox', postMessages.fixedRateNotConfirmed);
    }
    if (loan.loan_type === 'new_loan') {
      for (const field of ['purchase_property_found', 'off_the_plan_property'] as const) if (loan[field] === null) add(field, required);
    }
  }
  if (loan.loan_amount !== null && loan.property_market_value !== null) {
    if (loan.loan_amount > loan.property_market_value) add('loan_amount', postMessages.loanAboveValue);
    if (!isLoanToValueAllowed(loan.loan_amount, loan.property_market_value)) add('property_market_value', postMessages.lvrTooHigh);
  }
  return errors;
}

/** A primary home loan as the wizard saves it while the post is pending: only given fields are checked. */
export const homeLoanDraftSchema = homeLoanFields.superRefine((loan, ctx) => addErrors(ctx, homeLoanErrors(toHomeLoan(loan), 'draft')));
/** A complete primary home loan (what publishing needs). */
export const homeLoanSchema = homeLoanFields.superRefine((loan, ctx) => addErrors(ctx, homeLoanErrors(toHomeLoan(loan), 'complete')));
/** The fields of a loan change (PATCH /v2/home_loans/{id}); the merged loan is checked by the decider. */
export const homeLoanChangesSchema = homeLoanFields;
export type HomeLoanDraft = z.infer<typeof homeLoanDraftSchema>;
export type HomeLoanChanges = Partial<HomeLoan>;

// ── Home loan preferences (spec 2 §3, §5) ───────────────────────────────────────────────────────────────────────

const preference = choice(preferenceValues);
const preferencesFields = z.strictObject({
  big_four_banks: preference,
  online_banks: preference,
  other_banks: preference,
  credit_unions_and_other_institutions: preference,
  rate_type: choice(preferredRateTypes),
  repayment_type: choice(repaymentTypes),
  /** Years of interest only, 1 to 5 (5 means 5 or more, spec 3 §5); null unless repayment_type is interest_only. */
  interest_only_period: wholeNumber(postLimits.interestOnlyYears.min, postLimits.interestOnlyYears.max).nullable(),
  redraw_facility: preference,
  extra_repayments: preference,
  line_of_credit: preference,
  offset_account: preference,
  online_service: preference,
  home_or_office_visit: preference,
  weekend_or_after_hours: preference,
  lender_near_me: preference,
  flexible: yesNo,
});
export type HomeLoanPreferences = z.infer<typeof preferencesFields>;

export function preferencesErrors(p: HomeLoanPreferences): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (!lenderTypePreferences.some((key) => p[key] !== 'no')) add('lender_types', postMessages.lenderTypeRequired);
  if (p.line_of_credit === 'yes' && (p.rate_type === 'fixed' || p.rate_type === 'any')) {
    add('line_of_credit', postMessages.lineOfCreditWithRateType);
    add('rate_type', postMessages.lineOfCreditWithRateType);
  }
  if (p.line_of_credit === 'yes' && p.offset_account === 'yes') {
    add('line_of_credit', postMessages.lineOfCreditWithOffset);
    add('offset_account', postMessages.lineOfCreditWithOffset);
  }
  if (p.repayment_type === 'interest_only' && p.interest_only_period === null) add('interest_only_period', postMessages.interestOnlyPeriodRequired);
  return errors;
}

export const preferencesSchema = preferencesFields.superRefine((p, ctx) => addErrors(ctx, preferencesErrors(p)));
export const preferencesChangesSchema = preferencesFields.partial();
export type HomeLoanPreferencesChanges = z.infer<typeof preferencesChangesSchema>;

/** spec 2 §3: at creation everything is optional, except rate_type and repayment_type, which are any. */
export const defaultPreferences: HomeLoanPreferences = {
  big_four_banks: 'optional',
  online_banks: 'optional',
  other_banks: 'optional',
  credit_unions_and_other_institutions: 'optional',
  rate_type: 'any',
  repayment_type: 'any',
  interest_only_period: null,
  redraw_facility: 'optional',
  extra_repayments: 'optional',
  line_of_credit: 'optional',
  offset_account: 'optional',
  online_service: 'optional',
  home_or_office_visit: 'optional',
  weekend_or_after_hours: 'optional',
  lender_near_me: 'optional',
  flexible: true,
};

// ── Applicant (spec 2 §3, §5) ───────────────────────────────────────────────────────────────────────────────────

const applicantName = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .min(postLimits.nameMinLength, postMessages.nameTooShort)
  .max(postLimits.nameMaxLength, maxLengthMessage(postLimits.nameMaxLength));

/** A birth year: four digits, age 18 to 80 in `currentYear` (spec 2 §5). */
export const applicantBirthYear = (currentYear: number) =>
  numberField()
    .int(postMessages.birthYearFormat)
    .min(1000, postMessages.birthYearFormat)
    .max(9999, postMessages.birthYearFormat)
    .refine((year) => year <= currentYear - postLimits.age.min, postMessages.ageMin)
    .refine((year) => year >= currentYear - postLimits.age.max, postMessages.ageMax);

const applicantFields = (currentYear: number) =>
  z.strictObject({
    first_name: applicantName,
    last_name: applicantName,
    /** A year (spec 2 §3). */
    date_of_birth: applicantBirthYear(currentYear),
    credit_history: choice(creditHistories),
    /** The applicant's rent, if any; a value needs a period. */
    rent_expenses_value: numberField().min(0, minMessage(0)).nullable(),
    rent_expenses_period: choice(expensePeriods).nullable(),
  });
export type Applicant = z.infer<ReturnType<typeof applicantFields>>;

export function applicantErrors(a: Applicant): FieldErrors {
  const errors: FieldErrors = {};
  if (a.rent_expenses_value !== null && a.rent_expenses_value > 0) {
    if (a.rent_expenses_period === null) errors.rent_expenses_period = [postMessages.rentPeriodRequired];
    else {
      const max = postLimits.rentMax[a.rent_expenses_period];
      if (a.rent_expenses_value > max) errors.rent_expenses_value = [periodMaxMessage(max, a.rent_expenses_period)];
    }
  }
  return errors;
}

/** A new applicant; the rent may be left out (null). */
export const applicantSchema = (currentYear: number) =>
  applicantFields(currentYear)
    .extend({
      rent_expenses_value: applicantFields(currentYear).shape.rent_expenses_value.default(null),
      rent_expenses_period: applicantFields(currentYear).shape.rent_expenses_period.default(null),
    })
    .superRefine((a, ctx) => addErrors(ctx, applicantErrors(a)));
/** The fields of an applicant change; the merged applicant is checked by the decider. */
export const applicantChangesSchema = (currentYear: number) => applicantFields(currentYear).partial();
export type ApplicantChanges = Partial<Applicant>;

// ── Income (spec 2 §3, §5) ──────────────────────────────────────────────────────────────────────────────────────

const incomeFields = z.strictObject({
  income_type: choice(incomeTypes),
  /** One of the type's categories; null for a type without categories. */
  category: z.enum(incomeCategoryValues, { error: postMessages.incomeCategory }).nullable(),
  description: text(postLimits.descriptionMaxLength),
  tax: choice(incomeTaxes),
  frequency: choice(incomeFrequencies),
  period: choice(incomePeriods),
  value: numberField().positive(postMessages.positive),
});
export const incomeSchema = incomeFields.superRefine((income, ctx) => addErrors(ctx, incomeErrors(income)));
/** The fields of an income change (PATCH); the merged income is checked by the decider. */
export const incomeChangesSchema = incomeFields.partial();
export type Income = z.infer<typeof incomeSchema>;

export function incomeErrors(income: Income): FieldErrors {
  const errors: FieldErrors = {};
  const categories: readonly string[] = incomeCategories[income.income_type];
  if (categories.length === 0 ? income.category !== null : income.category === null || !categories.includes(income.category)) {
    errors.category = [postMessages.incomeCategory];
  }
  // spec 2 §5: below 5,000,000 divided by the period multiplier, i.e. less than 5,000,000 a year.
  if (yearlyIncome(income) >= postLimits.incomeYearlyMax) errors.value = [postMessages.incomeYearlyMax];
  return errors;
}

// ── Expense (spec 2 §3, §5), one shape per expense_type ─────────────────────────────────────────────────────────

const applicantIds = z.array(z.uuid({ error: postMessages.applicantUnknown }), { error: postMessages.applicantRequired }).min(1, postMessages.applicantRequired).max(postLimits.applicants.max);
const expensePeriod = choice(expensePeriods);
const positiveAmount = (max: number) => numberField().positive(postMessages.positive).max(max, maxMessage(max));

const generalExpense = z.strictObject({
  expense_type: z.literal('general'),
  applicants: applicantIds,
  /** Normalised to a month, within `postLimits.generalExpenseMonthly`. */
  value: numberField(),
  period: expensePeriod,
});
const othersExpense = z.strictObject({
  expense_type: z.literal('others'),
  applicants: applicantIds,
  description: text(postLimits.descriptionMaxLength).nullable().default(null),
  value: positiveAmount(postLimits.expenseValueMax),
  period: expensePeriod,
});
/** Credit cards: the total limit and what is owed now; no period. */
const creditCardExpense = z.strictObject({
  expense_type: z.literal('credit_card_limits'),
  applicants: applicantIds,
  value: positiveAmount(postLimits.creditCardLimitMax),
  balance_owing: numberField().min(0, minMessage(0)).max(postLimits.balanceOwingMax, maxMessage(postLimits.balanceOwingMax)),
});
const personalLoanExpense = z.strictObject({
  expense_type: z.literal('personal_or_car_loan'),
  applicants: applicantIds,
  /** What is owed. */
  value: positiveAmount(postLimits.expenseValueMax),
  repayment: numberField().positive(postMessages.positive),
  period: expensePeriod,
});
const rentExpense = z.strictObject({
  expense_type: z.literal('rent'),
  applicants: applicantIds,
  value: numberField().positive(postMessages.positive),
  period: expensePeriod,
});
const otherHomeLoanExpense = z.strictObject({
  expense_type: z.literal('other_home_loan'),
  applicants: applicantIds,
  organisation: text(organisationNameMaxLength).nullable().default(null),
  organisation_uuid: z.uuid({ error: 'Should be an organisation id' }).nullable().default(null),
  /** Whether this loan is to be refinanced too: then the property and the rate are needed. */
  refinance: yesNo,
  property_market_value: positiveAmount(postLimits.propertyMarketValue.max).nullable().default(null),
  interest_rate: bounded(postLimits.interestRate.min, postLimits.interestRate.max).nullable().default(null),
  rate_type: choice(currentRateTypes).nullable().default(null),
  loan_purpose: choice(loanPurposes).nullable().default(null),
  /** What is owed. */
  value: positiveAmount(postLimits.otherHomeLoanValueMax),
  repayment: numberField().positive(postMessages.positive),
  period: expensePeriod,
});

export function expenseErrors(expense: Expense): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  switch (expense.expense_type) {
    case 'general': {
      const monthly = monthlyExpense(expense);
      const { min, max } = postLimits.generalExpenseMonthly;
      const perPeriod = (monthlyBound: number) => monthlyBound / expensePeriodsPerMonth[expense.period];
      if (monthly < min) add('value', periodMinMessage(perPeriod(min), expense.period));
      if (monthly > max) add('value', periodMaxMessage(perPeriod(max), expense.period));
      break;
    }
    case 'personal_or_car_loan':
    case 'other_home_loan': {
      const max = postLimits.repaymentMax[expense.period];
      if (expense.repayment > max) add('repayment', periodMaxMessage(max, expense.period));
      if (expense.expense_type === 'other_home_loan') {
        if (expense.organisation === null && expense.organisation_uuid === null) add('organisation', postMessages.organisationRequired);
        if (expense.refinance) {
          for (const field of ['property_market_value', 'interest_rate', 'rate_type', 'loan_purpose'] as const) if (expense[field] === null) add(field, required);
        }
      }
      break;
    }
    case 'rent': {
      const max = postLimits.rentMax[expense.period];
      if (expense.value > max) add('value', periodMaxMessage(max, expense.period));
      break;
    }
    case 'others':
    case 'credit_card_limits':
      break;
  }
  if (new Set(expense.applicants).size !== expense.applicants.length) add('applicants', 'An applicant is selected twice');
  return errors;
}

export const expenseSchema = z
  .discriminatedUnion('expense_type', [generalExpense, othersExpense, creditCardExpense, personalLoanExpense, rentExpense, otherHomeLoanExpense], {
    error: 'Choose an expense type',
  })
  .superRefine((expense, ctx) => addErrors(ctx, expenseErrors(expense)));
export type Expense =
  | z.infer<typeof generalExpense>
  | z.infer<typeof othersExpense>
  | z.infer<typeof creditCardExpense>
  | z.infer<typeof personalLoanExpense>
  | z.infer<typeof rentExpense>
  | z.infer<typeof otherHomeLoanExpense>;

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────────────

function addErrors(ctx: z.RefinementCtx, errors: FieldErrors): void {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', message, path: field.split('.') });
  }
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

/** A zod result's issues as field errors (dot paths, as the API answers them). */
export function fieldErrorsOf(result: z.ZodSafeParseResult<unknown>, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}

/** The field errors of `value` under `schema`, with every path under `prefix`. */
export function errorsOf(schema: z.ZodType, value: unknown, prefix = ''): FieldErrors {
  return fieldErrorsOf(schema.safeParse(value), prefix);
}

export function mergeErrors(...all: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const errors of all) for (const [field, messages] of Object.entries(errors)) (merged[field] ??= []).push(...messages);
  return merged;
}
