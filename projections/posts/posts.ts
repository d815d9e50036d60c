import { type Selectable, sql } from 'kysely';
import type { AustralianAddress } from '../../domain/address/schemas';
import { creditBandOf, loanToValueRatio } from '../../domain/post/calculations';
import { type PostEvent, postEventTypes } from '../../domain/post/events';
import type { CreditHistory, LoanPurpose, LoanType } from '../../domain/post/schemas';
import type { UserDeleted } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import { keepRowCounts } from '../row-counts';
import { providerPlaceOf } from './queries';
import type { PostPartsTable, PostsTable } from './tables';

// Posts as lists and look-ups read them (spec 2 §7 "Post creation", spec 1 §3 dashboards), and which post each part
// belongs to, so a part's path (/v2/applicants/{id}) finds its post and owner. Personal data stays out: no names,
// incomes, expenses or savings; only the places (suburb, state, postcode) and the applicants' credit histories the
// credit band needs. An erased owner's places and histories read as null (from the events, and at UserDeleted).

export type PostRow = Selectable<PostsTable>;

export const postPartKinds = ['home_loan', 'preferences', 'applicant', 'income', 'expense'] as const;
export type PostPartKind = (typeof postPartKinds)[number];

export type PostPartRow = Selectable<PostPartsTable>;

/**
 * The bids' own bookkeeping on the post stream changes no column here (the default of `apply`): left out, a batch of
 * bids only moves the checkpoint instead of running a batch transaction for nothing.
 */
const bidBookkeeping = new Set<string>(['BidRegistered', 'BidRatesChanged', 'BidWithdrawn'] satisfies PostEvent['type'][]);
const handledTypes = new Set<string>([...postEventTypes.filter((type) => !bidBookkeeping.has(type)), 'UserDeleted']);

async function createPostCounts(trx: Parameters<Projection['createTables']>[0]): Promise<void> {
  await sql`
    create table post_counts (
      status text not null,
      state text not null,
      loan_type text not null,
      credit_band text not null,
      loan_purpose text not null,
      rate_type text not null,
      repayment_type text not null,
      prioritised boolean not null,
      n bigint not null,
      primary key (status, state, loan_type, credit_band, loan_purpose, rate_type, repayment_type, prioritised)
    )`.execute(trx);
  await keepRowCounts(trx, 'posts', 'post_counts', [
    'status',
    // The state the lists show and filter by (queries.ts providerPlaceOf), as SQL of the trigger's rows.
    ['state', `coalesce(${providerPlaceOf().state.compile(trx).sql}, '')`],
    ['loan_type', "coalesce(loan_type, '')"],
    ['credit_band', "coalesce(credit_band, '')"],
    ['loan_purpose', "coalesce(loan_purpose, '')"],
    ['rate_type', "coalesce(rate_type, '')"],
    ['repayment_type', "coalesce(repayment_type, '')"],
    'prioritised',
  ]);
}

const openPostOrders = [
  ['review_desc', 'review_bids_on desc nulls last'],
  ['created', 'created_at'],
  ['created_desc', 'created_at desc'],
  ['expiry', 'bidding_period_expiry_on'],
  ['expiry_desc', 'bidding_period_expiry_on desc nulls last'],
  ['amount', 'loan_amount'],
  ['amount_desc', 'loan_amount desc nulls last'],
  ['lvr', 'lvr'],
  ['lvr_desc', 'lvr desc nulls last'],
] as const;

export const postsProjection: Projection = {
  kind: 'projection',
  name: 'posts',
  eventTypes: handledTypes,
  // 3: post_counts (the dashboards' totals) and a covering index for deep pages.
  // 4: the preferences' rate_type and repayment_type (dashboard filters), also keys of post_counts.
  // 5: post_counts' trigger in static SQL.
  // 6: the providers' tables' sorts indexed (openPostOrders).
  // 7: set-based handling; post_counts keeps no zero counts (row-counts.ts).
  // 8: post_counts' state is the place a provider sees (queries.ts providerPlaceOf): no customer's home for an
  //    investment whose suburb is not known yet.
  version: 8,
  tables: ['posts', 'post_parts', 'post_counts'],
  async createTables(trx) {
    await sql`
      create table posts (
        uuid uuid primary key,
        owner_id uuid not null,
        product_id uuid not null,
        status text not null,
        urgency text,
        origin text not null,
        loan_type text,
        loan_purpose text,
        loan_amount double precision,
        property_market_value double precision,
        lvr double precision,
        credit_band text,
        rate_type text,
        repayment_type text,
        number_of_applicants integer,
        property_suburb text,
        property_state text,
        property_postcode text,
        home_suburb text,
        home_state text,
        home_postcode text,
        created_at timestamptz not null,
        published_at timestamptz,
        bidding_period_expiry_on timestamptz,
        review_bids_on timestamptz,
        expiration_date timestamptz,
        prioritised boolean not null default false,
        auto_accept boolean not null default false,
        review_extensions integer not null default 0,
        winning_bid_id uuid,
        sort_by text not null default 'comparison_rate',
        deleted boolean not null default false,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index posts_owner on posts (owner_id, created_at desc)`.execute(trx);
    await sql`create index posts_status on posts (status, created_at desc)`.execute(trx);
    // The dashboards: jousts by status sorted by review_bids_on, the fsp's priority table first.
    await sql`create index posts_status_review on posts (status, review_bids_on)`.execute(trx);
    await sql`create index posts_priority_review on posts (prioritised, status, review_bids_on)`.execute(trx);
    // The dashboards' pages in their default orders, and their counts, without the deleted posts (docs/dashboards.md).
    // `include (status)`: the admin's deep pages skip drafts by an index-only scan, without visiting the rows.
    await sql`create index posts_live_created on posts (created_at desc, uuid) include (status) where not deleted`.execute(trx);
    await sql`create index posts_open_review on posts (prioritised, review_bids_on, uuid) where status in ('active', 'review') and not deleted`.execute(trx);
    await sql`create index posts_live_status on posts (status) where not deleted`.execute(trx);
    // The providers' tables in each sort of the post's own columns, both ways, in the order dashboard-queries.ts asks
    // (descending: nulls last; ties by uuid): a page at any depth walks offset + size entries of one index, however
    // many posts the store holds (docs/performance.md "Deep pages"). review_bids_on ascending is posts_open_review.
    for (const [name, order] of openPostOrders) {
      await sql`create index ${sql.id(`posts_open_${name}`)} on posts (prioritised, ${sql.raw(order)}, uuid) where status in ('active', 'review') and not deleted`.execute(trx);
    }
    await createPostCounts(trx);
    await sql`
      create table post_parts (
        part_id uuid primary key,
        post_id uuid not null,
        kind text not null,
        applicant_id uuid,
        credit_history text,
        removed boolean not null
      )`.execute(trx);
    await sql`create index post_parts_post on post_parts (post_id, kind)`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's posts and their parts are read once, the events applied to
    // them in memory, and the changed rows written back together. A customer's erasure reaches rows by owner, not by
    // post: it is applied in SQL between the stretches before and after it.
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        await eraseOwner(db, (stretch.barrier as RecordedEvent & UserDeleted).data.user_id);
        continue;
      }
      // The post decider wrote these events; their type names are checked by handledTypes.
      const postEvents = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & PostEvent)[];
      if (postEvents.length === 0) continue;
      const postIds = postEvents.map((event) => event.data.post_id);
      const posts = new BatchRows<PostRow>(db, { table: 'posts', key: 'uuid', keyType: 'uuid' });
      const parts = new BatchRows<PostPartRow>(db, { table: 'post_parts', key: 'part_id', keyType: 'uuid', group: 'post_id' });
      await posts.load(postIds);
      await parts.loadWhere('post_id', postIds);
      for (const event of postEvents) apply({ posts, parts }, event);
      await posts.flush();
      await parts.flush();
    }
  },
};

/** Crypto-shredding: the owner's places and histories read as null, as a rebuild would read them. */
async function eraseOwner(db: Database, userId: string): Promise<void> {
  const nulls = { property_suburb: null, property_state: null, property_postcode: null, home_suburb: null, home_state: null, home_postcode: null };
  await db.updateTable('posts').set({ ...nulls, credit_band: null }).where('owner_id', '=', userId).execute();
  await db
    .updateTable('post_parts')
    .set({ credit_history: null })
    .where('post_id', 'in', db.selectFrom('posts').select('uuid').where('owner_id', '=', userId))
    .execute();
}

type Place = Pick<PostsTable, 'property_suburb' | 'property_state' | 'property_postcode'>;
type Home = Pick<PostsTable, 'home_suburb' | 'home_state' | 'home_postcode'>;

/** `undefined`: not part of the change; null: not given or erased. */
function placeOf(address: AustralianAddress | null | undefined): { suburb: string | null; state: string | null; postcode: string | null } | undefined {
  if (address === undefined) return undefined;
  return { suburb: address?.suburb ?? null, state: address?.state ?? null, postcode: address?.postcode ?? null };
}
const propertyPlace = (address: AustralianAddress | null | undefined): Place | undefined => {
  const p = placeOf(address);
  return p && { property_suburb: p.suburb, property_state: p.state, property_postcode: p.postcode };
};
const homePlace = (address: AustralianAddress | null | undefined): Home | undefined => {
  const p = placeOf(address);
  return p && { home_suburb: p.suburb, home_state: p.state, home_postcode: p.postcode };
};

type LoanFields = {
  loan_type?: LoanType | null;
  loan_purpose?: LoanPurpose | null;
  loan_amount?: number | null;
  property_market_value?: number | null;
  number_of_applicants?: number | null;
  user_address?: AustralianAddress | null;
  property_address?: AustralianAddress | null;
};

type Rows = { posts: BatchRows<PostRow>; parts: BatchRows<PostPartRow> };

function apply({ posts, parts }: Rows, event: RecordedEvent & PostEvent): void {
  const at = new Date(event.metadata.occurred_at);
  const postId = event.data.post_id;
  const update = (values: Partial<PostRow>) => posts.update(postId, { ...values, updated_at: at });
  const addPart = (part_id: string, kind: PostPartKind, extra: Partial<Pick<PostPartsTable, 'applicant_id' | 'credit_history'>> = {}) =>
    parts.insert({ part_id, post_id: postId, kind, applicant_id: extra.applicant_id ?? null, credit_history: extra.credit_history ?? null, removed: false });
  const removePart = (partId: string) => parts.update(partId, { removed: true });
  /** The credit band of the post's applicants as they stand (all its parts are held: they were loaded by post). */
  const updateCreditBand = () => {
    const histories = parts
      .inGroup(postId)
      .filter((part) => part.kind === 'applicant' && !part.removed)
      .map((part) => part.credit_history)
      .filter((h): h is CreditHistory => h !== null);
    update({ credit_band: creditBandOf(histories)?.band_key ?? null });
  };

  switch (event.type) {
    case 'PostStarted': {
      const { owner_id, product_id, urgency, origin } = event.data;
      posts.insert({
        uuid: postId,
        owner_id,
        product_id,
        status: 'pending',
        urgency,
        origin,
        loan_type: null,
        loan_purpose: null,
        loan_amount: null,
        property_market_value: null,
        lvr: null,
        credit_band: null,
        rate_type: null,
        repayment_type: null,
        number_of_applicants: null,
        property_suburb: null,
        property_state: null,
        property_postcode: null,
        home_suburb: null,
        home_state: null,
        home_postcode: null,
        created_at: at,
        published_at: null,
        bidding_period_expiry_on: null,
        review_bids_on: null,
        expiration_date: null,
        prioritised: false,
        auto_accept: false,
        review_extensions: 0,
        winning_bid_id: null,
        sort_by: 'comparison_rate',
        deleted: false,
        updated_at: at,
      });
      return;
    }
    case 'PostDetailsChanged':
      if (event.data.changes.urgency !== undefined) update({ urgency: event.data.changes.urgency });
      return;
    case 'HomeLoanSet':
      addPart(event.data.home_loan_id, 'home_loan');
      applyLoan(posts, postId, event.data.home_loan, at);
      return;
    case 'HomeLoanChanged':
      applyLoan(posts, postId, event.data.changes ?? {}, at);
      return;
    case 'PreferencesSet': {
      addPart(event.data.preferences_id, 'preferences');
      const { rate_type, repayment_type } = event.data.preferences;
      update({ rate_type, repayment_type });
      return;
    }
    case 'PreferencesChanged': {
      // Only the fields that changed.
      const { rate_type, repayment_type } = event.data.changes;
      update({ ...(rate_type !== undefined ? { rate_type } : {}), ...(repayment_type !== undefined ? { repayment_type } : {}) });
      return;
    }
    case 'ApplicantAdded':
      addPart(event.data.applicant_id, 'applicant', { credit_history: event.data.applicant?.credit_history ?? null });
      updateCreditBand();
      return;
    case 'ApplicantChanged': {
      // An erased change reads as null: the history is then unknown.
      const changes = event.data.changes;
      if (changes === null || changes.credit_history !== undefined) parts.update(event.data.applicant_id, { credit_history: changes?.credit_history ?? null });
      updateCreditBand();
      return;
    }
    case 'ApplicantRemoved':
      removePart(event.data.applicant_id);
      updateCreditBand();
      return;
    case 'IncomeAdded':
      addPart(event.data.income_id, 'income', { applicant_id: event.data.applicant_id });
      update({});
      return;
    case 'ExpenseAdded':
      addPart(event.data.expense_id, 'expense');
      update({});
      return;
    case 'IncomeRemoved':
      removePart(event.data.income_id);
      update({});
      return;
    case 'ExpenseRemoved':
      removePart(event.data.expense_id);
      update({});
      return;
    case 'IncomeChanged':
    case 'ExpenseChanged':
    case 'PostUpdateRequested':
      update({});
      return;
    case 'PostSortSet':
      update({ sort_by: event.data.sort_by });
      return;
    case 'PostPublished':
      // Auto-Declare starts on for auction posts (domain/post/lifecycle.ts startLifecycle).
      update({
        status: 'active',
        published_at: new Date(event.data.published_at),
        bidding_period_expiry_on: new Date(event.data.bidding_period_expiry_on),
        review_bids_on: new Date(event.data.review_bids_on),
        auto_accept: posts.get(postId)?.origin === 'auction',
      });
      return;
    case 'PostCancelled':
      update({ status: 'cancelled' });
      return;
    case 'PostDeleted':
      update({ deleted: true });
      return;
    case 'BiddingEnded':
      update({
        status: 'review',
        bidding_period_expiry_on: new Date(event.data.bidding_period_expiry_on),
        review_bids_on: new Date(event.data.review_bids_on),
      });
      return;
    case 'ReviewPeriodEnded':
      update({ status: 'processing', expiration_date: new Date(event.data.expiration_date) });
      return;
    case 'ReviewPeriodExtended':
      update({ review_bids_on: new Date(event.data.review_bids_on), review_extensions: event.data.extensions });
      return;
    case 'AutomaticSelectionCancelled':
      update({ auto_accept: false });
      return;
    case 'PriorityChanged':
      update({ prioritised: event.data.prioritised });
      return;
    case 'AutoBidsOnPostChanged':
      // No list or dashboard filters by it: the post's page reads it from the post's stream.
      return;
    case 'PostClosed':
      update({ status: 'closed_lost' });
      return;
    case 'PostExpired':
      update({ status: 'expired' });
      return;
    case 'BidAcceptedOnPost':
      update({ status: 'opportunity', winning_bid_id: event.data.bid_id });
      return;
    case 'PostDealOutcomeRecorded':
      update({ status: event.data.outcome });
      return;
    default:
      // Events another helper adds to the post stream (e.g. a bid registered on the post) change nothing here.
      return;
  }
}

/** The loan's listed fields after a set or a change (only the fields in `loan` change). */
function applyLoan(posts: BatchRows<PostRow>, postId: string, loan: LoanFields, at: Date): void {
  const row = posts.get(postId);
  if (!row) return;
  const loan_amount = loan.loan_amount !== undefined ? loan.loan_amount : row.loan_amount;
  const property_market_value = loan.property_market_value !== undefined ? loan.property_market_value : row.property_market_value;
  const lvr = loan_amount !== null && property_market_value !== null && property_market_value > 0 ? Math.round(loanToValueRatio(loan_amount, property_market_value) * 100) / 100 : null;
  posts.update(postId, {
    ...(loan.loan_type !== undefined ? { loan_type: loan.loan_type } : {}),
    ...(loan.loan_purpose !== undefined ? { loan_purpose: loan.loan_purpose } : {}),
    ...(loan.number_of_applicants !== undefined ? { number_of_applicants: loan.number_of_applicants } : {}),
    ...propertyPlace(loan.property_address),
    ...homePlace(loan.user_address),
    loan_amount,
    property_market_value,
    lvr,
    updated_at: at,
  });
}
