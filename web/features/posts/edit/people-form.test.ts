import { describe, expect, it } from 'vitest';
import { postDecider } from '../../../../domain/post/decider';
import type { PostEvent } from '../../../../domain/post/events';
import { applicantIds, completePost, currentYear, expenseIds, incomeIds, now } from '../../../../domain/post/test-fixtures';
import { toPostView } from '../../../../contracts/post';
import { emptyApplicant, emptyExpense, emptyIncome } from '../wizard/form-mapping';
import { editChangesOf, formErrorsOf, peopleErrors, peopleValuesOf, withoutApplicant } from './people-form';

// The post edit screen's one save for applicants, incomes and expenses: the batch is the difference between the
// loaded post and the form, and the refused batch's messages go back to the rows they came from.

function viewOf(events: PostEvent[]) {
  const state = events.reduce(postDecider.evolve, postDecider.initialState());
  if (state.status === 'absent') throw new Error('no post');
  return toPostView(state, { created_at: now, updated_at: now });
}

/** Jane (with a salary) and John, one general expense for both; the loan says 2 applicants. */
const post = viewOf(completePost);
const [jane, johnId] = applicantIds;

describe('the batch of an unchanged form', () => {
  it('is empty', () => {
    expect(editChangesOf(post, peopleValuesOf(post))).toEqual({ changes: [], targets: [] });
  });
});

describe('a new applicant', () => {
  it('comes with the number of applicants, their income, and the expense now covering them, named by the new row’s uuid', () => {
    const values = peopleValuesOf(post);
    const third = { ...emptyApplicant(), first_name: 'Jo', last_name: 'Citizen', date_of_birth: 1990 as const, credit_history: 'fair' as const };
    const income = { ...emptyIncome(third.key), description: 'Chef', value: 55_000 as const };
    const living = { ...values.expenses[0]!, applicants: [...values.expenses[0]!.applicants, third.key] };
    const batch = editChangesOf(post, { ...values, applicants: [...values.applicants, third], incomes: [...values.incomes, income], expenses: [living] });

    expect(third.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch.changes).toEqual([
      { type: 'change_home_loan', home_loan: { number_of_applicants: 3 } },
      { type: 'add_applicant', uuid: third.key, applicant: expect.objectContaining({ first_name: 'Jo', date_of_birth: 1990, credit_history: 'fair' }) },
      { type: 'add_income', uuid: income.key, applicant_uuid: third.key, income: expect.objectContaining({ description: 'Chef', value: 55_000 }) },
      { type: 'change_expense', uuid: expenseIds[0], expense: expect.objectContaining({ expense_type: 'general', value: 3_000, applicants: [jane, johnId, third.key].sort() }) },
    ]);
    expect(batch.targets).toEqual(['home_loan', 'applicants.2', 'incomes.1', 'expenses.0']);
  });

  it('may have an expense of its own', () => {
    const values = peopleValuesOf(post);
    const third = { ...emptyApplicant(), first_name: 'Jo' };
    const rent = { ...emptyExpense('rent', [third.key]), value: 1_200 as const };
    const { changes } = editChangesOf(post, { ...values, applicants: [...values.applicants, third], expenses: [...values.expenses, rent] });
    expect(changes.at(-1)).toEqual({ type: 'add_expense', uuid: rent.key, expense: { expense_type: 'rent', applicants: [third.key], value: 1_200, period: 'monthly_expenses_period' } });
  });
});

describe('a removed applicant', () => {
  it('goes with their incomes, before the loan’s count; the expense they shared changes to the others only if it differs from what the removal leaves', () => {
    const values = withoutApplicant(peopleValuesOf(post), 0);
    expect(values.incomes).toEqual([]);
    expect(values.expenses[0]!.applicants).toEqual([johnId]);

    // John needs an income of his own to keep the post complete.
    const income = { ...emptyIncome(johnId), description: 'Teacher', value: 70_000 as const };
    const batch = editChangesOf(post, { ...values, incomes: [income] });
    expect(batch.changes).toEqual([
      { type: 'remove_income', uuid: incomeIds[0] },
      { type: 'remove_applicant', uuid: jane },
      { type: 'change_home_loan', home_loan: { number_of_applicants: 1 } },
      { type: 'add_income', uuid: income.key, applicant_uuid: johnId, income: expect.objectContaining({ value: 70_000 }) },
    ]);
  });

  it('takes away an expense of theirs alone', () => {
    const withRent = viewOf([...completePost, { type: 'ExpenseAdded', data: { post_id: post.uuid, owner_id: post.owner_uuid, expense_id: expenseIds[1], expense: { expense_type: 'rent', applicants: [johnId], value: 900, period: 'monthly_expenses_period' } } }]);
    const values = withoutApplicant(peopleValuesOf(withRent), 1);
    expect(values.expenses.map((e) => e.uuid)).toEqual([expenseIds[0]]);
    expect(editChangesOf(withRent, values).changes.map((c) => c.type)).toEqual(['remove_expense', 'remove_applicant', 'change_home_loan']);
  });
});

describe('changed rows', () => {
  it('send only the fields that changed for applicants and incomes, and the whole expense', () => {
    const values = peopleValuesOf(post);
    values.applicants[1] = { ...values.applicants[1]!, last_name: 'Smith' };
    values.incomes[0] = { ...values.incomes[0]!, value: 65_000 };
    values.expenses[0] = { ...values.expenses[0]!, value: 3_200 };
    values.number_of_dependants = 2;
    expect(editChangesOf(post, values).changes).toEqual([
      { type: 'change_home_loan', home_loan: { number_of_dependants: 2 } },
      { type: 'change_applicant', uuid: johnId, applicant: { last_name: 'Smith' } },
      { type: 'change_income', uuid: incomeIds[0], income: { value: 65_000 } },
      { type: 'change_expense', uuid: expenseIds[0], expense: { expense_type: 'general', applicants: [jane, johnId], value: 3_200, period: 'monthly_expenses_period' } },
    ]);
  });

  it('do not count the order the payers were ticked in', () => {
    const values = peopleValuesOf(post);
    values.expenses[0] = { ...values.expenses[0]!, applicants: [johnId, jane] };
    expect(editChangesOf(post, values).changes).toEqual([]);
  });
});

describe('the form’s own check', () => {
  it('applies each row’s rules', () => {
    const values = peopleValuesOf(post);
    expect(peopleErrors(values, currentYear)).toEqual({});
    values.applicants[0] = { ...values.applicants[0]!, first_name: '' };
    values.incomes[0] = { ...values.incomes[0]!, value: '' };
    expect(Object.keys(peopleErrors(values, currentYear))).toEqual(['applicants.0.first_name', 'incomes.0.value']);
  });
});

describe('the refused batch’s messages', () => {
  it('go to the rows their changes came from, the completeness messages to their lists, the rest above the form', () => {
    const targets = ['home_loan', 'applicants.2', 'incomes.1'];
    const errors = {
      'changes.1.applicant.first_name': ['Too short.'],
      'changes.2.income.value': ['Required.'],
      'changes.0.home_loan.number_of_dependants': ['Too many.'],
      'changes.1.uuid': ['This id is already used.'],
      expenses: ['Every applicant needs living expenses.'],
      'home_loan.number_of_applicants': ['Expected 3 applicants.'],
    };
    expect(formErrorsOf(errors, targets)).toEqual({
      fields: {
        'applicants.2.first_name': ['Too short.'],
        'incomes.1.value': ['Required.'],
        number_of_dependants: ['Too many.'],
        expenses: ['Every applicant needs living expenses.'],
        applicants: ['Expected 3 applicants.'],
      },
      unplaced: ['This id is already used.'],
    });
  });
});
