import { z } from 'zod';
import {
  type Applicant,
  type CreditHistory,
  type CurrentRateType,
  type Expense,
  type ExpensePeriod,
  type ExpenseType,
  errorsOf,
  type FieldErrors,
  type HomeLoan,
  type HomeLoanChanges,
  type HomeLoanPreferences,
  applicantSchema,
  defaultPreferences,
  expenseSchema,
  homeLoanChangesSchema,
  homeLoanSchema,
  type Income,
  type IncomePeriod,
  type IncomeType,
  incomeCategories,
  incomeSchema,
  type LoanPurpose,
  type LoanType,
  mergeErrors,
  postChangesSchema,
  required,
  type PostAddress,
  preferencesSchema,
  type Urgency,
} from '../../../../domain/post/schemas';
import { checkPostComplete, type PostContent } from '../../../../domain/post/completeness';
import type { ExpenseView, IncomeView, PostView } from '../../../../contracts/post';
import type { StepNumber } from './wizard-steps';

// Each step's form values, made from the post the server answers (GET /v4/posts/{id}), checked with the domain's
// own schemas (so the wizard refuses exactly what the API refuses), and turned into the API's bodies. Number inputs
// hold '' while empty; a step's errors use the form's paths ('applicants.0.first_name').

/** A number input's value: '' while empty. */
export type NumberValue = number | '';
const numberOrNull = (value: NumberValue | string): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const numberValue = (value: number | null | undefined): NumberValue => (typeof value === 'number' ? value : '');
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A required field of the loan, as its step asks for it (the loan's own schema lets every field be left out). */
const requiredLoanField = <K extends keyof typeof homeLoanChangesSchema.shape>(key: K) => homeLoanChangesSchema.shape[key].unwrap().unwrap();

/** Field errors of `value` under `schema` whose path starts with one of `fields`. */
function errorsOn(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => fields.some((field) => path === field || path.startsWith(`${field}.`))));
}

/**
 * A fresh key for a new row of a list (an applicant, an income, an expense) before the server names it: a uuid, so
 * the post edit screen can send it as the new part's id (parts of one save refer to each other by it).
 */
export const newRowKey = () => crypto.randomUUID();

/** The loan's fields as the domain's schemas read them (the view's id and preferences left out). */
export function homeLoanOf(post: PostView | null): HomeLoan | null {
  const loan = post?.primary_home_loan;
  if (!loan) return null;
  const { uuid: _uuid, home_loan_preferences: _preferences, ...fields } = loan;
  return fields;
}

// ── Step 1: Intro ───────────────────────────────────────────────────────────────────────────────────────────────

export type IntroValues = { urgency: Urgency | null; loan_type: LoanType | null; loan_purpose: LoanPurpose | null };

export function introValuesOf(post: PostView | null): IntroValues {
  return { urgency: post?.urgency ?? null, loan_type: post?.primary_home_loan?.loan_type ?? null, loan_purpose: post?.primary_home_loan?.loan_purpose ?? null };
}

const introSchema = z.object({
  urgency: postChangesSchema.shape.urgency,
  loan_type: requiredLoanField('loan_type'),
  loan_purpose: requiredLoanField('loan_purpose'),
});

export const introErrors = (values: IntroValues): FieldErrors => errorsOf(introSchema, values);

// ── Step 2: Priorities (the lender preferences) ─────────────────────────────────────────────────────────────────

export type PrioritiesValues = HomeLoanPreferences;

export function prioritiesValuesOf(post: PostView | null): PrioritiesValues {
  const saved = post?.primary_home_loan?.home_loan_preferences;
  if (!saved) return defaultPreferences;
  const { uuid: _uuid, ...fields } = saved;
  const known = Object.entries(fields).filter(([, value]) => value !== null);
  return { ...defaultPreferences, ...Object.fromEntries(known) };
}

/** The interest only period matters only with interest only repayments; it is sent as null otherwise. */
export const toPreferences = (values: PrioritiesValues): HomeLoanPreferences => ({
  ...values,
  interest_only_period: values.repayment_type === 'interest_only' ? values.interest_only_period : null,
});

export const prioritiesErrors = (values: PrioritiesValues): FieldErrors => errorsOf(preferencesSchema, toPreferences(values));

// ── Step 3: Loan Details (the primary home loan) ────────────────────────────────────────────────────────────────

export type LoanDetailsValues = {
  loan_amount: NumberValue;
  property_market_value: NumberValue;
  user_address: PostAddress | null;
  property_address: PostAddress | null;
  suburb_not_known_yet: boolean;
  // Refinance: the loan being refinanced.
  organisation: string;
  organisation_uuid: string | null;
  interest_rate: NumberValue;
  rate_type: CurrentRateType | null;
  retention: boolean | null;
  fixed_rate_checkbox: boolean;
  // New loan.
  purchase_property_found: boolean | null;
  off_the_plan_property: boolean | null;
};

const loanDetailsFields = [
  'loan_amount',
  'property_market_value',
  'user_address',
  'property_address',
  'suburb_not_known_yet',
  'organisation',
  'organisation_uuid',
  'interest_rate',
  'rate_type',
  'retention',
  'fixed_rate_checkbox',
  'purchase_property_found',
  'off_the_plan_property',
] as const satisfies readonly (keyof HomeLoan)[];

export function loanDetailsValuesOf(post: PostView | null): LoanDetailsValues {
  const loan = post?.primary_home_loan;
  return {
    loan_amount: numberValue(loan?.loan_amount),
    property_market_value: numberValue(loan?.property_market_value),
    user_address: loan?.user_address ?? null,
    property_address: loan?.property_address ?? null,
    suburb_not_known_yet: loan?.suburb_not_known_yet ?? false,
    organisation: loan?.organisation ?? '',
    organisation_uuid: loan?.organisation_uuid ?? null,
    interest_rate: numberValue(loan?.interest_rate),
    rate_type: loan?.rate_type ?? null,
    retention: loan?.retention ?? null,
    fixed_rate_checkbox: loan?.fixed_rate_checkbox ?? false,
    purchase_property_found: loan?.purchase_property_found ?? null,
    off_the_plan_property: loan?.off_the_plan_property ?? null,
  };
}

/**
 * The loan change of step 3 (PATCH /v2/home_loans/{id}). Fields the chosen loan type or purpose does not ask are
 * sent as null, so a customer who switched from refinance to a new loan leaves no stale refinance values behind.
 */
export function toLoanDetailsChanges(values: LoanDetailsValues, loanType: LoanType | null, loanPurpose: LoanPurpose | null): HomeLoanChanges {
  const refinance = loanType === 'refinance';
  const newLoan = loanType === 'new_loan';
  const investment = loanPurpose === 'investment';
  return {
    loan_amount: numberOrNull(values.loan_amount),
    property_market_value: numberOrNull(values.property_market_value),
    user_address: values.user_address,
    property_address: investment && !values.suburb_not_known_yet ? values.property_address : null,
    suburb_not_known_yet: investment ? values.suburb_not_known_yet : null,
    organisation: refinance ? textOrNull(values.organisation) : null,
    organisation_uuid: refinance ? values.organisation_uuid : null,
    interest_rate: refinance ? numberOrNull(values.interest_rate) : null,
    rate_type: refinance ? values.rate_type : null,
    retention: refinance ? values.retention : null,
    fixed_rate_checkbox: refinance ? values.fixed_rate_checkbox : null,
    purchase_property_found: newLoan ? values.purchase_property_found : null,
    off_the_plan_property: newLoan ? values.off_the_plan_property : null,
  };
}

/** The complete loan's rules (spec 2 §5) on this step's fields; the fields of later steps are not asked yet. */
export function loanDetailsErrors(values: LoanDetailsValues, post: PostView | null): FieldErrors {
  const loan = homeLoanOf(post);
  const merged = { ...loan, ...toLoanDetailsChanges(values, loan?.loan_type ?? null, loan?.loan_purpose ?? null) };
  return errorsOn(errorsOf(homeLoanSchema, merged), loanDetailsFields);
}

// ── Step 4: Applicants ──────────────────────────────────────────────────────────────────────────────────────────

export type ApplicantValues = {
  /** The saved applicant's uuid; null until saved. */
  uuid: string | null;
  key: string;
  first_name: string;
  last_name: string;
  /** A year. */
  date_of_birth: NumberValue;
  credit_history: CreditHistory | null;
};
export type ApplicantsValues = { number_of_dependants: NumberValue; applicants: ApplicantValues[] };

export const emptyApplicant = (): ApplicantValues => ({ uuid: null, key: newRowKey(), first_name: '', last_name: '', date_of_birth: '', credit_history: null });

export function applicantsValuesOf(post: PostView | null): ApplicantsValues {
  const saved = post?.applicants ?? [];
  return {
    number_of_dependants: numberValue(post?.primary_home_loan?.number_of_dependants),
    applicants:
      saved.length > 0
        ? saved.map((a) => ({
            uuid: a.uuid,
            key: a.uuid,
            first_name: a.first_name ?? '',
            last_name: a.last_name ?? '',
            date_of_birth: numberValue(a.date_of_birth),
            credit_history: a.credit_history ?? null,
          }))
        : [emptyApplicant()],
  };
}

/** The wizard does not ask for an applicant's own rent: rent is an expense of step 6. */
export const toApplicant = (values: ApplicantValues) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  date_of_birth: numberOrNull(values.date_of_birth),
  credit_history: values.credit_history,
  rent_expenses_value: null,
  rent_expenses_period: null,
});

const dependantsSchema = z.object({ number_of_dependants: requiredLoanField('number_of_dependants') });

export function applicantsErrors(values: ApplicantsValues, currentYear: number): FieldErrors {
  return mergeErrors(
    errorsOf(dependantsSchema, { number_of_dependants: numberOrNull(values.number_of_dependants) }),
    ...values.applicants.map((applicant, index) => errorsOf(applicantSchema(currentYear), toApplicant(applicant), `applicants.${index}`)),
  );
}

// ── Step 5: Savings and Incomes ─────────────────────────────────────────────────────────────────────────────────

export type IncomeValues = {
  uuid: string | null;
  key: string;
  applicant_uuid: string | null;
  income_type: IncomeType | null;
  category: string | null;
  description: string;
  tax: Income['tax'] | null;
  frequency: Income['frequency'] | null;
  period: IncomePeriod | null;
  value: NumberValue;
};
export type SavingsValues = { cash_savings: NumberValue; equity_from_another_property: boolean | null; incomes: IncomeValues[] };

/** A new income: a salary before tax, paid regularly, counted yearly; the customer changes what differs. */
export const emptyIncome = (applicantUuid: string | null): IncomeValues => ({
  uuid: null,
  key: newRowKey(),
  applicant_uuid: applicantUuid,
  income_type: 'employment_income',
  category: 'payg',
  description: '',
  tax: 'before_tax',
  frequency: 'regular',
  period: 'yearly_income_period',
  value: '',
});

export const incomeValuesOf = (income: IncomeView): IncomeValues => ({
  uuid: income.uuid,
  key: income.uuid,
  applicant_uuid: income.applicant_uuid,
  income_type: income.income_type,
  category: income.category,
  description: income.description ?? '',
  tax: income.tax,
  frequency: income.frequency,
  period: income.period,
  value: numberValue(income.value),
});

export function savingsValuesOf(post: PostView | null): SavingsValues {
  const applicants = post?.applicants ?? [];
  const incomes = applicants.flatMap((a) => a.incomes);
  return {
    cash_savings: numberValue(post?.primary_home_loan?.cash_savings),
    equity_from_another_property: post?.primary_home_loan?.equity_from_another_property ?? null,
    // One income to start with for each applicant.
    incomes: incomes.length > 0 ? incomes.map(incomeValuesOf) : applicants.map((a) => emptyIncome(a.uuid)),
  };
}

/** A type without categories has category null (domain/post/constants.ts). */
export function toIncome(values: IncomeValues) {
  const categories: readonly string[] = values.income_type ? incomeCategories[values.income_type] : [];
  return {
    income_type: values.income_type,
    category: categories.length === 0 ? null : values.category,
    description: values.description,
    tax: values.tax,
    frequency: values.frequency,
    period: values.period,
    value: numberOrNull(values.value),
  };
}

const savingsSchema = z.object({
  cash_savings: requiredLoanField('cash_savings'),
  equity_from_another_property: requiredLoanField('equity_from_another_property'),
});

export function savingsErrors(values: SavingsValues, post: PostView | null): FieldErrors {
  const incomes = values.incomes.map(toIncome);
  const unsaved = values.incomes.map((income, index) => ({ ...(incomes[index] as Income), income_id: income.key, applicant_id: income.applicant_uuid ?? '' }));
  return mergeErrors(
    errorsOf(savingsSchema, { cash_savings: numberOrNull(values.cash_savings), equity_from_another_property: values.equity_from_another_property }),
    ...incomes.map((income, index) => errorsOf(incomeSchema, income, `incomes.${index}`)),
    ...values.incomes.map((income, index) => (income.applicant_uuid === null ? { [`incomes.${index}.applicant_uuid`]: [required] } : {})),
    // The total of at least 50,000 a year, as publishing checks it.
    pick(crossPartErrors(post, { incomes: unsaved }), 'incomes'),
  );
}

// ── Step 6: Expenses and Liabilities ────────────────────────────────────────────────────────────────────────────

export type ExpenseValues = {
  uuid: string | null;
  key: string;
  expense_type: ExpenseType;
  applicants: string[];
  value: NumberValue;
  period: ExpensePeriod | null;
  repayment: NumberValue;
  balance_owing: NumberValue;
  description: string;
  organisation: string;
  organisation_uuid: string | null;
  refinance: boolean;
  property_market_value: NumberValue;
  interest_rate: NumberValue;
  rate_type: CurrentRateType | null;
  loan_purpose: LoanPurpose | null;
};
export type ExpensesValues = { expenses: ExpenseValues[] };

export const emptyExpense = (expenseType: ExpenseType, applicants: string[]): ExpenseValues => ({
  uuid: null,
  key: newRowKey(),
  expense_type: expenseType,
  applicants,
  value: '',
  period: expenseType === 'credit_card_limits' ? null : 'monthly_expenses_period',
  repayment: '',
  balance_owing: '',
  description: '',
  organisation: '',
  organisation_uuid: null,
  refinance: false,
  property_market_value: '',
  interest_rate: '',
  rate_type: null,
  loan_purpose: null,
});

export const expenseValuesOf = (expense: ExpenseView): ExpenseValues => ({
  ...emptyExpense(expense.expense_type ?? 'general', expense.applicants),
  uuid: expense.uuid,
  key: expense.uuid,
  value: numberValue(expense.value),
  period: expense.period,
  repayment: numberValue(expense.repayment),
  balance_owing: numberValue(expense.balance_owing),
  description: expense.description ?? '',
  organisation: expense.organisation ?? '',
  organisation_uuid: expense.organisation_uuid,
  refinance: expense.refinance ?? false,
  property_market_value: numberValue(expense.property_market_value),
  interest_rate: numberValue(expense.interest_rate),
  rate_type: expense.rate_type,
  loan_purpose: expense.loan_purpose,
});

export function expensesValuesOf(post: PostView | null): ExpensesValues {
  const saved = post?.expenses ?? [];
  // spec 2 §5: every applicant is covered by a general expense; one for all of them to start with.
  return { expenses: saved.length > 0 ? saved.map(expenseValuesOf) : [emptyExpense('general', (post?.applicants ?? []).map((a) => a.uuid))] };
}

/** The expense as the API takes it: only the fields of its type (spec 2 §3 "Expense"). */
export function toExpense(values: ExpenseValues): Record<string, unknown> {
  const { expense_type, applicants } = values;
  const value = numberOrNull(values.value);
  switch (expense_type) {
    case 'general':
    case 'rent':
      return { expense_type, applicants, value, period: values.period };
    case 'others':
      return { expense_type, applicants, description: textOrNull(values.description), value, period: values.period };
    case 'credit_card_limits':
      return { expense_type, applicants, value, balance_owing: numberOrNull(values.balance_owing) };
    case 'personal_or_car_loan':
      return { expense_type, applicants, value, repayment: numberOrNull(values.repayment), period: values.period };
    case 'other_home_loan': {
      const refinance = values.refinance;
      return {
        expense_type,
        applicants,
        organisation: textOrNull(values.organisation),
        organisation_uuid: values.organisation_uuid,
        refinance,
        property_market_value: refinance ? numberOrNull(values.property_market_value) : null,
        interest_rate: refinance ? numberOrNull(values.interest_rate) : null,
        rate_type: refinance ? values.rate_type : null,
        loan_purpose: refinance ? values.loan_purpose : null,
        value,
        repayment: numberOrNull(values.repayment),
        period: values.period,
      };
    }
    default: {
      const never: never = expense_type;
      return never;
    }
  }
}

export function expensesErrors(values: ExpensesValues, post: PostView | null): FieldErrors {
  const expenses = values.expenses.map((expense) => ({ ...(toExpense(expense) as Expense), expense_id: expense.key }));
  return mergeErrors(
    ...values.expenses.map((expense, index) => errorsOf(expenseSchema, toExpense(expense), `expenses.${index}`)),
    // Every applicant covered by a general expense, as publishing checks it.
    pick(crossPartErrors(post, { expenses }), 'expenses'),
  );
}

// ── Rules across parts, and which step a field belongs to ───────────────────────────────────────────────────────

/** The post as the domain folds it, from the server's answer; `replace` puts a step's unsaved rows in. */
export function postContentOf(post: PostView, replace: { incomes?: PostContent['incomes']; expenses?: PostContent['expenses'] } = {}): PostContent {
  const loan = post.primary_home_loan;
  const preferences = loan?.home_loan_preferences;
  // A view's value may be null where the domain's type has none (an erased part): the check then reports it.
  return {
    post_id: post.uuid,
    owner_id: post.owner_uuid,
    product_id: post.product_uuid,
    origin: post.origin,
    campaign_slug: post.campaign_slug,
    campaign_id: post.campaign_uuid,
    urgency: post.urgency,
    sort_by: post.sort_by,
    home_loan: loan ? { ...homeLoanOf(post)!, home_loan_id: loan.uuid } : null,
    preferences: preferences ? (({ uuid, ...fields }) => ({ ...fields, preferences_id: uuid }) as PostContent['preferences'])(preferences) : null,
    applicants: post.applicants.map(({ uuid, number, incomes: _incomes, full_name: _fullName, ...fields }) => ({ ...(fields as Applicant), applicant_id: uuid, number })),
    incomes:
      replace.incomes ??
      post.applicants.flatMap((a) => a.incomes.map(({ uuid, applicant_uuid, ...fields }) => ({ ...(fields as Income), income_id: uuid, applicant_id: applicant_uuid }))),
    expenses: replace.expenses ?? post.expenses.map((expense) => ({ ...(toExpense(expenseValuesOf(expense)) as Expense), expense_id: expense.uuid })),
    used_ids: [],
  };
}

function crossPartErrors(post: PostView | null, replace: Parameters<typeof postContentOf>[1]): FieldErrors {
  return post ? checkPostComplete(postContentOf(post, replace), new Date().getFullYear()) : {};
}

function pick(errors: FieldErrors, field: string): FieldErrors {
  return errors[field] ? { [field]: errors[field] } : {};
}

/**
 * The step that asks for a field of the publish check (`checkPostComplete`'s paths), so the overview can send the
 * customer to fix it.
 */
export function stepOfField(path: string): StepNumber {
  const [part, field] = path.split('.');
  if (part === 'urgency') return 1;
  if (part === 'preferences') return 2;
  if (part === 'applicants') return 4;
  if (part === 'incomes') return 5;
  if (part === 'expenses') return 6;
  if (part === 'home_loan') {
    if (field === undefined || field === 'loan_type' || field === 'loan_purpose') return 1;
    if (field === 'number_of_applicants' || field === 'number_of_dependants') return 4;
    if (field === 'cash_savings' || field === 'equity_from_another_property') return 5;
    return 3;
  }
  return 7;
}

/**
 * Where a customer resumes a post opened from the incomplete-post e-mail (no step kept in this browser): the first
 * step with something missing or wrong, else the overview.
 */
export function stepToResume(post: PostView, currentYear: number): StepNumber {
  const paths = Object.keys(checkPostComplete(postContentOf(post), currentYear));
  return paths.reduce<StepNumber>((first, path) => Math.min(first, stepOfField(path)) as StepNumber, 7);
}
