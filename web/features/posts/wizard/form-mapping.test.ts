import { describe, expect, it } from 'vitest';
import { postDecider } from '../../../../domain/post/decider';
import type { PostEvent } from '../../../../domain/post/events';
import { defaultPreferences, postMessages, toHomeLoan } from '../../../../domain/post/schemas';
import { applicantIds, completePost, currentYear, expenseIds, homeLoanId, incomeIds, now, sydney } from '../../../../domain/post/test-fixtures';
import { toPostView } from '../../../../contracts/post';
import {
  applicantsErrors,
  applicantsValuesOf,
  emptyApplicant,
  emptyExpense,
  expensesErrors,
  expensesValuesOf,
  introErrors,
  introValuesOf,
  loanDetailsErrors,
  loanDetailsValuesOf,
  prioritiesErrors,
  prioritiesValuesOf,
  savingsErrors,
  savingsValuesOf,
  stepOfField,
  stepToResume,
  toApplicant,
  toExpense,
  toIncome,
  toLoanDetailsChanges,
} from './form-mapping';

// The steps' form values made from the server's post, checked with the domain's rules, and turned back into bodies.

function viewOf(events: PostEvent[]) {
  const state = events.reduce(postDecider.evolve, postDecider.initialState());
  if (state.status === 'absent') throw new Error('no post');
  return toPostView(state, { created_at: now, updated_at: now });
}

const complete = viewOf(completePost);
/** The post after step 1: only the loan's type and purpose. */
const started = viewOf([
  completePost[0]!,
  { type: 'HomeLoanSet', data: { post_id: complete.uuid, owner_id: complete.owner_uuid, home_loan_id: homeLoanId, home_loan: toHomeLoan({ loan_type: 'refinance', loan_purpose: 'owner' }) } },
]);

describe('step 1, Intro', () => {
  it('reads the urgency and the loan type and purpose, and requires them', () => {
    expect(introValuesOf(complete)).toEqual({ urgency: 'within_1_month', loan_type: 'refinance', loan_purpose: 'owner' });
    expect(introValuesOf(null)).toEqual({ urgency: null, loan_type: null, loan_purpose: null });
    expect(introErrors(introValuesOf(null))).toEqual({ urgency: ['This field is required'], loan_type: ['This field is required'], loan_purpose: ['This field is required'] });
    expect(introErrors(introValuesOf(complete))).toEqual({});
  });
});

describe('step 2, Priorities', () => {
  it('starts from the defaults and refuses the spec’s conflicts', () => {
    expect(prioritiesValuesOf(null)).toEqual(defaultPreferences);
    expect(prioritiesValuesOf(complete)).toEqual(defaultPreferences);
    expect(prioritiesErrors({ ...defaultPreferences, line_of_credit: 'yes', offset_account: 'yes' }).offset_account).toEqual([postMessages.lineOfCreditWithOffset]);
    const noLender = { ...defaultPreferences, big_four_banks: 'no', online_banks: 'no', other_banks: 'no', credit_unions_and_other_institutions: 'no' } as const;
    expect(prioritiesErrors(noLender)).toEqual({ lender_types: [postMessages.lenderTypeRequired] });
  });
});

describe('step 3, Loan Details', () => {
  it('asks what a refinance needs, and nothing of later steps', () => {
    const errors = loanDetailsErrors(loanDetailsValuesOf(started), started);
    expect(Object.keys(errors).sort()).toEqual(['fixed_rate_checkbox', 'interest_rate', 'loan_amount', 'organisation', 'property_market_value', 'rate_type', 'retention', 'user_address']);
    expect(errors.user_address).toEqual([postMessages.postcodeMissing]);
  });

  it('passes the complete refinance and refuses an LVR above 90 %', () => {
    const values = loanDetailsValuesOf(complete);
    expect(loanDetailsErrors(values, complete)).toEqual({});
    expect(loanDetailsErrors({ ...values, loan_amount: 550_000 }, complete)).toEqual({ property_market_value: [postMessages.lvrTooHigh] });
  });

  it('sends null for the fields the loan type does not ask', () => {
    const changes = toLoanDetailsChanges({ ...loanDetailsValuesOf(complete), property_address: sydney }, 'new_loan', 'owner');
    expect(changes).toMatchObject({ loan_amount: 450_000, organisation: null, interest_rate: null, fixed_rate_checkbox: null, property_address: null, suburb_not_known_yet: null });
  });
});

describe('step 4, Applicants', () => {
  it('reads the saved applicants with their ids, or one empty applicant', () => {
    const values = applicantsValuesOf(complete);
    expect(values.number_of_dependants).toBe(1);
    expect(values.applicants.map((a) => [a.uuid, a.first_name, a.date_of_birth])).toEqual([
      [applicantIds[0], 'Jane', 1985],
      [applicantIds[1], 'John', 1983],
    ]);
    expect(applicantsValuesOf(started).applicants).toHaveLength(1);
    expect(toApplicant(values.applicants[0]!)).toEqual({ first_name: 'Jane', last_name: 'Citizen', date_of_birth: 1985, credit_history: 'excellent', rent_expenses_value: null, rent_expenses_period: null });
  });

  it('names each applicant’s errors by position, with the spec’s age bounds', () => {
    const young = { ...emptyApplicant(), first_name: 'A', last_name: 'Young', date_of_birth: currentYear - 17, credit_history: 'fair' as const };
    const errors = applicantsErrors({ number_of_dependants: '', applicants: [applicantsValuesOf(complete).applicants[0]!, young] }, currentYear);
    expect(errors).toEqual({
      number_of_dependants: ['This field is required'],
      'applicants.1.first_name': [postMessages.nameTooShort],
      'applicants.1.date_of_birth': [postMessages.ageMin],
    });
  });
});

describe('step 5, Savings and Incomes', () => {
  it('reads the incomes and asks for 50,000 a year in total', () => {
    const values = savingsValuesOf(complete);
    expect(values.incomes.map((i) => [i.uuid, i.applicant_uuid, i.value])).toEqual([[incomeIds[0], applicantIds[0], 60_000]]);
    expect(savingsErrors(values, complete)).toEqual({});
    const low = { ...values, incomes: [{ ...values.incomes[0]!, value: 40_000 }] };
    expect(savingsErrors(low, complete)).toEqual({ incomes: [postMessages.yearlyIncomeTotal] });
  });

  it('starts with one income per applicant, and a type without categories sends none', () => {
    const values = savingsValuesOf(viewOf(completePost.filter((e) => e.type !== 'IncomeAdded')));
    expect(values.incomes.map((i) => i.applicant_uuid)).toEqual([applicantIds[0], applicantIds[1]]);
    expect(toIncome({ ...values.incomes[0]!, income_type: 'dividends', category: 'payg', value: 100 })).toMatchObject({ income_type: 'dividends', category: null, value: 100 });
    const errors = savingsErrors({ ...values, cash_savings: '' }, complete);
    expect(errors.cash_savings).toEqual(['This field is required']);
    expect(errors['incomes.0.value']).toEqual(['This field is required']);
  });
});

describe('step 6, Expenses and Liabilities', () => {
  it('reads the expenses and wants every applicant covered by a general expense', () => {
    const values = expensesValuesOf(complete);
    expect(values.expenses.map((e) => [e.uuid, e.expense_type, e.applicants])).toEqual([[expenseIds[0], 'general', [applicantIds[0], applicantIds[1]]]]);
    expect(expensesErrors(values, complete)).toEqual({});
    const onlyJane = { expenses: [{ ...values.expenses[0]!, applicants: [applicantIds[0]] }] };
    expect(expensesErrors(onlyJane, complete)).toEqual({ expenses: [postMessages.generalExpenseCoverage] });
  });

  it('sends only the fields of the expense’s type, with the spec’s limits', () => {
    const card = { ...emptyExpense('credit_card_limits', [applicantIds[0]]), value: 10_000 as const, balance_owing: 20_000 as const };
    expect(toExpense(card)).toEqual({ expense_type: 'credit_card_limits', applicants: [applicantIds[0]], value: 10_000, balance_owing: 20_000 });
    const loan = { ...emptyExpense('personal_or_car_loan', [applicantIds[0]]), value: 20_000 as const, repayment: 13_000 as const, period: 'weekly_expenses_period' as const };
    const errors = expensesErrors({ expenses: [...expensesValuesOf(complete).expenses, card, loan] }, complete);
    expect(errors).toEqual({ 'expenses.1.balance_owing': ['Max value is 15,000'], 'expenses.2.repayment': ['Max value is 12,500 weekly'] });
  });
});

describe('resuming and the overview', () => {
  it('names the step of each field of the publish check', () => {
    expect(['urgency', 'home_loan', 'home_loan.loan_type', 'preferences.rate_type', 'home_loan.loan_amount', 'home_loan.number_of_dependants', 'applicants', 'home_loan.cash_savings', 'incomes', 'expenses.x.value'].map(stepOfField)).toEqual([
      1, 1, 1, 2, 3, 4, 4, 5, 5, 6,
    ]);
  });

  it('resumes at the first step with something missing, or the overview', () => {
    expect(stepToResume(complete, currentYear)).toBe(7);
    expect(stepToResume(started, currentYear)).toBe(2);
    expect(stepToResume(viewOf(completePost.filter((e) => e.type !== 'ExpenseAdded')), currentYear)).toBe(6);
  });
});
