import { type Selectable, sql } from 'kysely';
import { type DealEvent, dealEventTypes } from '../../domain/deal/events';
import { dealValue, dealValueLabel } from '../../domain/deal/figures';
import type { ContactPreference } from '../../domain/deal/schemas';
import type { DealStage } from '../../domain/deal/stages';
import type { PostDeleted } from '../../domain/post/events';
import { type UserDeleted, userSubject } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
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
  version: 4,
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
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The deal, post and user deciders wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & (DealEvent | UserDeleted | PostDeleted));
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

async function apply(db: Database, event: RecordedEvent & (DealEvent | UserDeleted | PostDeleted)): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'UserDeleted':
      // The texts sealed with the person's key go with the person (as a rebuild after erasure would show them).
      await db.updateTable('deal_activities').set({ description: null }).where('description_subject', '=', userSubject(event.data.user_id)).execute();
      return;
    case 'PostDeleted':
      await db.updateTable('deals').set({ deleted: true, updated_at: at }).where('post_id', '=', event.data.post_id).execute();
      return;
    case 'DealOpened': {
      const { activity, stage, ...deal } = event.data;
      await db
        .insertInto('deals')
        .values({
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
          contact_preference: jsonb(deal.contact_preference),
          opened_at: at,
          updated_at: at,
          last_activity_date: activity.activity_date,
          not_proceeding_reason: null,
          deleted: false,
        })
        .onConflict((c) => c.column('uuid').doNothing())
        .execute();
      await insertActivity(db, deal.deal_id, event.revision, activity, event.personalSubjects?.['activity.description']);
      return;
    }
    case 'DealActivityAdded':
      await insertActivity(db, event.data.deal_id, event.revision, event.data.activity, event.personalSubjects?.['activity.description']);
      await refreshFigures(db, event.data.deal_id, at, event.data.stage);
      return;
    case 'DealActivityEdited': {
      const { activity_id, amount, description, activity_date, settled_lender, reason } = event.data;
      const description_subject = event.personalSubjects?.description ?? null;
      await db
        .updateTable('deal_activities')
        .set({ amount, description, description_subject, activity_date, settled_lender, reason })
        .where('activity_id', '=', activity_id)
        .execute();
      await refreshFigures(db, event.data.deal_id, at);
      return;
    }
    case 'DealActivityDeleted':
      await db.updateTable('deal_activities').set({ deleted: true }).where('activity_id', '=', event.data.activity_id).execute();
      await refreshFigures(db, event.data.deal_id, at, event.data.stage);
      return;
    case 'DealContactPreferenceChanged':
      await db
        .updateTable('deals')
        .set({ contact_preference: jsonb(event.data.contact_preference), updated_at: at })
        .where('uuid', '=', event.data.deal_id)
        .execute();
      return;
  }
}

type ActivityData = Extract<DealEvent, { type: 'DealActivityAdded' }>['data']['activity'];

async function insertActivity(db: Database, dealId: string, seq: number, activity: ActivityData, descriptionSubject: string | undefined): Promise<void> {
  await db
    .insertInto('deal_activities')
    .values({ ...activity, description_subject: descriptionSubject ?? null, deal_id: dealId, seq, created_at: new Date(activity.created_at), deleted: false })
    .onConflict((c) => c.column('activity_id').doNothing())
    .execute();
}

/** The deal's value, label, latest activity date and not-proceeding reason from its remaining activities. */
async function refreshFigures(db: Database, dealId: string, at: Date, stage?: DealStage): Promise<void> {
  const deal = await db.selectFrom('deals').select(['loan_amount']).where('uuid', '=', dealId).executeTakeFirst();
  if (!deal) return;
  const activities = await db
    .selectFrom('deal_activities')
    .select(['activity_type', 'amount', 'activity_date', 'reason'])
    .where('deal_id', '=', dealId)
    .where('deleted', '=', false)
    .orderBy('seq')
    .execute();
  // YYYY-MM-DD texts sort as dates.
  const dates = activities.map((a) => a.activity_date).sort();
  await db
    .updateTable('deals')
    .set({
      ...(stage ? { stage } : {}),
      value: dealValue(activities, deal.loan_amount),
      value_label: dealValueLabel(activities),
      last_activity_date: dates[dates.length - 1] ?? sql<string>`last_activity_date`,
      not_proceeding_reason: activities.findLast((a) => a.activity_type === 'closed_lost')?.reason ?? null,
      updated_at: at,
    })
    .where('uuid', '=', dealId)
    .execute();
}

const jsonb = (preference: ContactPreference) => sql<ContactPreference>`${JSON.stringify(preference)}::jsonb`;
