import type { Applicant, ApplicantChanges, Expense, Income } from '../../../../domain/post/schemas';
import { applicantView, expenseView, incomeView } from '../../../../contracts/post';
import { isApiError } from '../../../lib/api-error';
import { apiFetch } from '../../../lib/api-fetch';

// Applicants, their incomes and the expenses (spec 2 §7, spec 1 §7). Errors name `applicant.<field>`,
// `income.<field>`, `expense.<field>` and `applicants` (an expense's applicants).

const path = (...parts: string[]) => `/v2/${parts.map(encodeURIComponent).join('/')}`;

/** `POST /v2/home_loans/{id}/applicants {applicant}`: at most 4; the answer carries the applicant's uuid and number. */
export function createApplicant(homeLoanUuid: string, applicant: Applicant) {
  return apiFetch(path('home_loans', homeLoanUuid, 'applicants'), { method: 'POST', body: { applicant }, schema: applicantView });
}

export function updateApplicant(applicantUuid: string, changes: ApplicantChanges) {
  return apiFetch(path('applicants', applicantUuid), { method: 'PATCH', body: { applicant: changes }, schema: applicantView });
}

/** Also removes the applicant's incomes and takes them off the expenses (an expense of theirs alone goes too). */
export function deleteApplicant(applicantUuid: string) {
  return apiFetch(path('applicants', applicantUuid), { method: 'DELETE' });
}

export function createIncome(applicantUuid: string, income: Income) {
  return apiFetch(path('applicants', applicantUuid, 'incomes'), { method: 'POST', body: { income }, schema: incomeView });
}

export function updateIncome(applicantUuid: string, incomeUuid: string, changes: Partial<Income>) {
  return apiFetch(path('applicants', applicantUuid, 'incomes', incomeUuid), { method: 'PATCH', body: { income: changes }, schema: incomeView });
}

/** spec 2 §7: an income that is already gone (404) counts as deleted. */
export async function deleteIncome(applicantUuid: string, incomeUuid: string) {
  await ignoreNotFound(apiFetch(path('applicants', applicantUuid, 'incomes', incomeUuid), { method: 'DELETE' }));
}

/** An expense without its applicants: they travel beside it (`{applicants, expense}`, spec 2 §7). */
export type ExpenseFields = Expense extends infer E ? (E extends unknown ? Omit<E, 'applicants'> : never) : never;

/** `POST /v2/home_loans/{id}/expenses {applicants, expense}`. */
export function createExpense(homeLoanUuid: string, applicants: string[], expense: ExpenseFields) {
  return apiFetch(path('home_loans', homeLoanUuid, 'expenses'), { method: 'POST', body: { applicants, expense }, schema: expenseView });
}

/** `PATCH /v2/expenses/{id} {applicants, expense}`: the whole expense (its type decides its fields). */
export function updateExpense(expenseUuid: string, applicants: string[], expense: ExpenseFields) {
  return apiFetch(path('expenses', expenseUuid), { method: 'PATCH', body: { applicants, expense }, schema: expenseView });
}

/** spec 2 §7: an expense that is already gone (404) counts as deleted. */
export async function deleteExpense(expenseUuid: string) {
  await ignoreNotFound(apiFetch(path('expenses', expenseUuid), { method: 'DELETE' }));
}

async function ignoreNotFound(request: Promise<void>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
}
