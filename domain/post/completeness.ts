import { totalYearlyIncome } from './calculations';
import {
  type Applicant,
  applicantSchema,
  errorsOf,
  type Expense,
  expenseSchema,
  type FieldErrors,
  type HomeLoan,
  type HomeLoanPreferences,
  homeLoanSchema,
  type Income,
  incomeSchema,
  mergeErrors,
  postLimits,
  postMessages,
  type PostOrigin,
  type PostSortKey,
  preferencesSchema,
  type Urgency,
} from './schemas';

// What a post holds, and the check that it is complete: every rule of spec 2 §5 "Post creation" on every part,
// plus the rules across parts. A post is published only when this answers no error, and an active post must keep
// answering none after each change (domain/post/decider.ts).

export type PostApplicant = Applicant & { applicant_id: string; /** 1 to 4, kept for the applicant's life. */ number: number };
export type PostIncome = Income & { income_id: string; applicant_id: string };
export type PostExpense = Expense & { expense_id: string };

/** The post and its parts, as the decider folds them from the stream. */
export type PostContent = {
  post_id: string;
  owner_id: string;
  product_id: string;
  origin: PostOrigin;
  campaign_slug: string | null;
  /** The campaign the post was started from (docs/campaigns.md). */
  campaign_id: string | null;
  urgency: Urgency | null;
  sort_by: PostSortKey | null;
  home_loan: (HomeLoan & { home_loan_id: string }) | null;
  preferences: (HomeLoanPreferences & { preferences_id: string }) | null;
  /** In the order they were added. */
  applicants: PostApplicant[];
  incomes: PostIncome[];
  expenses: PostExpense[];
  /** Every part id this post ever used, so a removed part's id is not given to a new one. */
  used_ids: string[];
};

/**
 * The field errors that keep a post from being published, none when it is complete. Paths name the part:
 * 'urgency', 'home_loan.<field>', 'preferences.<field>', 'applicants.<uuid>.<field>', 'incomes.<uuid>.<field>',
 * 'expenses.<uuid>.<field>'; the rules across parts answer on 'applicants', 'incomes' and 'expenses'.
 * `currentYear` counts the applicants' ages.
 */
export function checkPostComplete(post: PostContent, currentYear: number): FieldErrors {
  const errors: FieldErrors[] = [];
  const add = (field: string, message: string) => errors.push({ [field]: [message] });

  if (post.urgency === null) add('urgency', postMessages.required);

  const loan = post.home_loan;
  if (loan === null) add('home_loan', postMessages.homeLoanRequired);
  else errors.push(errorsOf(homeLoanSchema, withoutId(loan, 'home_loan_id'), 'home_loan'));

  if (post.preferences === null) add('preferences', postMessages.preferencesRequired);
  else errors.push(errorsOf(preferencesSchema, withoutId(post.preferences, 'preferences_id'), 'preferences'));

  if (post.applicants.length === 0) add('applicants', postMessages.applicantsRequired);
  else if (loan?.number_of_applicants != null && loan.number_of_applicants !== post.applicants.length) {
    add('applicants', postMessages.applicantsCount(loan.number_of_applicants));
  }
  for (const applicant of post.applicants) {
    const { applicant_id, number: _number, ...fields } = applicant;
    errors.push(errorsOf(applicantSchema(currentYear), fields, `applicants.${applicant_id}`));
  }

  const applicantIds = new Set(post.applicants.map((a) => a.applicant_id));
  for (const income of post.incomes) {
    const { income_id, applicant_id, ...fields } = income;
    errors.push(errorsOf(incomeSchema, fields, `incomes.${income_id}`));
    if (!applicantIds.has(applicant_id)) add(`incomes.${income_id}.applicant`, postMessages.applicantUnknown);
  }
  if (totalYearlyIncome(post.incomes) < postLimits.incomeYearlyTotalMin) add('incomes', postMessages.yearlyIncomeTotal);

  for (const expense of post.expenses) {
    errors.push(errorsOf(expenseSchema, withoutId(expense, 'expense_id'), `expenses.${expense.expense_id}`));
    if (expense.applicants.some((id) => !applicantIds.has(id))) add(`expenses.${expense.expense_id}.applicants`, postMessages.applicantUnknown);
  }
  // spec 2 §5: every applicant is covered by a general expense (whose bounds the expense schema checks).
  const covered = new Set(post.expenses.filter((e) => e.expense_type === 'general').flatMap((e) => e.applicants));
  if (post.applicants.some((a) => !covered.has(a.applicant_id))) add('expenses', postMessages.generalExpenseCoverage);

  return mergeErrors(...errors);
}

export const isPostComplete = (post: PostContent, currentYear: number) => Object.keys(checkPostComplete(post, currentYear)).length === 0;

function withoutId<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _id, ...rest } = value;
  return rest;
}
