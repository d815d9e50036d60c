import { type Selectable, sql } from 'kysely';
import type { CampaignEvent } from '../../domain/campaign/events';
import { campaignEventTypes } from '../../domain/campaign/events';
import type { DealEvent } from '../../domain/deal/events';
import type { PostEvent } from '../../domain/post/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
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
  version: 1,
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
    const touchedCampaigns = new Set<string>();
    const touchedDeals = new Set<string>();
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The deciders wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & Handled, touchedCampaigns, touchedDeals);
    }
    await refreshDeals(db, touchedDeals, touchedCampaigns);
    await countFigures(db, touchedCampaigns);
  },
};

async function apply(db: Database, event: RecordedEvent & Handled, campaigns: Set<string>, deals: Set<string>): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'CampaignCreated': {
      const { campaign_id, ...row } = event.data;
      await db.insertInto('campaigns').values({ uuid: campaign_id, ...row, posts: 0, published_posts: 0, deals: 0, settled_deals: 0, settled_volume: 0, created_at: at, updated_at: at }).onConflict((oc) => oc.column('uuid').doNothing()).execute();
      campaigns.add(campaign_id);
      return;
    }
    case 'CampaignDetailsChanged':
      await db.updateTable('campaigns').set({ ...event.data.changes, updated_at: at }).where('uuid', '=', event.data.campaign_id).execute();
      return;
    case 'CampaignRemoved':
      await db.deleteFrom('campaigns').where('uuid', '=', event.data.campaign_id).execute();
      return;
    case 'PostStarted': {
      const campaignId = event.data.campaign_id;
      if (!campaignId) return;
      await db
        .insertInto('campaign_posts')
        .values({ post_id: event.data.post_id, campaign_id: campaignId, started_at: at, published_at: null, deal_id: null, deal_stage: null, deal_value: null, deleted: false })
        .onConflict((oc) => oc.column('post_id').doNothing())
        .execute();
      campaigns.add(campaignId);
      return;
    }
    case 'PostPublished':
    case 'PostDeleted': {
      const changes = event.type === 'PostPublished' ? { published_at: new Date(event.data.published_at) } : { deleted: true };
      const row = await db.updateTable('campaign_posts').set(changes).where('post_id', '=', event.data.post_id).returning('campaign_id').executeTakeFirst();
      if (row) campaigns.add(row.campaign_id);
      return;
    }
    case 'DealOpened': {
      if (event.data.external) return;
      const row = await db
        .updateTable('campaign_posts')
        .set({ deal_id: event.data.deal_id })
        .where('post_id', '=', event.data.post_id)
        .returning('campaign_id')
        .executeTakeFirst();
      if (row) deals.add(event.data.deal_id);
      return;
    }
    case 'DealActivityAdded':
    case 'DealActivityEdited':
    case 'DealActivityDeleted':
      deals.add(event.data.deal_id);
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
