import { errorsOf, expenseSchema, type FieldErrors, incomeSchema, mergeErrors } from '../../../../domain/post/schemas';
import type { PostView } from '../../../../contracts/post';
import {
  type ApplicantValues,
  applicantsErrors,
  applicantsValuesOf,
  type ExpenseValues,
  expenseValuesOf,
  type IncomeValues,
  incomeValuesOf,
  type NumberValue,
  toApplicant,
  toExpense,
  toIncome,
} from '../wizard/form-mapping';

// The post edit screen's applicants, incomes and expenses: one form saved as ONE `edit` batch (docs/api.md "Posts"),
// since an open post must stay complete (a new applicant needs the number of applicants and the general expense
// covering them in the same save). The batch is the difference between the loaded post and the form. Rows refer to
// applicants by the applicant row's key: the saved uuid, or for a new applicant a uuid made in the browser
// (`newRowKey`), which the batch sends as the new part's id.

export type PeopleValues = {
  number_of_dependants: NumberValue;
  applicants: ApplicantValues[];
  incomes: IncomeValues[];
  expenses: ExpenseValues[];
};

export function peopleValuesOf(post: PostView): PeopleValues {
  const { number_of_dependants, applicants } = applicantsValuesOf(post);
  return {
    number_of_dependants,
    applicants: post.applicants.length > 0 ? applicants : [],
    incomes: post.applicants.flatMap((a) => a.incomes.map(incomeValuesOf)),
    expenses: post.expenses.map(expenseValuesOf),
  };
}

/** The rules of each row, as the API checks them (the rules across parts are the server's: see `formErrorsOf`). */
export function peopleErrors(values: PeopleValues, currentYear: number): FieldErrors {
  return mergeErrors(
    applicantsErrors(values, currentYear),
    ...values.incomes.map((income, index) => errorsOf(incomeSchema, toIncome(income), `incomes.${index}`)),
    ...values.expenses.map((expense, index) => errorsOf(expenseSchema, toExpense(expense), `expenses.${index}`)),
  );
}

/** Removing an applicant in the form does what the server does: their incomes go, and they leave the expenses (one of theirs alone goes too). */
export function withoutApplicant(values: PeopleValues, index: number): PeopleValues {
  const key = values.applicants[index]?.key;
  return {
    ...values,
    applicants: values.applicants.filter((_, i) => i !== index),
    incomes: values.incomes.filter((income) => income.applicant_uuid !== key),
    expenses: values.expenses.flatMap((expense) => {
      if (!expense.applicants.includes(key ?? '')) return [expense];
      const applicants = expense.applicants.filter((id) => id !== key);
      return applicants.length > 0 ? [{ ...expense, applicants }] : [];
    }),
  };
}

/** One change of `PATCH /v2/posts/{id} {operation: 'edit', changes}`. */
export type PostEditChange =
  | { type: 'change_home_loan'; home_loan: Record<string, unknown> }
  | { type: 'add_applicant' | 'change_applicant'; uuid: string; applicant: Record<string, unknown> }
  | { type: 'add_income'; uuid: string; applicant_uuid: string; income: Record<string, unknown> }
  | { type: 'change_income'; uuid: string; income: Record<string, unknown> }
  | { type: 'add_expense' | 'change_expense'; uuid: string; expense: Record<string, unknown> }
  | { type: 'remove_applicant' | 'remove_income' | 'remove_expense'; uuid: string };

/** The changes, and for each the form path its field errors belong to ('applicants.2', 'home_loan'). */
export type PostEditBatch = { changes: PostEditChange[]; targets: string[] };

/** The fields of `after` that differ from `before`. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field])));
}

/** An expense as the API takes it, with its payers in a fixed order (the order of ticking boxes means nothing). */
const expenseOf = (values: ExpenseValues) => ({ ...toExpense(values), applicants: [...values.applicants].sort() });

/**
 * The batch that turns the loaded post into the form's values. Order: removals of incomes and expenses, then of
 * applicants (which would take their incomes along), the loan's counts, then additions and changes of applicants
 * before the incomes and expenses that name them. The server checks the post's completeness after them all.
 */
export function editChangesOf(post: PostView, values: PeopleValues): PostEditBatch {
  const saved = peopleValuesOf(post);
  const batch: PostEditBatch = { changes: [], targets: [] };
  const add = (change: PostEditChange, target: string) => {
    batch.changes.push(change);
    batch.targets.push(target);
  };
  const kept = (rows: { uuid: string | null }[]) => new Set(rows.flatMap((row) => (row.uuid ? [row.uuid] : [])));

  const keptIncomes = kept(values.incomes);
  for (const income of saved.incomes) if (income.uuid && !keptIncomes.has(income.uuid)) add({ type: 'remove_income', uuid: income.uuid }, 'incomes');
  const keptExpenses = kept(values.expenses);
  for (const expense of saved.expenses) if (expense.uuid && !keptExpenses.has(expense.uuid)) add({ type: 'remove_expense', uuid: expense.uuid }, 'expenses');
  const keptApplicants = kept(values.applicants);
  for (const applicant of saved.applicants) if (applicant.uuid && !keptApplicants.has(applicant.uuid)) add({ type: 'remove_applicant', uuid: applicant.uuid }, 'applicants');

  const loan = post.primary_home_loan;
  const counts = changedFields(
    { number_of_applicants: loan?.number_of_applicants ?? null, number_of_dependants: loan?.number_of_dependants ?? null },
    { number_of_applicants: values.applicants.length, number_of_dependants: values.number_of_dependants === '' ? null : values.number_of_dependants },
  );
  if (Object.keys(counts).length > 0) add({ type: 'change_home_loan', home_loan: counts }, 'home_loan');

  const savedRow = <Row extends { uuid: string | null }>(rows: Row[], uuid: string) => rows.find((row) => row.uuid === uuid)!;
  values.applicants.forEach((applicant, index) => {
    const target = `applicants.${index}`;
    if (!applicant.uuid) return add({ type: 'add_applicant', uuid: applicant.key, applicant: toApplicant(applicant) }, target);
    const changes = changedFields(toApplicant(savedRow(saved.applicants, applicant.uuid)), toApplicant(applicant));
    if (Object.keys(changes).length > 0) add({ type: 'change_applicant', uuid: applicant.uuid, applicant: changes }, target);
  });
  values.incomes.forEach((income, index) => {
    const target = `incomes.${index}`;
    if (!income.uuid) return add({ type: 'add_income', uuid: income.key, applicant_uuid: income.applicant_uuid ?? '', income: toIncome(income) }, target);
    const changes = changedFields(toIncome(savedRow(saved.incomes, income.uuid)), toIncome(income));
    if (Object.keys(changes).length > 0) add({ type: 'change_income', uuid: income.uuid, income: changes }, target);
  });
  values.expenses.forEach((expense, index) => {
    const target = `expenses.${index}`;
    if (!expense.uuid) return add({ type: 'add_expense', uuid: expense.key, expense: expenseOf(expense) }, target);
    // A removed applicant leaves the saved expense on the server: compare with what it will be after the removal.
    const before = savedRow(saved.expenses, expense.uuid);
    const remaining = { ...before, applicants: before.applicants.filter((id) => keptApplicants.has(id)) };
    if (Object.keys(changedFields(expenseOf(remaining), expenseOf(expense))).length > 0) add({ type: 'change_expense', uuid: expense.uuid, expense: expenseOf(expense) }, target);
  });
  return batch;
}

/**
 * The refused batch's messages on the form's fields: `changes.<i>.<wrapper>.<field>` goes to the row change i came
 * from; the open post's completeness errors ('applicants', 'incomes', 'expenses', 'home_loan.number_of_applicants')
 * go to their list. Messages no field shows come back as `unplaced`.
 */
export function formErrorsOf(errors: Readonly<Record<string, readonly string[]>>, targets: readonly string[]): { fields: FieldErrors; unplaced: string[] } {
  const fields: FieldErrors = {};
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const path = formPathOf(key, targets);
    if (path) fields[path] = [...(fields[path] ?? []), ...messages];
    else unplaced.push(...messages);
  }
  return { fields, unplaced };
}

function formPathOf(key: string, targets: readonly string[]): string | null {
  const [head, ...rest] = key.split('.');
  if (head === 'changes') {
    // changes.<index>.<wrapper>.<field>
    const target = targets[Number(rest[0])];
    const field = rest.slice(2).join('.');
    if (!target || !field) return null;
    return target === 'home_loan' ? loanFieldPath(field) : `${target}.${field}`;
  }
  if (head === 'home_loan') return loanFieldPath(rest.join('.'));
  return ['applicants', 'incomes', 'expenses'].includes(key) ? key : null;
}

/** The loan's counts are asked as the list of applicants and the dependants field. */
function loanFieldPath(field: string): string | null {
  if (field === 'number_of_applicants') return 'applicants';
  if (field === 'number_of_dependants') return 'number_of_dependants';
  return null;
}
