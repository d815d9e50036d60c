import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { checkPostComplete } from './completeness';
import { currentYearAt, postDecider, postErrors, type PostState } from './decider';
import type { PostEvent } from './events';
import {
  applicantIds,
  asOwner,
  completePost,
  currentYear,
  expenseIds,
  homeLoanId,
  incomeIds,
  jane,
  john,
  livingCosts,
  now,
  otherUserId,
  ownerId,
  type PostCommandBody,
  postId,
  preferencesId,
  productId,
  published,
  refinanceLoan,
  salary,
  started,
  withMetadata,
} from './test-fixtures';

const given = (events: PostEvent[]) => ({ when: (body: PostCommandBody, metadata = asOwner) => specFor(postDecider)(events).when(withMetadata(body, metadata)) });
const ref = { post_id: postId, owner_id: ownerId };
const fold = (events: PostEvent[]): PostState => events.reduce(postDecider.evolve, postDecider.initialState());
const failsWith = (code: string) => expect.objectContaining({ ok: false, error: expect.objectContaining({ code }) });
const active = [...completePost, published];

describe('post', () => {
  describe('when nothing exists yet', () => {
    it('the owner starts a pending post', () => {
      expect(given([]).when({ type: 'StartPost', data: { ...ref, product_id: productId, origin: 'auction', urgency: 'within_1_month', campaign_slug: null, campaign_id: null } })).toEqual({
        ok: true,
        events: [started],
      });
      expect(fold([started]).status).toBe('pending');
    });
    it('nobody starts a post for someone else', () => {
      const start: PostCommandBody = { type: 'StartPost', data: { post_id: postId, owner_id: otherUserId, product_id: productId, origin: 'matching', urgency: null, campaign_slug: null, campaign_id: null } };
      expect(given([]).when(start)).toEqual(failsWith(postErrors.notOwner));
    });
    it('nothing else can happen to it', () => {
      expect(given([]).when({ type: 'PublishPost', data: { post_id: postId } })).toEqual(failsWith(postErrors.notFound));
    });
  });

  describe('when the post is pending', () => {
    it('cannot be started twice', () => {
      expect(given([started]).when({ type: 'StartPost', data: { ...ref, product_id: productId, origin: 'auction', urgency: null, campaign_slug: null, campaign_id: null } })).toEqual(
        failsWith(postErrors.alreadyExists),
      );
    });
    it('takes commands from its owner only', () => {
      const sort: PostCommandBody = { type: 'SetPostSort', data: { post_id: postId, sort_by: 'comparison_rate' } };
      expect(given([started]).when(sort, { actor: { user_id: otherUserId, admin: false }, now })).toEqual(failsWith(postErrors.notOwner));
      expect(given([started]).when(sort, { actor: { user_id: otherUserId, admin: true }, now })).toEqual(failsWith(postErrors.notOwner));
      expect(given([started]).when(sort)).toEqual({ ok: true, events: [{ type: 'PostSortSet', data: { ...ref, sort_by: 'comparison_rate' } }] });
    });
    it('saves a home loan draft: only the given fields are checked', () => {
      const draft = { loan_type: 'refinance', loan_amount: 300_000 } as const;
      const decision = given([started]).when({ type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, home_loan: draft } });
      expect(decision).toMatchObject({ ok: true, events: [{ type: 'HomeLoanSet', data: { home_loan: { loan_type: 'refinance', loan_amount: 300_000, cash_savings: null } } }] });
    });
    it('refuses a loan above 90% of the value with a field error, and writes nothing', () => {
      const decision = given([started]).when({
        type: 'SetHomeLoan',
        data: { post_id: postId, home_loan_id: homeLoanId, home_loan: { loan_amount: 540_001, property_market_value: 600_000 } },
      });
      expect(decision).toEqual({
        ok: false,
        error: { code: postErrors.invalid, message: 'The post has invalid fields.', errors: { property_market_value: ['The loan can be at most 90% of the property value'] } },
      });
    });
    it('changes only the loan fields that differ', () => {
      const events = completePost.slice(0, 2);
      expect(given(events).when({ type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes: { loan_amount: 500_000, interest_rate: 6.2 } } })).toEqual({
        ok: true,
        events: [{ type: 'HomeLoanChanged', data: { ...ref, home_loan_id: homeLoanId, changes: { loan_amount: 500_000 } } }],
      });
      expect(given(events).when({ type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes: { interest_rate: 6.2 } } })).toEqual({ ok: true, events: [] });
    });
    it('has one home loan and one set of preferences', () => {
      const events = completePost.slice(0, 3);
      expect(given(events).when({ type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: otherUserId, home_loan: {} } })).toEqual(failsWith(postErrors.homeLoanAlreadySet));
      expect(given(events).when({ type: 'SetPreferences', data: { post_id: postId, home_loan_id: homeLoanId, preferences_id: otherUserId, preferences: completePreferences() } })).toEqual(
        failsWith(postErrors.preferencesAlreadySet),
      );
    });
    it('refuses the preferences conflicts', () => {
      const events = completePost.slice(0, 3);
      const decision = given(events).when({ type: 'ChangePreferences', data: { post_id: postId, preferences_id: preferencesId, changes: { line_of_credit: 'yes', offset_account: 'yes' } } });
      expect(decision).toMatchObject({
        ok: false,
        error: {
          code: postErrors.invalid,
          errors: {
            line_of_credit: ['A line of credit cannot be required with a fixed or any rate type', 'A line of credit and an offset account cannot both be required'],
            offset_account: ['A line of credit and an offset account cannot both be required'],
          },
        },
      });
    });
    it('adds applicants to the home loan, numbered 1 to 4, at most 4', () => {
      const loan = completePost.slice(0, 2);
      expect(given(loan).when(addApplicant(applicantIds[0], jane))).toEqual({
        ok: true,
        events: [{ type: 'ApplicantAdded', data: { ...ref, applicant_id: applicantIds[0], number: 1, applicant: jane } }],
      });
      const four: PostEvent[] = [0, 1, 2, 3].map((n) => ({ type: 'ApplicantAdded', data: { ...ref, applicant_id: `a${n}`, number: n + 1, applicant: jane } }));
      expect(given([...loan, ...four]).when(addApplicant(applicantIds[0], jane))).toEqual(failsWith(postErrors.applicantsLimit));
      expect(given([started]).when(addApplicant(applicantIds[0], jane))).toEqual(failsWith(postErrors.homeLoanNotFound));
    });
    it('gives a new applicant the number a removed one left free', () => {
      const events: PostEvent[] = [...completePost.slice(0, 5), { type: 'ApplicantRemoved', data: { ...ref, applicant_id: applicantIds[0] } }];
      expect(given(events).when(addApplicant(applicantIds[2], jane))).toMatchObject({ ok: true, events: [{ data: { number: 1 } }] });
    });
    it('refuses an applicant younger than 18 in the current year', () => {
      expect(given(completePost.slice(0, 2)).when(addApplicant(applicantIds[0], { ...jane, date_of_birth: currentYear - 17 }))).toMatchObject({
        ok: false,
        error: { code: postErrors.invalid, errors: { date_of_birth: ['Age should be more than or equal to 18 years'] } },
      });
    });
    it('never reuses the id of a removed part', () => {
      const events: PostEvent[] = [...completePost, { type: 'IncomeRemoved', data: { ...ref, income_id: incomeIds[0], applicant_id: applicantIds[0] } }];
      expect(given(events).when(addIncome(incomeIds[0], applicantIds[0]))).toEqual(failsWith(postErrors.partAlreadyExists));
    });
    it('adds incomes only to an applicant of the post', () => {
      expect(given(completePost).when(addIncome(incomeIds[1], applicantIds[2]))).toEqual(failsWith(postErrors.applicantNotFound));
      expect(given(completePost).when(addIncome(incomeIds[1], applicantIds[1]))).toMatchObject({ ok: true, events: [{ type: 'IncomeAdded' }] });
    });
    it('adds expenses of applicants of the post only, at least one', () => {
      const decision = (applicants: string[]) =>
        given(completePost).when({ type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id: expenseIds[1], expense: { ...livingCosts, applicants } } });
      expect(decision([applicantIds[2]])).toMatchObject({ ok: false, error: { errors: { applicants: ['Select applicants of this post'] } } });
      expect(decision([])).toMatchObject({ ok: false, error: { errors: { applicants: ['Select at least one applicant'] } } });
      expect(decision([applicantIds[1]])).toMatchObject({ ok: true, events: [{ type: 'ExpenseAdded' }] });
    });
    it('removing an applicant removes their incomes and takes them off the expenses', () => {
      const ownExpense: PostEvent = { type: 'ExpenseAdded', data: { ...ref, expense_id: expenseIds[1], expense: { ...livingCosts, applicants: [applicantIds[0]] } } };
      expect(given([...completePost, ownExpense]).when({ type: 'RemoveApplicant', data: { post_id: postId, applicant_id: applicantIds[0] } })).toEqual({
        ok: true,
        events: [
          { type: 'IncomeRemoved', data: { ...ref, income_id: incomeIds[0], applicant_id: applicantIds[0] } },
          { type: 'ExpenseChanged', data: { ...ref, expense_id: expenseIds[0], expense: { ...livingCosts, applicants: [applicantIds[1]] } } },
          { type: 'ExpenseRemoved', data: { ...ref, expense_id: expenseIds[1] } },
          { type: 'ApplicantRemoved', data: { ...ref, applicant_id: applicantIds[0] } },
        ],
      });
    });
    it('deleting an income, an expense or an applicant already gone changes nothing and is accepted', () => {
      expect(given(completePost).when({ type: 'RemoveIncome', data: { post_id: postId, income_id: incomeIds[1] } })).toEqual({ ok: true, events: [] });
      expect(given(completePost).when({ type: 'RemoveExpense', data: { post_id: postId, expense_id: expenseIds[1] } })).toEqual({ ok: true, events: [] });
      expect(given(completePost).when({ type: 'RemoveApplicant', data: { post_id: postId, applicant_id: applicantIds[2] } })).toEqual({ ok: true, events: [] });
    });
    it('publishes a complete post with the default bidding period (7 days) and review time (2 days after)', () => {
      expect(given(completePost).when({ type: 'PublishPost', data: { post_id: postId } })).toEqual({ ok: true, events: [published] });
    });
    it('publishes with the configured periods', () => {
      expect(given(completePost).when({ type: 'PublishPost', data: { post_id: postId, settings: { bidding_period_days: 3, review_period_days: 1 } } })).toMatchObject({
        ok: true,
        events: [{ data: { bidding_period_expiry_on: '2026-03-05T00:00:00.000Z', review_bids_on: '2026-03-06T00:00:00.000Z' } }],
      });
      expect(given(completePost).when({ type: 'PublishPost', data: { post_id: postId, settings: { bidding_period_days: 0, review_period_days: 1 } } })).toEqual(
        failsWith(postErrors.publishSettingsInvalid),
      );
    });
    it('does not publish an incomplete post, and says what is missing', () => {
      const decision = given(completePost.slice(0, 5)).when({ type: 'PublishPost', data: { post_id: postId } });
      expect(decision).toEqual({
        ok: false,
        error: {
          code: postErrors.incomplete,
          message: 'The post is not complete.',
          errors: { incomes: ['The total yearly income must be at least 50,000'], expenses: ['Every applicant must be covered by a general expense'] },
        },
      });
    });
    it('needs as many applicants as the loan says', () => {
      const withThird: PostEvent = { type: 'ApplicantAdded', data: { ...ref, applicant_id: applicantIds[2], number: 3, applicant: jane } };
      expect(given([...completePost, withThird]).when({ type: 'PublishPost', data: { post_id: postId } })).toMatchObject({
        ok: false,
        error: { errors: { applicants: ['The number of applicants is 2: add or remove applicants to match'] } },
      });
    });
    it('cancels only with a reason', () => {
      expect(given([started]).when({ type: 'CancelPost', data: { post_id: postId, reason: '  ' } })).toMatchObject({
        ok: false,
        error: { code: postErrors.reasonRequired, message: 'The reason is required.' },
      });
      expect(given([started]).when({ type: 'CancelPost', data: { post_id: postId, reason: ' Found a loan ' } })).toEqual({
        ok: true,
        events: [{ type: 'PostCancelled', data: { ...ref, reason: 'Found a loan', cancelled_by: ownerId } }],
      });
    });
  });

  describe('when the post is active', () => {
    it('validating it again changes nothing', () => {
      expect(given(active).when({ type: 'PublishPost', data: { post_id: postId } })).toEqual({ ok: true, events: [] });
    });
    it('stays editable while complete', () => {
      expect(given(active).when({ type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes: { loan_amount: 400_000 } } })).toMatchObject({
        ok: true,
        events: [{ type: 'HomeLoanChanged' }],
      });
    });
    it('refuses a change that leaves a rule broken', () => {
      expect(given(active).when({ type: 'RemoveExpense', data: { post_id: postId, expense_id: expenseIds[0] } })).toMatchObject({
        ok: false,
        error: { code: postErrors.incomplete, errors: { expenses: ['Every applicant must be covered by a general expense'] } },
      });
      expect(given(active).when({ type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes: { cash_savings: null } } })).toMatchObject({
        ok: false,
        error: { code: postErrors.invalid, errors: { cash_savings: ['This field is required'] } },
      });
    });
    it('takes several changes together when one alone would break a rule', () => {
      const edit: PostCommandBody = {
        type: 'EditPost',
        data: {
          post_id: postId,
          commands: [
            { type: 'RemoveApplicant', data: { post_id: postId, applicant_id: applicantIds[1] } },
            { type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes: { number_of_applicants: 1 } } },
          ],
        },
      };
      expect(given(active).when(edit.data.commands[0] as PostCommandBody)).toEqual(failsWith(postErrors.incomplete));
      const decision = given(active).when(edit);
      expect(decision).toMatchObject({ ok: true, events: [{ type: 'ExpenseChanged' }, { type: 'ApplicantRemoved' }, { type: 'HomeLoanChanged' }] });
    });
    it('an admin may cancel it, someone else may not', () => {
      const cancel: PostCommandBody = { type: 'CancelPost', data: { post_id: postId, reason: 'Duplicate post' } };
      expect(given(active).when(cancel, { actor: { user_id: otherUserId, admin: true }, now })).toMatchObject({ ok: true, events: [{ data: { cancelled_by: otherUserId } }] });
      expect(given(active).when(cancel, { actor: { user_id: otherUserId, admin: false }, now })).toEqual(failsWith(postErrors.notOwner));
    });
    it('records an update request with its message', () => {
      expect(given(active).when({ type: 'RequestPostUpdate', data: { post_id: postId, message: '' } })).toEqual(failsWith(postErrors.messageRequired));
      expect(given(active).when({ type: 'RequestPostUpdate', data: { post_id: postId, message: 'Please change my rate type.' } })).toEqual({
        ok: true,
        events: [{ type: 'PostUpdateRequested', data: { ...ref, message: 'Please change my rate type.' } }],
      });
    });
  });

  describe('when the post is cancelled', () => {
    const cancelled: PostEvent[] = [...active, { type: 'PostCancelled', data: { ...ref, reason: 'No longer needed', cancelled_by: ownerId } }];
    it('accepts no change', () => {
      for (const body of [
        addIncome(incomeIds[1], applicantIds[0]),
        { type: 'PublishPost', data: { post_id: postId } },
        { type: 'CancelPost', data: { post_id: postId, reason: 'Again' } },
        { type: 'SetPostSort', data: { post_id: postId, sort_by: 'interest_rate' } },
      ] satisfies PostCommandBody[]) {
        expect(given(cancelled).when(body).ok).toBe(false);
      }
    });
  });

  describe('when an admin deletes the post', () => {
    const remove: PostCommandBody = { type: 'DeletePost', data: { post_id: postId } };
    const asAdmin = { actor: { user_id: otherUserId, admin: true }, now };
    it('deletes it in any status; the owner may not', () => {
      expect(given(active).when(remove)).toEqual(failsWith('POST_ACTION_NOT_ALLOWED'));
      expect(given([started]).when(remove, asAdmin)).toEqual({ ok: true, events: [{ type: 'PostDeleted', data: { ...ref, deleted_by: otherUserId } }] });
      expect(given(active).when(remove, asAdmin).ok).toBe(true);
    });
    it('then reads as absent: every command is refused, the id cannot start a post again', () => {
      const deleted: PostEvent[] = [...active, { type: 'PostDeleted', data: { ...ref, deleted_by: otherUserId } }];
      expect(fold(deleted)).toEqual({ status: 'absent', deleted: true });
      expect(given(deleted).when(remove, asAdmin)).toEqual(failsWith(postErrors.notFound));
      expect(given(deleted).when({ type: 'EndBidding', data: { post_id: postId } })).toEqual(failsWith(postErrors.notFound));
      const start: PostCommandBody = { type: 'StartPost', data: { post_id: postId, owner_id: ownerId, product_id: productId, origin: 'auction', urgency: null, campaign_slug: null, campaign_id: null } };
      expect(given(deleted).when(start)).toEqual(failsWith(postErrors.alreadyExists));
    });
  });

  it('counts ages in the Australian calendar year', () => {
    expect(currentYearAt('2025-12-31T13:30:00.000Z')).toBe(2026); // 00:30 on New Year's Day in Sydney
    expect(currentYearAt('2025-12-31T12:00:00.000Z')).toBe(2025);
  });

  it('property: folding any accepted command sequence never yields an active post with a broken rule', () => {
    let reachedActive = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(anyCommand, { maxLength: 30 }), (setUp, commands) => {
        let state = postDecider.initialState();
        for (const body of [...(setUp ? completeSetUp : []), ...commands]) {
          const decision = postDecider.decide(withMetadata(body), state);
          if (!decision.ok) continue;
          state = decision.events.reduce(postDecider.evolve, state);
          if (state.status === 'active') {
            reachedActive++;
            expect(checkPostComplete(state.post, currentYear)).toEqual({});
            expect(state.post.applicants.length).toBeLessThanOrEqual(4);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(reachedActive).toBeGreaterThan(0);
  });
});

function addApplicant(applicant_id: string, applicant: typeof jane): PostCommandBody {
  return { type: 'AddApplicant', data: { post_id: postId, home_loan_id: homeLoanId, applicant_id, applicant } };
}
function addIncome(income_id: string, applicant_id: string): PostCommandBody {
  return { type: 'AddIncome', data: { post_id: postId, applicant_id, income_id, income: salary } };
}
function completePreferences() {
  return (completePost[2] as Extract<PostEvent, { type: 'PreferencesSet' }>).data.preferences;
}

/** The commands that build the complete post of the fixtures. */
const completeSetUp: PostCommandBody[] = [
  { type: 'StartPost', data: { ...ref, product_id: productId, origin: 'auction', urgency: 'within_1_month', campaign_slug: null, campaign_id: null } },
  { type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, home_loan: refinanceLoan } },
  { type: 'SetPreferences', data: { post_id: postId, home_loan_id: homeLoanId, preferences_id: preferencesId, preferences: completePreferences() } },
  addApplicant(applicantIds[0], jane),
  addApplicant(applicantIds[1], john),
  addIncome(incomeIds[0], applicantIds[0]),
  { type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id: expenseIds[0], expense: livingCosts } },
];

// Commands that build, break and repair the post, with valid and invalid values, in any order.
const anyApplicant = fc.constantFrom(...applicantIds);
const anyCommand: fc.Arbitrary<PostCommandBody> = fc.oneof(
  fc.constantFrom(...completeSetUp),
  fc.constant<PostCommandBody>({ type: 'PublishPost', data: { post_id: postId } }),
  fc.record({ loan_amount: fc.integer({ min: 100_000, max: 700_000 }), number_of_applicants: fc.integer({ min: 0, max: 5 }), cash_savings: fc.constantFrom(null, 0, 5_000) }).map(
    (changes): PostCommandBody => ({ type: 'ChangeHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, changes } }),
  ),
  fc.tuple(anyApplicant, fc.constantFrom(jane, john, { ...jane, date_of_birth: currentYear - 90 })).map(([id, a]) => addApplicant(id, a)),
  anyApplicant.map((applicant_id): PostCommandBody => ({ type: 'RemoveApplicant', data: { post_id: postId, applicant_id } })),
  fc.tuple(fc.constantFrom(...incomeIds), anyApplicant).map(([income_id, applicant_id]) => addIncome(income_id, applicant_id)),
  fc.constantFrom(...incomeIds).map((income_id): PostCommandBody => ({ type: 'ChangeIncome', data: { post_id: postId, income_id, changes: { value: 10_000 } } })),
  fc.constantFrom(...incomeIds).map((income_id): PostCommandBody => ({ type: 'RemoveIncome', data: { post_id: postId, income_id } })),
  fc.tuple(fc.constantFrom(...expenseIds), fc.subarray([...applicantIds]), fc.integer({ min: 0, max: 200_000 })).map(
    ([expense_id, applicants, value]): PostCommandBody => ({ type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id, expense: { ...livingCosts, applicants, value } } }),
  ),
  fc.tuple(fc.constantFrom(...expenseIds), fc.subarray([...applicantIds])).map(
    ([expense_id, applicants]): PostCommandBody => ({ type: 'ChangeExpense', data: { post_id: postId, expense_id, expense: { ...livingCosts, applicants } } }),
  ),
  fc.constantFrom(...expenseIds).map((expense_id): PostCommandBody => ({ type: 'RemoveExpense', data: { post_id: postId, expense_id } })),
  fc.constantFrom<PostCommandBody>(
    { type: 'ChangePreferences', data: { post_id: postId, preferences_id: preferencesId, changes: { big_four_banks: 'no', online_banks: 'no', other_banks: 'no', credit_unions_and_other_institutions: 'no' } } },
    { type: 'ChangePreferences', data: { post_id: postId, preferences_id: preferencesId, changes: { line_of_credit: 'yes', rate_type: 'variable' } } },
  ),
  fc.constant<PostCommandBody>({ type: 'CancelPost', data: { post_id: postId, reason: 'Done' } }),
);
