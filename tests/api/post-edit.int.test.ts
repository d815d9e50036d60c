import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../domain/post/schemas';
import { jane, livingCosts, salary } from '../../domain/post/test-fixtures';
import { homeLoanProduct } from '../../domain/product/products';
import { type PostSession, postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';

// The edit screen's save (`PATCH /v2/posts/{id} {operation: 'edit', changes}`): an open post must stay complete, so
// changes that only make sense together (a new applicant, the number of applicants, the general expense covering
// them) are decided as one; anything wrong refuses them all and writes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const { call, newVisitor, register, completePost } = postHelpers(() => t);

async function openPost(who: PostSession) {
  const parts = await completePost(who);
  await register(who, `owner-${parts.post}@example.com`);
  expect((await call(who, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' })).json().status).toBe('active');
  return parts;
}

const edit = (who: PostSession, post: string, changes: object[]) => call(who, 'PATCH', `/v2/posts/${post}`, { operation: 'edit', changes });
const { applicants: _covered, ...living } = livingCosts;

describe('editing an open post', () => {
  it('adds an applicant with the number of applicants and the expense that covers them, as one change', async () => {
    const owner = await newVisitor();
    const parts = await openPost(owner);
    const third = randomUUID();
    const before = await t.eventCount();

    // Alone, the new applicant would leave the open post incomplete: refused, nothing written.
    const alone = await edit(owner, parts.post, [{ type: 'add_applicant', uuid: third, applicant: { ...jane, first_name: 'Jo' } }]);
    expect(alone.json()).toMatchObject({ status: 422, code: 'POST_INCOMPLETE' });
    expect(await t.eventCount()).toBe(before);

    const together = await edit(owner, parts.post, [
      { type: 'change_home_loan', home_loan: { number_of_applicants: 3 } },
      { type: 'add_applicant', uuid: third, applicant: { ...jane, first_name: 'Jo' } },
      { type: 'change_expense', uuid: parts.expense, expense: { ...living, applicants: [...parts.applicants, third] } },
    ]);
    expect(together.statusCode, together.body).toBe(200);
    expect(together.json()).toMatchObject({ status: 'active', applicants: [{}, {}, { uuid: third, first_name: 'Jo', number: 3 }] });
    expect(together.json().expenses[0].applicants).toEqual([...parts.applicants, third]);
  });

  it('removes an applicant with their incomes, and lowers the number, as one change', async () => {
    const owner = await newVisitor();
    const parts = await openPost(owner);
    // The first applicant holds the only income; the second gets one first, so the total income stays enough.
    const income = randomUUID();
    const salary = { income_type: 'employment_income', category: 'payg', description: 'Teacher', tax: 'before_tax', frequency: 'regular', period: 'yearly_income_period', value: 70_000 };
    const removed = await edit(owner, parts.post, [
      { type: 'add_income', uuid: income, applicant_uuid: parts.applicants[1], income: salary },
      { type: 'remove_applicant', uuid: parts.applicants[0] },
      { type: 'change_home_loan', home_loan: { number_of_applicants: 1 } },
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    const view = removed.json();
    expect(view.applicants.map((a: { uuid: string }) => a.uuid)).toEqual([parts.applicants[1]]);
    expect(view.applicants[0].incomes.map((i: { uuid: string }) => i.uuid)).toEqual([income]);
    expect(view.expenses[0].applicants).toEqual([parts.applicants[1]]);
  });

  it('names the change and field at fault, refuses ids already used, and writes nothing', async () => {
    const owner = await newVisitor();
    const parts = await openPost(owner);
    const before = await t.eventCount();
    const invalid = await edit(owner, parts.post, [
      { type: 'change_home_loan', home_loan: { number_of_applicants: 3 } },
      { type: 'add_applicant', uuid: randomUUID(), applicant: { ...jane, first_name: 'J' } },
    ]);
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toContain('changes.1.applicant.first_name');
    const reused = await edit(owner, parts.post, [{ type: 'add_applicant', uuid: parts.applicants[0], applicant: jane }]);
    expect(reused.json().errors).toEqual({ 'changes.0.uuid': ['This id is already used.'] });
    const unknown = await edit(owner, parts.post, [{ type: 'fly' }]);
    expect(unknown.statusCode).toBe(422);
    expect(await t.eventCount()).toBe(before);
  });

  it("is the owner's only: another customer gets 404", async () => {
    const owner = await newVisitor();
    const parts = await openPost(owner);
    const stranger = await t.createUser({ userType: 'customer' });
    const answer = await edit(stranger, parts.post, [{ type: 'change_home_loan', home_loan: { number_of_dependants: 1 } }]);
    expect(answer.statusCode).toBe(404);
  });
});

// A wizard step is one request (docs/architecture.md "Where a post's detail is read from"): the step's parts go as
// one edit of the pending post, and the answer is the post as saved, the same the next read shows.
describe("a wizard step's save", () => {
  it('sets, adds and changes the parts of a pending post in one PATCH that answers the updated post', async () => {
    const owner = await newVisitor();
    const started = await call(owner, 'POST', `/v2/products/${homeLoanProduct.uuid}/posts`, { post: { urgency: 'within_1_month' } });
    const post = started.json().uuid as string;
    const [loan, preferences, applicant, income] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

    // Step 1 and 2: the urgency, a draft of the loan (only the fields given are checked) and its preferences.
    const intro = await edit(owner, post, [
      { type: 'change_post', post: { urgency: 'within_3_months' } },
      { type: 'set_home_loan', uuid: loan, home_loan: { loan_type: 'refinance', loan_purpose: 'owner' } },
      { type: 'set_preferences', uuid: preferences, home_loan_preferences: defaultPreferences },
    ]);
    expect(intro.statusCode, intro.body).toBe(200);
    expect(intro.headers['x-position']).toEqual(expect.any(String));
    expect(intro.json()).toMatchObject({
      uuid: post,
      status: 'pending',
      urgency: 'within_3_months',
      primary_home_loan: { uuid: loan, loan_type: 'refinance', loan_purpose: 'owner', home_loan_preferences: { uuid: preferences } },
    });

    // Steps 4 and 5: the counts on the loan, an applicant, and an income of that applicant named by its new id.
    const people = await edit(owner, post, [
      { type: 'change_home_loan', home_loan: { number_of_applicants: 1, number_of_dependants: 0 } },
      { type: 'add_applicant', uuid: applicant, applicant: jane },
      { type: 'add_income', uuid: income, applicant_uuid: applicant, income: salary },
    ]);
    expect(people.statusCode, people.body).toBe(200);
    const answered = people.json();
    expect(answered).toMatchObject({ primary_home_loan: { number_of_applicants: 1 }, applicants: [{ uuid: applicant, first_name: jane.first_name }] });
    expect(answered.applicants[0].incomes.map((i: { uuid: string }) => i.uuid)).toEqual([income]);
    // The answer is the post as the next read shows it: the wizard needs no read after its step.
    expect((await call(owner, 'GET', `/v4/posts/${post}`)).json()).toEqual(answered);
  });

  it('names the change at fault (preferences before a loan, a loan amount out of bounds) and writes nothing', async () => {
    const owner = await newVisitor();
    const post = (await call(owner, 'POST', `/v2/products/${homeLoanProduct.uuid}/posts`, { post: {} })).json().uuid as string;
    const before = await t.eventCount();
    const early = await edit(owner, post, [{ type: 'set_preferences', uuid: randomUUID(), home_loan_preferences: defaultPreferences }]);
    expect(early.json()).toMatchObject({ status: 422, code: 'POST_INVALID', errors: { 'changes.0.home_loan_preferences': ['Add the home loan first.'] } });
    const badLoan = await edit(owner, post, [{ type: 'set_home_loan', uuid: randomUUID(), home_loan: { loan_amount: 1 } }]);
    expect(badLoan.json()).toMatchObject({ status: 422, code: 'POST_INVALID' });
    expect(Object.keys(badLoan.json().errors)).toEqual(['changes.0.home_loan.loan_amount']);
    expect(await t.eventCount()).toBe(before);
  });
});
