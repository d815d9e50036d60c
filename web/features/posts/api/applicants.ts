import type { Applicant, Expense, Income } from '../../../../domain/post/schemas';
import { applicantView, expenseView, incomeView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';

// Applicants, their incomes and the expenses (spec 2 §7, spec 1 §7), added one at a time (the application flow); the
// wizard and the edit screen save them with PATCH /v2/posts/{id} `operation: edit` (./posts.ts). Errors name
// `applicant.<field>`, `income.<field>`, `expense.<field>` and `applicants` (an expense's applicants).

const path = (...parts: string[]) => `/v2/${parts.map(encodeURIComponent).join('/')}`;

/** `POST /v2/home_loans/{id}/applicants {applicant}`: at most 4; the answer carries the applicant's uuid and number. */
export function createApplicant(homeLoanUuid: string, applicant: Applicant) {
  return apiFetch(path('home_loans', homeLoanUuid, 'applicants'), { method: 'POST', body: { applicant }, schema: applicantView });
}

export function createIncome(applicantUuid: string, income: Income) {
  return apiFetch(path('applicants', applicantUuid, 'incomes'), { method: 'POST', body: { income }, schema: incomeView });
}

/** An expense without its applicants: they travel beside it (`{applicants, expense}`, spec 2 §7). */
export type ExpenseFields = Expense extends infer E ? (E extends unknown ? Omit<E, 'applicants'> : never) : never;

/** `POST /v2/home_loans/{id}/expenses {applicants, expense}`. */
export function createExpense(homeLoanUuid: string, applicants: string[], expense: ExpenseFields) {
  return apiFetch(path('home_loans', homeLoanUuid, 'expenses'), { method: 'POST', body: { applicants, expense }, schema: expenseView });
}
