import { type Selectable, sql } from 'kysely';
import { type DealEvent, dealEventTypes } from '../../domain/deal/events';
import { dealValue, dealValueLabel } from '../../domain/deal/figures';
import type { DealStage } from '../../domain/deal/stages';
import type { PostDeleted } from '../../domain/post/events';
import { type UserDeleted, userSubject } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import { keepRowCounts } from '../row-counts';
import type { DealActivitiesTable, DealsTable } from './tables';

// Deals as the board, the deal page and the bidding-limit counters read them (spec 1 §2 "Deals", spec 3 §3, §4).
// Activity descriptions are the provider's record, sealed with the deal provider's key (docs/personal-data.md "A
// provider's deal records"; older ones with the customer's): at UserDeleted each description sealed with the deleted
// person's key reads as null, as a rebuild would show it (`description_subject`). A deleted post's deals leave
// every list (`deleted`); deleted activities keep their row (`deleted`) so the history stays explainable.

export type DealRow = Selectable<DealsTable>;

export type DealActivityRow = Selectable<DealActivitiesTable>;

const handledTypes = new Set<string>([...dealEventTypes, 'UserDeleted', 'PostDeleted']);

export const dealsProjection: Projection = {
  kind: 'projection',
  name: 'deals',
  eventTypes: handledTypes,
  // 3: deal_counts (the board's totals) and the board's pages in updated_at order indexed.
  // 4: deal_counts keeps no zero counts (row-counts.ts).
  // 5: set-based handling.
  version: 5,
  tables: ['deals', 'deal_activities', 'deal_counts'],
  async createTables(trx) {
    await sql`
      create table deals (
        uuid uuid primary key,
        bid_id uuid not null unique,
        post_id uuid not null,
        provider_id uuid not null,
        organisation_id uuid not null,
        customer_id uuid not null,
        stage text not null,
        loan_amount double precision not null,
        value double precision not null,
        value_label text not null,
        external boolean not null,
        contact_preference jsonb not null,
        opened_at timestamptz not null,
        updated_at timestamptz not null,
        last_activity_date text not null,
        not_proceeding_reason text,
        deleted boolean not null default false
      )`.execute(trx);
    await sql`create index deals_provider on deals (provider_id, stage, updated_at desc)`.execute(trx);
    await sql`create index deals_organisation on deals (organisation_id, stage, updated_at desc)`.execute(trx);
    await sql`create index deals_stage on deals (stage, updated_at desc)`.execute(trx);
    // The board without a stage filter (every column at once), newest change first: a page is read off the index,
    // however many deals the provider, the organisation or (for an admin) the marketplace holds.
    await sql`create index deals_provider_updated on deals (provider_id, updated_at desc, uuid) where not deleted`.execute(trx);
    await sql`create index deals_organisation_updated on deals (organisation_id, updated_at desc, uuid) where not deleted`.execute(trx);
    await sql`create index deals_updated on deals (updated_at desc, uuid) where not deleted`.execute(trx);
    await sql`create index deals_post on deals (post_id)`.execute(trx);
    await sql`create index deals_customer on deals (customer_id)`.execute(trx);
    await sql`
      create table deal_activities (
        activity_id uuid primary key,
        deal_id uuid not null,
        seq integer not null,
        activity_type text not null,
        amount double precision,
        description text,
        description_subject text,
        activity_date text not null,
        settled_lender text,
        reason text,
        created_by uuid not null,
        created_at timestamptz not null,
        deleted boolean not null default false
      )`.execute(trx);
    await sql`create index deal_activities_deal on deal_activities (deal_id, seq)`.execute(trx);
    await sql`create index deal_activities_type_date on deal_activities (activity_type, activity_date)`.execute(trx);
    await createDealCounts(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's deals and all their activities are read once, the events
    // applied to them in memory, and the changed rows written back together. An erasure reaches activities by the
    // person's key, not by deal: it is applied in SQL between the stretches before and after it.
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        await eraseDescriptions(db, (stretch.barrier as RecordedEvent & UserDeleted).data.user_id);
        continue;
      }
      // The deal and post deciders wrote these events; their type names are checked by handledTypes.
      const dealEvents = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & (DealEvent | PostDeleted))[];
      if (dealEvents.length === 0) continue;
      const dealIds = dealEvents.flatMap((event) => (event.type === 'PostDeleted' ? [] : [event.data.deal_id]));
      const deals = new BatchRows<DealRow>(db, { table: 'deals', key: 'uuid', keyType: 'uuid' });
      const activities = new BatchRows<DealActivityRow>(db, { table: 'deal_activities', key: 'activity_id', keyType: 'uuid', group: 'deal_id' });
      await deals.load(dealIds);
      await deals.loadWhere('post_id', dealEvents.flatMap((event) => (event.type === 'PostDeleted' ? [event.data.post_id] : [])));
      await activities.loadWhere('deal_id', dealIds);
      // An edit or a deletion names its activity by id alone (held already unless it is another deal's).
      await activities.load(dealEvents.flatMap((event) => (event.type === 'DealActivityEdited' || event.type === 'DealActivityDeleted' ? [event.data.activity_id] : [])));
      for (const event of dealEvents) apply({ deals, activities }, event);
      await deals.flush();
      await activities.flush();
    }
  },
};

/**
 * The board's totals without counting the deals (docs/performance.md "Deep pages"): deals not deleted per provider,
 * organisation, stage and origin, kept by statement triggers in the same transaction as the deals' rows, as
 * post_counts is (projections/posts/posts.ts). A provider's or an organisation's total sums a few rows.
 */
async function createDealCounts(trx: Parameters<Projection['createTables']>[0]): Promise<void> {
  await sql`
    create table deal_counts (
      provider_id uuid not null,
      organisation_id uuid not null,
      stage text not null,
      external boolean not null,
      n bigint not null,
      primary key (provider_id, organisation_id, stage, external)
    )`.execute(trx);
  await sql`create index deal_counts_organisation on deal_counts (organisation_id)`.execute(trx);
  await keepRowCounts(trx, 'deals', 'deal_counts', ['provider_id', 'organisation_id', 'stage', 'external']);
}

/** Crypto-shredding: the texts sealed with the person's key go with the person (as a rebuild after erasure shows them). */
async function eraseDescriptions(db: Database, userId: string): Promise<void> {
  await db.updateTable('deal_activities').set({ description: null }).where('description_subject', '=', userSubject(userId)).execute();
}

type Rows = { deals: BatchRows<DealRow>; activities: BatchRows<DealActivityRow> };

function apply({ deals, activities }: Rows, event: RecordedEvent & (DealEvent | PostDeleted)): void {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'PostDeleted':
      // Every deal of the post is held: they were loaded by post, or opened earlier in this batch.
      for (const deal of deals.where((row) => row.post_id === event.data.post_id)) deals.update(deal.uuid, { deleted: true, updated_at: at });
      return;
    case 'DealOpened': {
      const { activity, stage, ...deal } = event.data;
      deals.insert({
        uuid: deal.deal_id,
        bid_id: deal.bid_id,
        post_id: deal.post_id,
        provider_id: deal.provider_id,
        organisation_id: deal.organisation_id,
        customer_id: deal.customer_id,
        stage,
        loan_amount: deal.loan_amount,
        value: deal.loan_amount,
        value_label: 'Loan Amount',
        external: deal.external,
        contact_preference: deal.contact_preference,
        opened_at: at,
        updated_at: at,
        last_activity_date: activity.activity_date,
        not_proceeding_reason: null,
        deleted: false,
      });
      insertActivity(activities, deal.deal_id, event.revision, activity, event.personalSubjects?.['activity.description']);
      return;
    }
    case 'DealActivityAdded':
      insertActivity(activities, event.data.deal_id, event.revision, event.data.activity, event.personalSubjects?.['activity.description']);
      refreshFigures({ deals, activities }, event.data.deal_id, at, event.data.stage);
      return;
    case 'DealActivityEdited': {
      const { activity_id, amount, description, activity_date, settled_lender, reason } = event.data;
      const description_subject = event.personalSubjects?.description ?? null;
      // A field an older event lacks stays as it is (as kysely's `set` leaves out undefined values).
      activities.update(activity_id, definedOnly({ amount, description, description_subject, activity_date, settled_lender, reason }));
      refreshFigures({ deals, activities }, event.data.deal_id, at);
      return;
    }
    case 'DealActivityDeleted':
      activities.update(event.data.activity_id, { deleted: true });
      refreshFigures({ deals, activities }, event.data.deal_id, at, event.data.stage);
      return;
    case 'DealContactPreferenceChanged':
      deals.update(event.data.deal_id, { contact_preference: event.data.contact_preference, updated_at: at });
      return;
  }
}

type ActivityData = Extract<DealEvent, { type: 'DealActivityAdded' }>['data']['activity'];

function insertActivity(activities: BatchRows<DealActivityRow>, dealId: string, seq: number, activity: ActivityData, descriptionSubject: string | undefined): void {
  activities.insert({
    activity_id: activity.activity_id,
    deal_id: dealId,
    seq,
    activity_type: activity.activity_type,
    amount: activity.amount ?? null,
    description: activity.description ?? null,
    description_subject: descriptionSubject ?? null,
    activity_date: activity.activity_date,
    settled_lender: activity.settled_lender ?? null,
    reason: activity.reason ?? null,
    created_by: activity.created_by,
    created_at: new Date(activity.created_at),
    deleted: false,
  });
}

/** The deal's value, label, latest activity date and not-proceeding reason from its remaining activities. */
function refreshFigures({ deals, activities }: Rows, dealId: string, at: Date, stage?: DealStage): void {
  const deal = deals.get(dealId);
  if (!deal) return;
  // Every activity of the deal is held: they were loaded by deal, or added earlier in this batch.
  const remaining = activities
    .inGroup(dealId)
    .filter((a) => !a.deleted)
    .sort((a, b) => a.seq - b.seq);
  // YYYY-MM-DD texts sort as dates.
  const dates = remaining.map((a) => a.activity_date).sort();
  deals.update(dealId, {
    ...(stage ? { stage } : {}),
    value: dealValue(remaining, deal.loan_amount),
    value_label: dealValueLabel(remaining),
    last_activity_date: dates[dates.length - 1] ?? deal.last_activity_date,
    not_proceeding_reason: remaining.findLast((a) => a.activity_type === 'closed_lost')?.reason ?? null,
    updated_at: at,
  });
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
