import { sql } from 'kysely';
import type { BidEvent } from '../../domain/bid/events';
import type { DealEvent } from '../../domain/deal/events';
import type { PostEvent } from '../../domain/post/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';

// Each provider's bids, deals and settled deals (docs/leads-and-opportunities.md "Members"): counted from the bids and
// deals read models (`readsFrom`, so they have applied the same events first) for the providers a batch touched, so
// the rules of what counts stay with those read models and the lists read one row per provider.

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
  version: 1,
  tables: ['member_counts'],
  readsFrom: ['bids', 'deals'],
  async createTables(trx) {
    await sql`
      create table member_counts (
        provider_id uuid primary key,
        bids integer not null,
        deals integer not null,
        settled_deals integer not null
      )`.execute(trx);
  },
  async handle(events, db) {
    const providers = new Set<string>();
    const deletedPosts: string[] = [];
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The bid, deal and post deciders wrote these events; their type names are checked above.
      const event = recorded as RecordedEvent & Handled;
      if (event.type === 'PostDeleted') deletedPosts.push(event.data.post_id);
      else providers.add(event.data.provider_id);
    }
    // A deleted post takes its bids and deals from every count: its bidders are counted again.
    if (deletedPosts.length > 0) {
      const rows = await db.selectFrom('bids').select('provider_id').distinct().where(sql<boolean>`post_id = any(${deletedPosts}::uuid[])`).execute();
      for (const row of rows) providers.add(row.provider_id);
    }
    await count(db, providers);
  },
};

async function count(db: Database, providers: ReadonlySet<string>): Promise<void> {
  if (providers.size === 0) return;
  await sql`
    insert into member_counts (provider_id, bids, deals, settled_deals)
    select p.id,
      (select count(*) from bids b where b.provider_id = p.id and not b.deleted and b.origin = 'auction')::int,
      (select count(*) from deals d where d.provider_id = p.id and not d.deleted)::int,
      (select count(*) from deals d where d.provider_id = p.id and not d.deleted and d.stage = 'closed_won')::int
    from unnest(${[...providers]}::uuid[]) as p(id)
    on conflict (provider_id) do update set bids = excluded.bids, deals = excluded.deals, settled_deals = excluded.settled_deals`.execute(db);
}
