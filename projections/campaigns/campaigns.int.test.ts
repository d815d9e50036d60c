import { afterEach, expect, it } from 'vitest';
import { type CampaignEvent, campaignStream } from '../../domain/campaign/events';
import { type PostEvent, postStream } from '../../domain/post/events';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { ProjectionRunner } from '../runner';
import { dealsProjection } from '../deals/deals';
import { campaignsProjection } from './campaigns';

// The campaigns read model applies a batch's events together (one read and one upsert per table): given the same
// campaign's events in one batch or one at a time, then the same rows, and a rebuild makes them again.

let database: TestDatabase;
afterEach(async () => {
  await database?.close();
});

const owner_id = 'bbbbbbbb-0000-4000-8000-000000000000';
const product_id = 'cccccccc-0000-4000-8000-000000000000';
const metadata = { user_id: null, correlation_id: 'test', causation_id: null, occurred_at: '2026-11-25T10:00:00.000Z' };

/** A campaign, renamed, with three posts started from it: one published, one deleted, one left pending. */
function campaignEvents(campaign_id: string, postIds: [string, string, string]): { stream: string; event: CampaignEvent | PostEvent }[] {
  const started = (post_id: string): PostEvent => ({
    type: 'PostStarted',
    data: { post_id, owner_id, product_id, urgency: null, origin: 'auction', campaign_slug: `slug-${campaign_id.slice(0, 4)}`, campaign_id },
  });
  const [published, deleted, pending] = postIds;
  return [
    {
      stream: campaignStream(campaign_id),
      event: {
        type: 'CampaignCreated',
        data: {
          campaign_id,
          product_id,
          name: 'Spring',
          slug: `slug-${campaign_id.slice(0, 4)}`,
          benefit_type: '$',
          benefit_value: 2_000,
          benefit_payer: 'lender',
          commission_type: '%',
          commission_value: 0.3,
          commission_payer: 'lender',
          commission_payee: 'marketplace',
          status: 'active',
        },
      },
    },
    { stream: campaignStream(campaign_id), event: { type: 'CampaignDetailsChanged', data: { campaign_id, changes: { name: 'Spring 2027' } } } },
    { stream: postStream(published), event: started(published) },
    { stream: postStream(deleted), event: started(deleted) },
    { stream: postStream(pending), event: started(pending) },
    {
      stream: postStream(published),
      event: { type: 'PostPublished', data: { post_id: published, owner_id, published_at: '2026-11-25T11:00:00.000Z', bidding_period_expiry_on: '2026-11-27T11:00:00.000Z', review_bids_on: '2026-11-28T11:00:00.000Z' } },
    },
    { stream: postStream(deleted), event: { type: 'PostDeleted', data: { post_id: deleted, owner_id, deleted_by: owner_id } } },
  ];
}

it('given a campaign\'s events in one batch or one at a time, then the same campaign, posts and figures', async () => {
  database = await createTestDatabase();
  const store = new PostgresEventStore(database.db);
  const revisions = new Map<string, number>();
  const append = async (events: { stream: string; event: CampaignEvent | PostEvent }[]) => {
    for (const { stream, event } of events) {
      const revision = revisions.get(stream);
      await store.append(stream, [{ id: crypto.randomUUID(), ...event, metadata }], revision === undefined ? 'no_stream' : revision);
      revisions.set(stream, (revision ?? -1) + 1);
    }
  };
  const together = 'dddddddd-0000-4000-8000-000000000000';
  const oneByOne = 'eeeeeeee-0000-4000-8000-000000000000';
  const post = (campaign: string, n: number) => `${campaign.slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const runner = new ProjectionRunner({ db: database.db, store, consumers: [dealsProjection, campaignsProjection] }); // campaigns reads deals
  await append(campaignEvents(together, [post(together, 1), post(together, 2), post(together, 3)]));
  await runner.catchUp();
  for (const event of campaignEvents(oneByOne, [post(oneByOne, 1), post(oneByOne, 2), post(oneByOne, 3)])) {
    await append([event]);
    await runner.catchUp();
  }

  const expectRows = async () => {
    const campaigns = await database.db
      .selectFrom('campaigns' as never)
      .select(['uuid', 'name', 'status', 'posts', 'published_posts', 'deals', 'settled_deals', 'settled_volume'] as never[])
      .orderBy('uuid' as never)
      .execute();
    const figures = { name: 'Spring 2027', status: 'active', posts: 2, published_posts: 1, deals: 0, settled_deals: 0, settled_volume: 0 };
    expect(campaigns).toEqual([
      { uuid: together, ...figures },
      { uuid: oneByOne, ...figures },
    ]);
    const posts = await database.db
      .selectFrom('campaign_posts' as never)
      .select(['post_id', 'campaign_id', 'published_at', 'deleted'] as never[])
      .orderBy('post_id' as never)
      .execute();
    expect(posts).toEqual(
      [together, oneByOne].flatMap((campaign_id) => [
        { post_id: post(campaign_id, 1), campaign_id, published_at: new Date('2026-11-25T11:00:00.000Z'), deleted: false },
        { post_id: post(campaign_id, 2), campaign_id, published_at: null, deleted: true },
        { post_id: post(campaign_id, 3), campaign_id, published_at: null, deleted: false },
      ]),
    );
  };
  await expectRows();
  // Rebuilt from the log (one batch for both campaigns): the same rows again.
  await runner.createBuild(campaignsProjection);
  await runner.catchUp();
  await expectRows();
});
