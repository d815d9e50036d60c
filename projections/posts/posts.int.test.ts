import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type PostEvent, postStream } from '../../domain/post/events';
import { defaultPreferences } from '../../domain/post/schemas';
import { projectionTestbed } from '../../tests/support/projection-testbed';
import { postsProjection } from './posts';

// The posts read model's preference columns (the dashboards' rate type and repayment type filters) and the counts
// kept per filter value (post_counts): given the post's events, then the rows.

const testbed = projectionTestbed(postsProjection);

const owner_id = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const [published, draft] = ['a', 'b'].map((letter) => `${letter.repeat(8)}-0000-4000-8000-000000000000`) as [string, string];
const preferencesId = 'cccccccc-0000-4000-8000-000000000000';

/** Appends events as the post decider would have written them (by the owner), then lets the projection catch up. */
const given = (postId: string, events: PostEvent[]) => testbed.given(postStream(postId), events, { userId: owner_id });

const started = (post_id: string): PostEvent => ({
  type: 'PostStarted',
  data: { post_id, owner_id, product_id: 'dddddddd-0000-4000-8000-000000000000', urgency: 'within_1_month', origin: 'auction', campaign_slug: null, campaign_id: null },
});

const preferencesOf = async () =>
  (await sql<{ uuid: string; rate_type: string | null; repayment_type: string | null }>`select uuid, rate_type, repayment_type from posts order by uuid`.execute(testbed.db())).rows;
const counts = async () =>
  (
    await sql<{ status: string; rate_type: string; repayment_type: string; n: string }>`
      select status, rate_type, repayment_type, n::text from post_counts where n <> 0 order by status, rate_type, repayment_type`.execute(testbed.db())
  ).rows;

describe('the posts read model’s preferences', () => {
  it('are null until set, then the customer’s rate type and repayment type, counted under them', async () => {
    await given(draft, [started(draft)]);
    await given(published, [
      started(published),
      {
        type: 'PreferencesSet',
        data: { post_id: published, owner_id, home_loan_id: 'eeeeeeee-0000-4000-8000-000000000000', preferences_id: preferencesId, preferences: { ...defaultPreferences, rate_type: 'fixed' } },
      },
      {
        type: 'PostPublished',
        data: { post_id: published, owner_id, published_at: '2026-11-21T10:00:00.000Z', bidding_period_expiry_on: '2026-11-28T10:00:00.000Z', review_bids_on: '2026-11-30T10:00:00.000Z' },
      },
    ]);
    expect(await preferencesOf()).toEqual([
      { uuid: published, rate_type: 'fixed', repayment_type: 'any' },
      { uuid: draft, rate_type: null, repayment_type: null },
    ]);
    expect(await counts()).toEqual([
      { status: 'active', rate_type: 'fixed', repayment_type: 'any', n: '1' },
      { status: 'pending', rate_type: '', repayment_type: '', n: '1' },
    ]);
  });

  it('follow a change of the fields that changed only, and the counts move with them', async () => {
    await given(published, [
      { type: 'PreferencesChanged', data: { post_id: published, owner_id, preferences_id: preferencesId, changes: { repayment_type: 'interest_only', interest_only_period: 2 } } },
      { type: 'PreferencesChanged', data: { post_id: published, owner_id, preferences_id: preferencesId, changes: { flexible: false } } },
    ]);
    expect((await preferencesOf())[0]).toEqual({ uuid: published, rate_type: 'fixed', repayment_type: 'interest_only' });
    expect(await counts()).toEqual([
      { status: 'active', rate_type: 'fixed', repayment_type: 'interest_only', n: '1' },
      { status: 'pending', rate_type: '', repayment_type: '', n: '1' },
    ]);
  });
});
