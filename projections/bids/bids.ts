import { type Selectable, sql } from 'kysely';
import { type BidEvent, bidEventTypes, bidStatusAfter, type BidPlaced, type BidTerms } from '../../domain/bid/events';
import type { PostDeleted } from '../../domain/post/events';
import type { UserDeleted } from '../../domain/user/events';
import type { BidAcceptedOnPost } from '../../domain/post/lifecycle';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import { createPostLeadingBids } from './post-leading-bids';
import type { AutoBidWhy, BidsTable } from './tables';

// Bids as the post detail, the bid lists, the leading bid and Auto-Declare read them (spec 1 §3, §4; spec 3 §7).
// Other read models and reactors code against these columns (docs/bids.md "Read model"). The cancellation reason (the
// provider's free text) stays in the events; an auto-bid's trace quotes its post's facts and is blanked when the
// post's customer is erased. A deleted post's bids are deleted with it.

export type BidRow = Selectable<BidsTable>;

const handledTypes = new Set<string>([...bidEventTypes, 'PostDeleted', 'BidAcceptedOnPost', 'UserDeleted']);

/** The events applied in memory (UserDeleted is applied in SQL). */
type BidsEvent = BidEvent | PostDeleted | BidAcceptedOnPost;
/** The post's events, which act on all of its bids. */
const isPostWide = (event: BidsEvent): event is PostDeleted | BidAcceptedOnPost => event.type === 'PostDeleted' || event.type === 'BidAcceptedOnPost';

export const bidsProjection: Projection = {
  kind: 'projection',
  name: 'bids',
  eventTypes: handledTypes,
  // 2: post_leading_bids (the dashboards' leading-bid sorts). 3: its trigger compares inserted bids with the leaders,
  // in static SQL. 4: not_chosen (the bids the customer did not choose). 5: auto_bid_template_id (placed automatically).
  // 6: auto_bid_why and auto_bid_subject (why the auto-bidder placed it), UserDeleted. 7: set-based handling.
  version: 7,
  tables: ['bids', 'post_leading_bids'],
  async createTables(trx) {
    await sql`
      create table bids (
        uuid uuid primary key,
        post_id uuid not null,
        provider_id uuid not null,
        organisation_uuid uuid not null,
        status text not null,
        bid_type text not null,
        show_private boolean not null,
        origin text not null,
        template_id uuid,
        auto_bid_template_id uuid,
        auto_bid_why jsonb,
        auto_bid_subject uuid,
        interest_rate double precision not null,
        comparison_rate double precision not null,
        maximum_lvr double precision not null,
        rate_type text not null,
        fixed_period integer,
        repayment_type text not null,
        loan_amount double precision not null,
        monthly_repayment double precision not null,
        monthly_savings double precision,
        auto_declare_eligible boolean not null,
        form jsonb not null,
        deleted boolean not null default false,
        placed_by uuid not null,
        not_chosen boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index bids_post_comparison on bids (post_id, status, comparison_rate)`.execute(trx);
    await sql`create index bids_post_interest on bids (post_id, status, interest_rate)`.execute(trx);
    await sql`create index bids_provider on bids (provider_id, created_at desc)`.execute(trx);
    await sql`create index bids_organisation on bids (organisation_uuid, created_at desc)`.execute(trx);
    await sql`create index bids_created_at on bids (created_at desc, uuid)`.execute(trx);
    await createPostLeadingBids(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's bids are read once, by id and, for the events that act on all
    // of a post's bids, by post; the events are applied to them in memory and the changed rows written back in one
    // upsert. The leading-bid trigger sees it as one insert of the new bids (compared with the leaders) and one update
    // of the others (their posts recomputed), which leaves the rows a recompute from the bids gives, as after each
    // event's statement. A customer's erasure reaches bids by subject, not by id or post: it is applied in SQL between
    // the stretches before and after it.
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        await eraseSubject(db, (stretch.barrier as RecordedEvent & UserDeleted).data.user_id);
        continue;
      }
      // The bid and post deciders wrote these events; their type names are checked by handledTypes.
      const bidEvents = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & BidsEvent)[];
      if (bidEvents.length === 0) continue;
      const bids = new BatchRows<BidRow>(db, { table: 'bids', key: 'uuid', keyType: 'uuid', group: 'post_id' });
      await bids.load(bidEvents.flatMap((event) => (isPostWide(event) ? [] : [event.data.bid_id])));
      await bids.loadWhere('post_id', bidEvents.flatMap((event) => (isPostWide(event) ? [event.data.post_id] : [])));
      for (const event of bidEvents) apply(bids, event);
      await bids.flush();
    }
  },
};

/** Crypto-shredding (docs/personal-data.md): the traces quoting the erased customer's posts read as null, as a rebuild would read them. */
async function eraseSubject(db: Database, userId: string): Promise<void> {
  await db
    .updateTable('bids')
    .set({ auto_bid_why: sql<AutoBidWhy>`jsonb_set(auto_bid_why, '{trace}', 'null'::jsonb)` })
    .where('auto_bid_subject', '=', userId)
    .execute();
}

/** The columns a bid's terms fill (placed and edited alike); `form` is stored as jsonb. */
export function termsColumns(terms: BidTerms) {
  const { bid } = terms;
  return {
    bid_type: bid.bid_type,
    show_private: bid.show_private,
    template_id: bid.home_loan_bid_template_uuid,
    interest_rate: bid.interest_rate,
    comparison_rate: bid.comparison_rate,
    maximum_lvr: bid.maximum_lvr,
    rate_type: bid.rate_type,
    fixed_period: bid.fixed_period,
    repayment_type: bid.repayment_type,
    loan_amount: terms.loan_amount,
    monthly_repayment: terms.repayments.monthly_repayment,
    monthly_savings: terms.repayments.monthly_savings,
    auto_declare_eligible: terms.auto_declare_eligible,
    form: bid,
  };
}

/**
 * The row a placed bid becomes (the API answers a placement with it before the projection has run). `causationId`:
 * the event's cause. Only the auto-bidder places a bid with one (a person's bid has none), so a bid with a cause that
 * names a template was placed automatically by it (docs/auto-bidding.md "Placed automatically").
 */
export function bidRowOf(placed: BidPlaced['data'], at: Date, causationId: string | null): BidRow {
  const { bid_id, post_id, provider_id, organisation_uuid, origin, placed_by } = placed;
  const terms = termsColumns(placed);
  const auto = placed.auto_bid;
  // Auto-bids placed before `auto_bid` was recorded are known by their cause alone.
  const auto_bid_template_id = auto ? auto.template_id : causationId !== null ? terms.template_id : null;
  const auto_bid_why: AutoBidWhy | null = auto ? { bid_action: auto.bid_action, replaces: auto.replaces, trace: auto.trace } : null;
  return {
    uuid: bid_id,
    post_id,
    provider_id,
    organisation_uuid,
    origin,
    placed_by,
    status: 'active',
    deleted: false,
    not_chosen: false,
    ...terms,
    auto_bid_template_id,
    auto_bid_why,
    auto_bid_subject: auto?.post_owner_id ?? null,
    created_at: at,
    updated_at: at,
  };
}

function apply(bids: BatchRows<BidRow>, event: RecordedEvent & BidsEvent): void {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'BidPlaced':
      bids.insert(bidRowOf(event.data, at, event.metadata.causation_id));
      return;
    case 'PostDeleted':
      // An admin deleted the post (docs/post-lifecycle.md): its bids leave every list; the rows stay for a replay.
      for (const bid of bids.inGroup(event.data.post_id)) bids.update(bid.uuid, { deleted: true, updated_at: at });
      return;
    case 'BidAcceptedOnPost': {
      // The post accepted one bid (once, ever): its other open bids were not chosen. Cancelled and deleted ones were
      // withdrawn before; the accepted one moves on with its deal.
      const { post_id, bid_id } = event.data;
      const open = bids.inGroup(post_id).filter((row) => row.uuid !== bid_id && (row.status === 'active' || row.status === 'expired') && !row.deleted);
      for (const bid of open) bids.update(bid.uuid, { not_chosen: true });
      return;
    }
    case 'BidEdited':
      bids.update(event.data.bid_id, { organisation_uuid: event.data.organisation_uuid, ...termsColumns(event.data), updated_at: at });
      return;
    case 'BidDeleted':
      bids.update(event.data.bid_id, { deleted: true, updated_at: at });
      return;
    case 'BidCancelled':
    case 'BidExpired':
    case 'BidAccepted':
    case 'BidContacted':
    case 'BidApplied':
    case 'BidClosedWon':
    case 'BidClosedLost':
    case 'BidPutOnHold':
      bids.update(event.data.bid_id, { status: bidStatusAfter[event.type], updated_at: at });
      return;
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
