import { sql } from 'kysely';
import type { BidEvent } from '../../domain/bid/events';
import type { DealEvent } from '../../domain/deal/events';
import type { PostEvent } from '../../domain/post/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import { keepRowTotals } from '../row-counts';

// Each provider's bids, deals and settled deals (docs/leads-and-opportunities.md "Members"): counted from the bids and
// deals read models (`readsFrom`, so they have applied the same events first), so the rules of what counts stay with
// those read models, and the lists read one row per provider. A batch recounts only the (provider, post) pairs its
// events name, a few rows each, so its work does not grow with a provider's history; `member_counts` is their sum per
// provider, kept by a trigger (projections/row-counts.ts).

const bidTypes = ['BidPlaced', 'BidDeleted'] as const;
const dealTypes = ['DealOpened', 'DealActivityAdded', 'DealActivityDeleted'] as const;
const handledTypes = new Set<string>([...bidTypes, ...dealTypes, 'PostDeleted']);

type Handled =
  | Extract<BidEvent, { type: (typeof bidTypes)[number] }>
  | Extract<DealEvent, { type: (typeof dealTypes)[number] }>
  | Extract<PostEvent, { type: 'PostDeleted' }>;

export const membersProjection: Projection = {
  kind: 'projection',
  name: 'members',
  eventTypes: handledTypes,
  // 2: counted per provider and post (member_post_counts); member_counts is their sum and keeps no provider at zero.
  version: 2,
  tables: ['member_counts', 'member_post_counts'],
  readsFrom: ['bids', 'deals'],
  async createTables(trx) {
    await sql`
      create table member_counts (
        provider_id uuid primary key,
        bids integer not null,
        deals integer not null,
        settled_deals integer not null
      )`.execute(trx);
    // Keyed post first: a deleted post's rows are found by it.
    await sql`
      create table member_post_counts (
        provider_id uuid not null,
        post_id uuid not null,
        bids integer not null,
        deals integer not null,
        settled_deals integer not null,
        primary key (post_id, provider_id)
      )`.execute(trx);
    await sql`create index member_post_counts_zero on member_post_counts ((1)) where bids = 0 and deals = 0 and settled_deals = 0`.execute(trx);
    await keepRowTotals(trx, {
      table: 'member_post_counts',
      totals: 'member_counts',
      keys: ['provider_id'],
      sums: [
        ['bids', 'bids'],
        ['deals', 'deals'],
        ['settled_deals', 'settled_deals'],
      ],
    });
  },
  async handle(events, db) {
    const pairs = new Map<string, { provider_id: string; post_id: string }>();
    const dealIds = new Set<string>();
    const deletedPosts = new Set<string>();
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The bid, deal and post deciders wrote these events; their type names are checked above.
      const event = recorded as RecordedEvent & Handled;
      if (event.type === 'PostDeleted') deletedPosts.add(event.data.post_id);
      else if (event.type === 'DealActivityAdded' || event.type === 'DealActivityDeleted') dealIds.add(event.data.deal_id);
      else pairs.set(`${event.data.provider_id}/${event.data.post_id}`, { provider_id: event.data.provider_id, post_id: event.data.post_id });
    }
    if (pairs.size + dealIds.size + deletedPosts.size === 0) return;
    const named = [...pairs.values()];
    // The pairs the batch touched: named by a bid or an opened deal, a deal's activities by the deal's row, and a
    // deleted post's bids and deals by the pairs counted on it (a pair without a row counts nothing to take away).
    // Each is counted again as the read models hold it now, whatever order the batch's events came in, from its post's
    // rows alone: the provider is a filter, not a condition an index could serve, so a plan never reads the provider's
    // whole history by its index (as one did on bids and deals just swapped in by a rebuild, without statistics yet).
    // A few hundred rows a batch: never worth compiling (JIT took 0.5 s a batch when the read models' tables, just
    // swapped in by a rebuild, had no statistics yet and the plan's estimate grew past jit_above_cost).
    await sql`select set_config('jit', 'off', true)`.execute(db);
    const { rows } = await sql<{ zeros: number }>`
      with written as (
        insert into member_post_counts as m (provider_id, post_id, bids, deals, settled_deals)
        select p.provider_id, p.post_id, b.bids, d.deals, d.settled_deals
        from (
          select provider_id, post_id from unnest(${named.map((p) => p.provider_id)}::uuid[], ${named.map((p) => p.post_id)}::uuid[]) as named(provider_id, post_id)
          union select provider_id, post_id from deals where uuid = any(${[...dealIds]}::uuid[])
          union select provider_id, post_id from member_post_counts where post_id = any(${[...deletedPosts]}::uuid[])
        ) p
        cross join lateral (
          select (count(*) filter (where bids.provider_id = p.provider_id and not bids.deleted and bids.origin = 'auction'))::int as bids
          from bids where bids.post_id = p.post_id
        ) b
        cross join lateral (
          select (count(*) filter (where deals.provider_id = p.provider_id and not deals.deleted))::int as deals,
            (count(*) filter (where deals.provider_id = p.provider_id and not deals.deleted and deals.stage = 'closed_won'))::int as settled_deals
          from deals where deals.post_id = p.post_id
        ) d
        on conflict (post_id, provider_id) do update set bids = excluded.bids, deals = excluded.deals, settled_deals = excluded.settled_deals
        where (m.bids, m.deals, m.settled_deals) is distinct from (excluded.bids, excluded.deals, excluded.settled_deals)
        returning bids, deals, settled_deals
      )
      select (count(*) filter (where bids = 0 and deals = 0 and settled_deals = 0))::int as zeros from written`.execute(db);
    // A pair back at zero goes, so a batch leaves the rows its events one by one leave.
    if (rows[0]!.zeros > 0) await sql`delete from member_post_counts where bids = 0 and deals = 0 and settled_deals = 0`.execute(db);
  },
};
