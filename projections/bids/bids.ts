import { type Selectable, sql } from 'kysely';
import { type BidEvent, bidEventTypes, bidStatusAfter, type BidPlaced, type BidTerms } from '../../domain/bid/events';
import type { BidForm } from '../../domain/bid/schemas';
import type { PostDeleted } from '../../domain/post/events';
import type { UserDeleted } from '../../domain/user/events';
import type { BidAcceptedOnPost } from '../../domain/post/lifecycle';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import { createPostLeadingBids } from './post-leading-bids';
import type { AutoBidWhy, BidsTable } from './tables';

// Bids as the post detail, the bid lists, the leading bid and Auto-Declare read them (spec 1 §3, §4; spec 3 §7).
// Other read models and reactors code against these columns (docs/bids.md "Read model"). The cancellation reason (the
// provider's free text) stays in the events; an auto-bid's trace quotes its post's facts and is blanked when the
// post's customer is erased. A deleted post's bids are deleted with it.

export type BidRow = Selectable<BidsTable>;

const handledTypes = new Set<string>([...bidEventTypes, 'PostDeleted', 'BidAcceptedOnPost', 'UserDeleted']);

export const bidsProjection: Projection = {
  kind: 'projection',
  name: 'bids',
  eventTypes: handledTypes,
  // 2: post_leading_bids (the dashboards' leading-bid sorts). 3: its trigger compares inserted bids with the leaders,
  // in static SQL. 4: not_chosen (the bids the customer did not choose). 5: auto_bid_template_id (placed automatically).
  // 6: auto_bid_why and auto_bid_subject (why the auto-bidder placed it), UserDeleted.
  version: 6,
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
    // Placed bids in a row go in as one insert: the leading-bid trigger then runs once for them, not once each.
    let placed: BidRow[] = [];
    const insertPlaced = async () => {
      if (placed.length === 0) return;
      await db
        .insertInto('bids')
        .values(placed.map((row) => ({ ...row, form: asJsonb(row.form), auto_bid_why: row.auto_bid_why && asJsonb(row.auto_bid_why) })))
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      placed = [];
    };
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      if (recorded.type === 'BidPlaced') {
        const event = recorded as RecordedEvent & BidPlaced;
        placed.push(bidRowOf(event.data, new Date(event.metadata.occurred_at), event.metadata.causation_id));
        continue;
      }
      await insertPlaced();
      // An admin deleted the post (docs/post-lifecycle.md): its bids leave every list; the rows stay for a replay.
      if (recorded.type === 'PostDeleted') {
        const { post_id } = recorded.data as PostDeleted['data'];
        await db.updateTable('bids').set({ deleted: true, updated_at: new Date(recorded.metadata.occurred_at) }).where('post_id', '=', post_id).execute();
        continue;
      }
      // Crypto-shredding (docs/personal-data.md): the traces quoting the erased customer's posts read as null, as a
      // rebuild would read them.
      if (recorded.type === 'UserDeleted') {
        const { user_id } = recorded.data as UserDeleted['data'];
        await db
          .updateTable('bids')
          .set({ auto_bid_why: sql<AutoBidWhy>`jsonb_set(auto_bid_why, '{trace}', 'null'::jsonb)` })
          .where('auto_bid_subject', '=', user_id)
          .execute();
        continue;
      }
      // The post accepted one bid (once, ever): its other open bids were not chosen. Cancelled and deleted ones were
      // withdrawn before; the accepted one moves on with its deal.
      if (recorded.type === 'BidAcceptedOnPost') {
        const { post_id, bid_id } = recorded.data as BidAcceptedOnPost['data'];
        await db
          .updateTable('bids')
          .set({ not_chosen: true })
          .where('post_id', '=', post_id)
          .where('uuid', '<>', bid_id)
          .where('status', 'in', ['active', 'expired'])
          .where('deleted', '=', false)
          .execute();
        continue;
      }
      // The bid decider wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & Exclude<BidEvent, BidPlaced>);
    }
    await insertPlaced();
  },
};

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

const asJsonb = <T extends BidForm | AutoBidWhy>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;

async function apply(db: Database, event: RecordedEvent & Exclude<BidEvent, BidPlaced>): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  const bidId = event.data.bid_id;
  switch (event.type) {
    case 'BidEdited':
      await db
        .updateTable('bids')
        .set({ organisation_uuid: event.data.organisation_uuid, ...termsColumns(event.data), form: asJsonb(event.data.bid), updated_at: at })
        .where('uuid', '=', bidId)
        .execute();
      return;
    case 'BidDeleted':
      await db.updateTable('bids').set({ deleted: true, updated_at: at }).where('uuid', '=', bidId).execute();
      return;
    case 'BidCancelled':
    case 'BidExpired':
    case 'BidAccepted':
    case 'BidContacted':
    case 'BidApplied':
    case 'BidClosedWon':
    case 'BidClosedLost':
    case 'BidPutOnHold':
      await db.updateTable('bids').set({ status: bidStatusAfter[event.type], updated_at: at }).where('uuid', '=', bidId).execute();
      return;
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
