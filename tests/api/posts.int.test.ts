import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jane, livingCosts, refinanceLoan, salary, sydney } from '../../domain/post/test-fixtures';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { createTestApp, type TestApp } from '../support/test-app';
import { type PostMethod, type PostSession, postHelpers } from '../support/posts';
import type { TestUser } from '../support/users';

// The post calls of spec 2 §7 "Post creation" through HTTP: a whole refinance built call by call and published by
// the wizard's customer, every rule's boundary on both sides (docs/post-rules.md), nothing written on a refusal,
// other customers kept out with 404, and the applicants' personal data encrypted at rest.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const { call, newVisitor, register, created, pendingPost, completePost } = postHelpers(() => t);
type Session = PostSession;
type Method = PostMethod;

/** The request is refused with `status` (and the field's message when given) and writes nothing. */
async function refused(who: Session | null, method: Method, url: string, payload: object | undefined, status: number, field?: string, message?: string) {
  const before = await t.eventCount();
  const response = await call(who, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (field) expect(response.json().errors?.[field], response.body).toContain(message);
  expect(await t.eventCount()).toBe(before);
  return response;
}

async function accepted(who: Session, method: Method, url: string, payload?: object) {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

describe('a whole refinance with two applicants, built call by call by the wizard’s customer', () => {
  it('publishes it: the post opens for bids with its dates and the customer becomes active', async () => {
    const visitor = await newVisitor();
    const parts = await completePost(visitor);

    const before = await call(visitor, 'GET', `/v4/posts/${parts.post}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      uuid: parts.post,
      status: 'pending',
      urgency: 'within_1_month',
      owner_uuid: visitor.id,
      lvr: 75,
      lvr_warning: false,
      credit_band: { key: 'VeryGoodCreditBand', label: 'Very Good', colour: '#b6da86' },
      primary_home_loan: { uuid: parts.homeLoan, loan_amount: 450_000, user_address: sydney, home_loan_preferences: { uuid: parts.preferences, rate_type: 'any' } },
      applicants: [
        { uuid: parts.applicants[0], number: 1, full_name: 'Jane Citizen', incomes: [{ uuid: parts.income, value: 60_000 }] },
        { uuid: parts.applicants[1], number: 2, incomes: [] },
      ],
      expenses: [{ uuid: parts.expense, expense_type: 'general', applicants: [...parts.applicants], value: 3_000 }],
    });

    // Publishing needs the account registered first (the overview step).
    await refused(visitor, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' }, 409);
    await register(visitor, `chloe-${parts.post}@example.com`);

    const published = await call(visitor, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' });
    expect(published.statusCode, published.body).toBe(200);
    const view = published.json();
    expect(view.status).toBe('active');
    const publishedAt = Date.parse(view.published_at);
    expect(Date.parse(view.bidding_period_expiry_on) - publishedAt).toBe(7 * 86_400_000);
    expect(Date.parse(view.review_bids_on) - publishedAt).toBe(9 * 86_400_000);
    const me = await call(visitor, 'GET', '/v1/users/me');
    expect(me.json().status).toBe('active');

    // Validating again changes nothing.
    const count = await t.eventCount();
    expect((await call(visitor, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' })).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(count);

    const row = await sql<{ status: string; lvr: number; credit_band: string; number_of_applicants: number; home_suburb: string }>`
      select status, lvr, credit_band, number_of_applicants, home_suburb from posts where uuid = ${parts.post}`.execute(t.database.db);
    expect(row.rows[0]).toEqual({ status: 'active', lvr: 75, credit_band: 'VeryGoodCreditBand', number_of_applicants: 2, home_suburb: 'Sydney' });
  });

  it('keeps the applicants, incomes and expenses encrypted at rest', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const parts = await completePost(customer);
    const { rows } = await sql<{ type: string; data: string }>`
      select type, data::text as data from events where stream_id = ${`post-${parts.post}`}`.execute(t.database.db);
    const personal = rows.filter((r) => ['ApplicantAdded', 'IncomeAdded', 'ExpenseAdded', 'HomeLoanSet'].includes(r.type));
    expect(personal.length).toBe(5);
    for (const row of personal) {
      for (const secret of ['Jane', 'Citizen', 'Nurse', 'Sydney', '"general"']) expect(row.data).not.toContain(secret);
    }
  });
});

describe('who may touch a post', () => {
  it('answers 404 to another customer and to a provider (a draft is nobody else’s to read), writing nothing', async () => {
    const owner = await t.createUser({ userType: 'customer' });
    const other = await t.createUser({ userType: 'customer' });
    const parts = await completePost(owner);
    await refused(other, 'GET', `/v4/posts/${parts.post}`, undefined, 404);
    await refused(other, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'cancel', reason: 'Mine now' }, 404);
    await refused(other, 'PATCH', `/v2/home_loans/${parts.homeLoan}`, { home_loan: { loan_amount: 300_000 } }, 404);
    await refused(other, 'DELETE', `/v2/applicants/${parts.applicants[0]}`, undefined, 404);
    await refused(other, 'DELETE', `/v2/applicants/${parts.applicants[0]}/incomes/${parts.income}`, undefined, 404);
    await refused(other, 'DELETE', `/v2/expenses/${parts.expense}`, undefined, 404);
    await refused(other, 'POST', `/v3/posts/${parts.post}/clones`, {}, 404);
    await refused(other, 'PATCH', `/v2/users/${other.id}`, { operation: 'resend_incomplete_post_link', post_uuid: parts.post }, 404);
    const provider = await t.createUser({ userType: 'fsp' });
    // Providers read published posts only (tests/api/post-privacy.int.test.ts).
    await refused(provider, 'GET', `/v4/posts/${parts.post}`, undefined, 404);
    await refused(null, 'GET', `/v4/posts/${parts.post}`, undefined, 401);
  });

  it('lets an admin read and cancel a post, but not change it', async () => {
    const owner = await t.createUser({ userType: 'customer' });
    const parts = await completePost(owner);
    expect((await t.asAdmin({ method: 'GET', url: `/v4/posts/${parts.post}` })).statusCode).toBe(200);
    await refused(t.admin, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'update', post: { urgency: 'asap' } }, 403);
    await refused(t.admin, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'cancel', reason: '  ' }, 422, 'reason', 'The reason is required.');
    const cancelled = await call(t.admin, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'cancel', reason: 'Duplicate request' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', reason_for_cancellation: 'Duplicate request' });
    await refused(owner, 'PATCH', `/v2/home_loans/${parts.homeLoan}`, { home_loan: { loan_amount: 300_000 } }, 409);
  });
});

describe('the rules, on both sides of each boundary', () => {
  let customer: TestUser;
  beforeAll(async () => {
    customer = await t.createUser({ userType: 'customer' });
  });

  it('loan amount 200,000 to 15,000,000', async () => {
    const { homeLoan } = await pendingPost(customer, { ...refinanceLoan, property_market_value: 20_000_000 });
    const url = `/v2/home_loans/${homeLoan}`;
    await refused(customer, 'PATCH', url, { home_loan: { loan_amount: 199_999 } }, 422, 'home_loan.loan_amount', 'Min value is 200,000');
    await accepted(customer, 'PATCH', url, { home_loan: { loan_amount: 200_000 } });
    await accepted(customer, 'PATCH', url, { home_loan: { loan_amount: 15_000_000 } });
    await refused(customer, 'PATCH', url, { home_loan: { loan_amount: 15_000_001 } }, 422, 'home_loan.loan_amount', 'Max value is 15,000,000');
  });

  it('LVR at most 90 %, a warning above 80 %', async () => {
    const { post, homeLoan } = await pendingPost(customer, { ...refinanceLoan, loan_amount: 400_000, property_market_value: 500_000 });
    const url = `/v2/home_loans/${homeLoan}`;
    await refused(customer, 'PATCH', url, { home_loan: { loan_amount: 450_050 } }, 422, 'home_loan.property_market_value', 'The loan can be at most 90% of the property value');
    await accepted(customer, 'PATCH', url, { home_loan: { loan_amount: 450_000 } });
    expect((await call(customer, 'GET', `/v4/posts/${post}`)).json()).toMatchObject({ lvr: 90, lvr_warning: true });
  });

  it('applicants 1 to 4 and dependants 0 to 3 on the loan; a fifth applicant is refused', async () => {
    const { homeLoan } = await pendingPost(customer);
    const url = `/v2/home_loans/${homeLoan}`;
    await refused(customer, 'PATCH', url, { home_loan: { number_of_applicants: 0 } }, 422, 'home_loan.number_of_applicants', 'Min value is 1');
    await accepted(customer, 'PATCH', url, { home_loan: { number_of_applicants: 1 } });
    await accepted(customer, 'PATCH', url, { home_loan: { number_of_applicants: 4 } });
    await refused(customer, 'PATCH', url, { home_loan: { number_of_applicants: 5 } }, 422, 'home_loan.number_of_applicants', 'Max value is 4');
    await refused(customer, 'PATCH', url, { home_loan: { number_of_dependants: -1 } }, 422, 'home_loan.number_of_dependants', 'Min value is 0');
    await accepted(customer, 'PATCH', url, { home_loan: { number_of_dependants: 0 } });
    await accepted(customer, 'PATCH', url, { home_loan: { number_of_dependants: 3 } });
    await refused(customer, 'PATCH', url, { home_loan: { number_of_dependants: 4 } }, 422, 'home_loan.number_of_dependants', 'Max value is 3');

    for (let n = 0; n < 4; n++) await created(await call(customer, 'POST', `${url}/applicants`, { applicant: jane }));
    await refused(customer, 'POST', `${url}/applicants`, { applicant: jane }, 409);
  });

  it('interest rate 1.5 to 15', async () => {
    const { homeLoan } = await pendingPost(customer);
    const url = `/v2/home_loans/${homeLoan}`;
    await refused(customer, 'PATCH', url, { home_loan: { interest_rate: 1.49 } }, 422, 'home_loan.interest_rate', 'Min value is 1.5');
    await accepted(customer, 'PATCH', url, { home_loan: { interest_rate: 1.5 } });
    await accepted(customer, 'PATCH', url, { home_loan: { interest_rate: 15 } });
    await refused(customer, 'PATCH', url, { home_loan: { interest_rate: 15.01 } }, 422, 'home_loan.interest_rate', 'Max value is 15');
  });

  it('applicants: names, birth year, credit history', async () => {
    const { homeLoan } = await pendingPost(customer);
    const url = `/v2/home_loans/${homeLoan}/applicants`;
    const year = new Date().getFullYear();
    await refused(customer, 'POST', url, { applicant: { ...jane, first_name: 'J' } }, 422, 'applicant.first_name', 'Should be at least 2 characters');
    await refused(customer, 'POST', url, { applicant: { ...jane, date_of_birth: year - 17 } }, 422, 'applicant.date_of_birth', 'Age should be more than or equal to 18 years');
    await refused(customer, 'POST', url, { applicant: { ...jane, date_of_birth: year - 81 } }, 422, 'applicant.date_of_birth', 'Age should be less than or equal to 80 years');
    await refused(customer, 'POST', url, { applicant: { ...jane, credit_history: 'great' } }, 422, 'applicant.credit_history', 'Choose one of the listed values');
    await refused(customer, 'POST', url, { applicant: { ...jane, rent_expenses_value: 4_001, rent_expenses_period: 'weekly_expenses_period' } }, 422, 'applicant.rent_expenses_value', 'Max value is 4,000 weekly');
    const applicant = await created(await call(customer, 'POST', url, { applicant: { ...jane, date_of_birth: year - 18 } }));
    await accepted(customer, 'PATCH', `/v2/applicants/${applicant}`, { applicant: { date_of_birth: year - 80 } });
    await refused(customer, 'PATCH', `/v2/applicants/${applicant}`, { applicant: { last_name: ' ' } }, 422, 'applicant.last_name', 'This field is required');
  });

  it('incomes: above 0 and below 5,000,000 a year', async () => {
    const { homeLoan } = await pendingPost(customer);
    const applicant = await created(await call(customer, 'POST', `/v2/home_loans/${homeLoan}/applicants`, { applicant: jane }));
    const url = `/v2/applicants/${applicant}/incomes`;
    await refused(customer, 'POST', url, { income: { ...salary, value: 0 } }, 422, 'income.value', 'Should be more than 0');
    await refused(customer, 'POST', url, { income: { ...salary, value: 5_000_000 } }, 422, 'income.value', 'Should be less than 5,000,000 a year');
    await refused(customer, 'POST', url, { income: { ...salary, period: 'weekly_income_period', value: 96_154 } }, 422, 'income.value', 'Should be less than 5,000,000 a year');
    await refused(customer, 'POST', url, { income: { ...salary, category: 'aged_pension' } }, 422, 'income.category', 'Choose a category of this income type');
    const income = await created(await call(customer, 'POST', url, { income: { ...salary, value: 4_999_999 } }));
    await accepted(customer, 'PATCH', `${url}/${income}`, { income: { period: 'weekly_income_period', value: 96_153 } });
    await refused(customer, 'PATCH', `${url}/${income}`, { income: { value: 96_154 } }, 422, 'income.value', 'Should be less than 5,000,000 a year');
  });

  it('expenses by period, with at least one applicant of the post', async () => {
    const { homeLoan } = await pendingPost(customer);
    const applicant = await created(await call(customer, 'POST', `/v2/home_loans/${homeLoan}/applicants`, { applicant: jane }));
    const url = `/v2/home_loans/${homeLoan}/expenses`;
    const add = (expense: object, applicants: unknown = [applicant]) => ({ applicants, expense });
    await refused(customer, 'POST', url, add({ expense_type: 'general', value: 12, period: 'weekly_expenses_period' }), 422, 'expense.value', 'Min value is 12.5 weekly');
    await created(await call(customer, 'POST', url, add({ expense_type: 'general', value: 12.5, period: 'weekly_expenses_period' })));
    await refused(customer, 'POST', url, add({ expense_type: 'general', value: 100_001, period: 'monthly_expenses_period' }), 422, 'expense.value', 'Max value is 100,000 monthly');
    await created(await call(customer, 'POST', url, add({ expense_type: 'rent', value: 4_000, period: 'weekly_expenses_period' })));
    await refused(customer, 'POST', url, add({ expense_type: 'rent', value: 4_001, period: 'weekly_expenses_period' }), 422, 'expense.value', 'Max value is 4,000 weekly');
    const loan = { expense_type: 'personal_or_car_loan', value: 20_000, repayment: 25_000, period: 'fortnightly_expenses_period' };
    const personalLoan = await created(await call(customer, 'POST', url, add(loan)));
    await refused(customer, 'PATCH', `/v2/expenses/${personalLoan}`, add({ ...loan, repayment: 25_001 }), 422, 'expense.repayment', 'Max value is 25,000 fortnightly');
    const card = { expense_type: 'credit_card_limits', value: 300_000, balance_owing: 15_000 };
    await created(await call(customer, 'POST', url, add(card)));
    await refused(customer, 'POST', url, add({ ...card, balance_owing: 15_001 }), 422, 'expense.balance_owing', 'Max value is 15,000');
    await refused(customer, 'POST', url, add({ ...card, value: 300_001 }), 422, 'expense.value', 'Max value is 300,000');
    await refused(customer, 'POST', url, add(card, []), 422, 'expense.applicants', 'Select at least one applicant');
    await refused(customer, 'POST', url, add(card, ['66666666-6666-4666-8666-666666666669']), 422, 'expense.applicants', 'Select applicants of this post');
  });

  it('preferences: a lender type, and the line-of-credit conflicts', async () => {
    const { preferences } = await pendingPost(customer);
    const url = `/v2/home_loan_preferences/${preferences}`;
    const no = { big_four_banks: 'no', online_banks: 'no', other_banks: 'no', credit_unions_and_other_institutions: 'no' };
    await refused(customer, 'PATCH', url, { home_loan_preferences: no }, 422, 'home_loan_preferences.lender_types', 'Choose yes or optional for at least one lender type');
    await refused(customer, 'PATCH', url, { home_loan_preferences: { line_of_credit: 'yes', rate_type: 'fixed' } }, 422, 'home_loan_preferences.line_of_credit', 'A line of credit cannot be required with a fixed or any rate type');
    await refused(customer, 'PATCH', url, { home_loan_preferences: { line_of_credit: 'yes', rate_type: 'variable', offset_account: 'yes' } }, 422, 'home_loan_preferences.offset_account', 'A line of credit and an offset account cannot both be required');
    await accepted(customer, 'PATCH', url, { home_loan_preferences: { line_of_credit: 'yes', rate_type: 'variable' } });
  });

  it('publishing: total yearly income 49,999 / 50,000 and every applicant covered by a general expense', async () => {
    const parts = await completePost(customer);
    const validate = { operation: 'validate' };
    const incomeUrl = `/v2/applicants/${parts.applicants[0]}/incomes/${parts.income}`;
    await accepted(customer, 'PATCH', incomeUrl, { income: { value: 49_999 } });
    await refused(customer, 'PATCH', `/v2/posts/${parts.post}`, validate, 422, 'incomes', 'The total yearly income must be at least 50,000');
    await accepted(customer, 'PATCH', incomeUrl, { income: { value: 50_000 } });
    const { applicants: _applicants, ...living } = livingCosts;
    await accepted(customer, 'PATCH', `/v2/expenses/${parts.expense}`, { applicants: [parts.applicants[0]], expense: living });
    await refused(customer, 'PATCH', `/v2/posts/${parts.post}`, validate, 422, 'expenses', 'Every applicant must be covered by a general expense');
    await accepted(customer, 'PATCH', `/v2/expenses/${parts.expense}`, { applicants: [...parts.applicants], expense: living });
    expect((await accepted(customer, 'PATCH', `/v2/posts/${parts.post}`, validate)).json().status).toBe('active');
  });

  it('never lets an open post break a rule', async () => {
    const parts = await completePost(customer);
    await accepted(customer, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' });
    await refused(customer, 'DELETE', `/v2/applicants/${parts.applicants[1]}`, undefined, 422, 'applicants', 'The number of applicants is 2: add or remove applicants to match');
    await refused(customer, 'DELETE', `/v2/expenses/${parts.expense}`, undefined, 422, 'expenses', 'Every applicant must be covered by a general expense');
    await refused(customer, 'PATCH', `/v2/home_loans/${parts.homeLoan}`, { home_loan: { interest_rate: null } }, 422, 'home_loan.interest_rate', 'This field is required');
    await refused(customer, 'DELETE', `/v1/posts/${parts.post}`, undefined, 409);
    expect((await call(customer, 'GET', `/v4/posts/${parts.post}`)).json().status).toBe('active');
  });

  it('refuses unknown fields and operations without a 500', async () => {
    const { post, homeLoan } = await pendingPost(customer);
    await refused(customer, 'PATCH', `/v2/home_loans/${homeLoan}`, { home_loan: { loan_amount: 300_000, colour: 'red' } }, 422, 'home_loan.colour', 'Unknown field.');
    await refused(customer, 'PATCH', `/v2/posts/${post}`, { operation: 'paint_it_red' }, 422);
    // A lifecycle operation before publishing is a conflict with the post's status, not bad input.
    await refused(customer, 'PATCH', `/v2/posts/${post}`, { operation: 'end_bidding_period' }, 409);
    await refused(customer, 'PATCH', `/v2/home_loans/${homeLoan}`, { home_loan: { loan_amount: '300000' } }, 422, 'home_loan.loan_amount', 'Should be a number');
    await refused(customer, 'POST', `/v2/home_loans/${homeLoan}/applicants`, { applicant: 'Jane' }, 422);
    await refused(customer, 'POST', `/v2/posts/${post}/home_loans`, { home_loan: refinanceLoan }, 409);
    await refused(customer, 'POST', '/v2/products/00000000-0000-4000-8000-000000000000/posts', { post: {} }, 404);
  });
});

describe('removing parts', () => {
  it('answers 204 for a part already gone, and an applicant takes their incomes and sole expenses along', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const parts = await completePost(customer);
    const url = `/v2/home_loans/${parts.homeLoan}/expenses`;
    const solo = await created(await call(customer, 'POST', url, { applicants: [parts.applicants[0]], expense: { expense_type: 'rent', value: 500, period: 'weekly_expenses_period' } }));
    expect((await call(customer, 'DELETE', `/v2/expenses/${solo}`)).statusCode).toBe(204);
    const before = await t.eventCount();
    expect((await call(customer, 'DELETE', `/v2/expenses/${solo}`)).statusCode).toBe(204);
    expect(await t.eventCount()).toBe(before);

    expect((await call(customer, 'DELETE', `/v2/applicants/${parts.applicants[0]}`)).statusCode).toBe(204);
    expect((await call(customer, 'DELETE', `/v2/applicants/${parts.applicants[0]}/incomes/${parts.income}`)).statusCode).toBe(204);
    expect((await call(customer, 'DELETE', `/v2/applicants/${parts.applicants[0]}`)).statusCode).toBe(204);
    const view = (await call(customer, 'GET', `/v4/posts/${parts.post}`)).json();
    expect(view.applicants.map((a: { uuid: string }) => a.uuid)).toEqual([parts.applicants[1]]);
    expect(view.expenses).toMatchObject([{ uuid: parts.expense, applicants: [parts.applicants[1]] }]);
    expect(view.credit_band).toMatchObject({ key: 'AverageCreditBand' });
    await refused(customer, 'DELETE', `/v2/expenses/66666666-6666-4666-8666-666666666669`, undefined, 404);
  });

  it('resets a pending post (DELETE /v1/posts/{id}) and copies a post', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const parts = await completePost(customer);
    const copy = await call(customer, 'POST', `/v3/posts/${parts.post}/clones`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'pending', applicants: [{ first_name: 'Jane', incomes: [{ value: 60_000 }] }, { first_name: 'John' }], expenses: [{ expense_type: 'general' }] });
    expect(copy.json().uuid).not.toBe(parts.post);
    expect(copy.json().applicants[0].uuid).not.toBe(parts.applicants[0]);

    expect((await call(customer, 'DELETE', `/v1/posts/${parts.post}`)).statusCode).toBe(204);
    expect((await call(customer, 'GET', `/v4/posts/${parts.post}`)).json().status).toBe('cancelled');
    expect((await call(customer, 'DELETE', `/v1/posts/${parts.post}`)).statusCode).toBe(204);
  });
});

describe('validations without saving (POST /v2/validations)', () => {
  it('answers 200 or the field errors, for anyone, writing nothing', async () => {
    const ok = await call(null, 'POST', '/v2/validations', { validation: { type: 'home_loan_draft', data: { loan_amount: 200_000 } } });
    expect(ok.statusCode, ok.body).toBe(200);
    await refused(null, 'POST', '/v2/validations', { validation: { type: 'home_loan_draft', data: { loan_amount: 199_999 } } }, 422, 'home_loan.loan_amount', 'Min value is 200,000');
    await refused(null, 'POST', '/v2/validations', { validation: { type: 'applicant', data: { ...jane, first_name: 'J' } } }, 422, 'applicant.first_name', 'Should be at least 2 characters');
    await refused(null, 'POST', '/v2/validations', { validation: { type: 'home_loan', data: { loan_type: 'refinance' } } }, 422, 'home_loan.loan_amount', 'This field is required');
    await refused(null, 'POST', '/v2/validations', { validation: { type: 'nonsense', data: {} } }, 422);
  });
});

describe('the incomplete-post link', () => {
  it('e-mails a link with a fresh user key that resumes the own pending post', async () => {
    const visitor = await newVisitor();
    const { post } = await pendingPost(visitor);
    await refused(visitor, 'PATCH', `/v2/users/${visitor.id}`, { operation: 'resend_incomplete_post_link', post_uuid: post }, 409);
    await register(visitor, `resume-${post}@example.com`);
    const sent = await call(visitor, 'PATCH', `/v2/users/${visitor.id}`, { operation: 'resend_incomplete_post_link', post_uuid: post });
    expect(sent.statusCode, sent.body).toBe(202);

    let text: string | undefined;
    for (let i = 0; i < 100 && !text; i++) {
      const { rows } = await sql<{ text_body: string }>`
        select text_body from outbox_messages where data_subject = ${visitor.id} and template = 'incomplete-post'`.execute(t.database.db);
      text = rows[0]?.text_body;
      if (!text) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const link = new URL(/(http\S+create-post\S+)/.exec(text ?? '')![1]!);
    expect(link.searchParams.get('post_uuid')).toBe(post);
    const tokens = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'user_key', user_key: link.searchParams.get('user_key') } });
    expect(tokens.statusCode).toBe(200);
  });
});

describe('an erased owner', () => {
  it('reads as null: the post keeps its terms, the personal fields and places are gone', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const parts = await completePost(customer);
    const erased = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${customer.id}` });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const view = (await t.asAdmin({ method: 'GET', url: `/v4/posts/${parts.post}` })).json();
    expect(view.primary_home_loan).toMatchObject({ loan_amount: 450_000, user_address: null, cash_savings: null });
    expect(view.applicants[0]).toMatchObject({ uuid: parts.applicants[0], first_name: null, full_name: null, credit_history: null });
    expect(view.applicants[0].incomes[0]).toMatchObject({ uuid: parts.income, value: null });
    expect(view.expenses[0]).toMatchObject({ uuid: parts.expense, expense_type: null, applicants: [] });
    const position = parsePosition(String(erased.headers['x-position']));
    if (position) await waitForProjections(t.database.db, ['posts'], position, { timeoutMs: 5000 });
    const { rows } = await sql<{ home_suburb: string | null; credit_band: string | null }>`
      select home_suburb, credit_band from posts where uuid = ${parts.post}`.execute(t.database.db);
    expect(rows[0]).toEqual({ home_suburb: null, credit_band: null });
  });
});
