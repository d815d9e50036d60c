import { describe, expect, it } from 'vitest';
import { postDecider, type PostState } from '../../../domain/post/decider';
import type { PostEvent } from '../../../domain/post/events';
import { toProviderPostView } from '../../../contracts/provider-post';
import { completePost, published } from '../../../domain/post/test-fixtures';
import { toPostView } from '../../../contracts/post';
import { postSummaryOf } from './post-summary';

const times = { created_at: '2026-03-01T00:00:00.000Z', updated_at: '2026-03-02T00:00:00.000Z' };
const fold = (events: PostEvent[]) => events.reduce(postDecider.evolve, postDecider.initialState()) as Exclude<PostState, { status: 'absent' }>;
const whole = toPostView(fold([...completePost, published]), times);

describe('the loan summary of the post page', () => {
  it("reads the owner's whole post: the product's name, the loan and the property's place", () => {
    expect(postSummaryOf(whole)).toMatchObject({
      product: 'Home Loan',
      status: 'active',
      loanType: 'refinance',
      loanAmount: 450_000,
      marketValue: 600_000,
      lvr: 75,
      currentRate: 6.2,
      creditBandKey: 'VeryGoodCreditBand',
      place: { suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    });
  });

  it("reads a provider's summary the same way, without anything personal", () => {
    const summary = postSummaryOf(toProviderPostView(whole, null));
    expect(summary).toEqual({ ...postSummaryOf(whole), place: { suburb: 'Sydney', state: 'NSW', postcode: '2000' } });
  });
});
