import { type Selectable, sql } from 'kysely';
import type { CampaignEvent, CampaignRemoved } from '../../domain/campaign/events';
import { campaignEventTypes } from '../../domain/campaign/events';
import type { DealEvent } from '../../domain/deal/events';
import type { PostEvent } from '../../domain/post/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import type { CampaignPostsTable, CampaignsTable } from './tables';

// The admin's campaigns (spec 3 §2 "Campaigns") with each campaign's posts, deals and settled volume
// (docs/campaigns.md "Figures"). A post belongs to the campaign its PostStarted names; a deal's stage and value are
// read from the deals read model (`readsFrom`), which has applied the same events first, so the deal rules live in
// one place. The figures are counted here, per batch, for the campaigns the batch touched.

export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignPostRow = Selectable<CampaignPostsTable>;

const postTypes = ['PostStarted', 'PostPublished', 'PostDeleted'] as const;
const dealTypes = ['DealOpened', 'DealActivityAdded', 'DealActivityEdited', 'DealActivityDeleted'] as const;
const handledTypes = new Set<string>([...campaignEventTypes, ...postTypes, ...dealTypes]);

type Handled = CampaignEvent | Extract<PostEvent, { type: (typeof postTypes)[number] }> | Extract<DealEvent, { type: (typeof dealTypes)[number] }>;

export const campaignsProjection: Projection = {
  kind: 'projection',
  name: 'campaigns',
  eventTypes: handledTypes,
  // 2: set-based handling (projections/batch-rows.ts).
  version: 2,
  tables: ['campaigns', 'campaign_posts'],
  readsFrom: ['deals'],
  async createTables(trx) {
    await sql`
      create table campaigns (
        uuid uuid primary key,
        product_id uuid not null,
        name text not null,
        slug text not null,
        benefit_type text not null,
        benefit_value double precision not null,
        benefit_payer text not null,
        commission_type text not null,
        commission_value double precision not null,
        commission_payer text not null,
        commission_payee text not null,
        status text not null,
        posts integer not null default 0,
        published_posts integer not null default 0,
        deals integer not null default 0,
        settled_deals integer not null default 0,
        settled_volume double precision not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index campaigns_slug on campaigns (slug)`.execute(trx);
    await sql`create index campaigns_created_at on campaigns (created_at desc, uuid)`.execute(trx);
    await sql`
      create table campaign_posts (
        post_id uuid primary key,
        campaign_id uuid not null,
        started_at timestamptz not null,
        published_at timestamptz,
        deal_id uuid unique,
        deal_stage text,
        deal_value double precision,
        deleted boolean not null default false
      )`.execute(trx);
    await sql`create index campaign_posts_campaign on campaign_posts (campaign_id, started_at desc)`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): a stretch's campaigns and campaign posts are read once, the events applied
    // to them in memory, and the changed rows written back together; a removal deletes its row in SQL between the
    // stretches. The deals' stages and the figures are then worked out once for the batch, as before.
    const touchedCampaigns = new Set<string>();
    const touchedDeals = new Set<string>();
    for (const stretch of stretchesBetween(events, (event) => event.type === 'CampaignRemoved')) {
      if (stretch.barrier) {
        await db.deleteFrom('campaigns').where('uuid', '=', (stretch.barrier as RecordedEvent & CampaignRemoved).data.campaign_id).execute();
        continue;
      }
      // The deciders wrote these events; their type names are checked by handledTypes.
      const handled = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & Handled)[];
      if (handled.length === 0) continue;
      const rows: Rows = {
        campaigns: new BatchRows<CampaignRow>(db, { table: 'campaigns', key: 'uuid', keyType: 'uuid' }),
        posts: new BatchRows<CampaignPostRow>(db, { table: 'campaign_posts', key: 'post_id', keyType: 'uuid' }),
      };
      await rows.campaigns.load(handled.flatMap((event) => (isCampaignEvent(event) ? [event.data.campaign_id] : [])));
      await rows.posts.load(handled.flatMap((event) => (isPostKeyed(event) ? [event.data.post_id] : [])));
      for (const event of handled) apply(rows, event, touchedCampaigns, touchedDeals);
      await rows.campaigns.flush();
      await rows.posts.flush();
    }
    await refreshDeals(db, touchedDeals, touchedCampaigns);
    await countFigures(db, touchedCampaigns);
  },
};

const campaignTypes = new Set<string>(campaignEventTypes);
const isCampaignEvent = (event: RecordedEvent & Handled): event is RecordedEvent & CampaignEvent => campaignTypes.has(event.type);
/** The events that name a campaign post by its post_id. */
const postKeyedTypes = new Set<string>(['PostStarted', 'PostPublished', 'PostDeleted', 'DealOpened'] satisfies Handled['type'][]);
const isPostKeyed = (event: RecordedEvent & Handled): event is RecordedEvent & Extract<Handled, { type: 'PostStarted' | 'PostPublished' | 'PostDeleted' | 'DealOpened' }> =>
  postKeyedTypes.has(event.type);

type Rows = { campaigns: BatchRows<CampaignRow>; posts: BatchRows<CampaignPostRow> };

/** Only the values given: an absent field (undefined) is no change, as kysely's `set` leaves it out. */
const given = <T extends object>(values: T): Partial<T> => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

function apply({ campaigns, posts }: Rows, event: RecordedEvent & Handled, touchedCampaigns: Set<string>, touchedDeals: Set<string>): void {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'CampaignCreated': {
      const d = event.data;
      campaigns.insert({
        uuid: d.campaign_id,
        product_id: d.product_id,
        name: d.name,
        slug: d.slug,
        benefit_type: d.benefit_type,
        benefit_value: d.benefit_value,
        benefit_payer: d.benefit_payer,
        commission_type: d.commission_type,
        commission_value: d.commission_value,
        commission_payer: d.commission_payer,
        commission_payee: d.commission_payee,
        status: d.status,
        posts: 0,
        published_posts: 0,
        deals: 0,
        settled_deals: 0,
        settled_volume: 0,
        created_at: at,
        updated_at: at,
      });
      touchedCampaigns.add(d.campaign_id);
      return;
    }
    case 'CampaignDetailsChanged':
      campaigns.update(event.data.campaign_id, { ...given(event.data.changes), updated_at: at });
      return;
    case 'CampaignRemoved':
      // Applied in SQL between the stretches (handle).
      return;
    case 'PostStarted': {
      const campaignId = event.data.campaign_id;
      if (!campaignId) return;
      posts.insert({ post_id: event.data.post_id, campaign_id: campaignId, started_at: at, published_at: null, deal_id: null, deal_stage: null, deal_value: null, deleted: false });
      touchedCampaigns.add(campaignId);
      return;
    }
    case 'PostPublished':
    case 'PostDeleted': {
      const row = posts.get(event.data.post_id);
      if (!row) return;
      posts.update(row.post_id, event.type === 'PostPublished' ? { published_at: new Date(event.data.published_at) } : { deleted: true });
      touchedCampaigns.add(row.campaign_id);
      return;
    }
    case 'DealOpened': {
      if (event.data.external) return;
      const row = posts.get(event.data.post_id);
      if (!row) return;
      posts.update(row.post_id, { deal_id: event.data.deal_id });
      touchedDeals.add(event.data.deal_id);
      return;
    }
    case 'DealActivityAdded':
    case 'DealActivityEdited':
    case 'DealActivityDeleted':
      touchedDeals.add(event.data.deal_id);
      return;
  }
}

/** The stage and value of the batch's deals of campaign posts, as the deals read model holds them now. */
async function refreshDeals(db: Database, deals: ReadonlySet<string>, campaigns: Set<string>): Promise<void> {
  if (deals.size === 0) return;
  const { rows } = await sql<{ campaign_id: string }>`
    update campaign_posts set deal_stage = d.stage, deal_value = d.value
    from deals d
    where d.uuid = campaign_posts.deal_id and campaign_posts.deal_id in (${sql.join([...deals])})
    returning campaign_posts.campaign_id`.execute(db);
  for (const row of rows) campaigns.add(row.campaign_id);
}

/** The touched campaigns' figures, counted from their posts (posts an admin deleted left out). */
async function countFigures(db: Database, campaigns: ReadonlySet<string>): Promise<void> {
  if (campaigns.size === 0) return;
  await sql`
    update campaigns set
      posts = f.posts, published_posts = f.published_posts, deals = f.deals,
      settled_deals = f.settled_deals, settled_volume = f.settled_volume
    from (
      select c.uuid,
        count(p.post_id)::int as posts,
        count(p.published_at)::int as published_posts,
        count(p.deal_id)::int as deals,
        count(*) filter (where p.deal_stage = 'closed_won')::int as settled_deals,
        coalesce(round(sum(p.deal_value) filter (where p.deal_stage = 'closed_won')), 0) as settled_volume
      from campaigns c left join campaign_posts p on p.campaign_id = c.uuid and not p.deleted
      where c.uuid in (${sql.join([...campaigns])})
      group by c.uuid
    ) f
    where campaigns.uuid = f.uuid`.execute(db);
}
