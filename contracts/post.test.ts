import { describe, expect, it } from 'vitest';
import { postDecider, type PostState } from '../domain/post/decider';
import type { PostEvent } from '../domain/post/events';
import { completePost, homeLoanId, incomeIds, postId, published } from '../domain/post/test-fixtures';
import { postView, toPostView } from './post';

const times = { created_at: '2026-03-01T00:00:00.000Z', updated_at: '2026-03-02T00:00:00.000Z' };
const fold = (events: PostEvent[]) => events.reduce(postDecider.evolve, postDecider.initialState()) as Exclude<PostState, { status: 'absent' }>;

describe('the post view', () => {
  it('answers an open post with its derived values, and fits its own schema', () => {
    const view = toPostView(fold([...completePost, published]), times);
    expect(postView.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      uuid: postId,
      status: 'active',
      lvr: 75,
      lvr_warning: false,
      credit_band: { key: 'VeryGoodCreditBand', colour: '#b6da86' },
      primary_home_loan: { uuid: homeLoanId, home_loan_preferences: { rate_type: 'any' } },
      applicants: [{ full_name: 'Jane Citizen', incomes: [{ uuid: incomeIds[0] }] }, { full_name: 'John Citizen', incomes: [] }],
    });
  });

  it('reads erased parts as null (their events fold without their personal data)', () => {
    const erased = completePost.map((event) =>
      event.type === 'ApplicantAdded' || event.type === 'IncomeAdded' || event.type === 'ExpenseAdded'
        ? ({ ...event, data: { ...event.data, ...(event.type === 'ApplicantAdded' ? { applicant: null } : event.type === 'IncomeAdded' ? { income: null } : { expense: null }) } } as unknown as PostEvent)
        : event,
    );
    const view = toPostView(fold(erased), times);
    expect(postView.parse(view)).toEqual(view);
    expect(view.credit_band).toBeNull();
    expect(view.applicants[0]).toMatchObject({ number: 1, first_name: null, full_name: null });
    expect(view.expenses[0]).toMatchObject({ expense_type: null, applicants: [] });
  });
});
