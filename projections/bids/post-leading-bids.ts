import { sql } from 'kysely';
import { buildSchema, type Projection } from '../projection';

// Each post's leading bids, kept beside the bids (docs/performance.md "Trade flow"): the dashboards sort posts by
// their leading bid (spec 1 §2 sort menus), which would otherwise need the leader of every matching post before the
// first row. One row per post with an active bid: the leader by comparison rate and the leader by interest rate (a
// post's sort order says which one leads it, spec 3 §4), ties by bid order. A statement trigger on `bids` keeps them:
// an insert can only bring a new leader, so it compares the new bids with the leaders stored and writes only where one
// of them leads now; an update or a delete (a leader withdrawn, accepted, deleted) recomputes the rows of the posts
// it touched from their bids. Recomputing on insert too cost PostgreSQL 60–80 µs more a bid under the bid workload
// (docs/performance-history.md "Leading bids on insert").

const leaderColumns = ['uuid', 'interest_rate', 'comparison_rate', 'created_at', 'provider_id', 'organisation_uuid', 'hidden'] as const;
const leaderTypes = ['uuid', 'double precision', 'double precision', 'timestamptz', 'uuid', 'uuid', 'boolean'] as const;

export async function createPostLeadingBids(trx: Parameters<Projection['createTables']>[0]): Promise<void> {
  const columns = (prefix: string) => leaderColumns.map((c, i) => `${prefix}_${c} ${leaderTypes[i]} not null`).join(', ');
  await sql.raw(`create table post_leading_bids (post_id uuid primary key, ${columns('cr')}, ${columns('ir')})`).execute(trx);
  // The leading-bid sort menus walk these in order (both leaders: the post's sort order picks one).
  for (const prefix of ['cr', 'ir']) {
    for (const column of ['comparison_rate', 'interest_rate', 'created_at']) {
      await sql.raw(`create index post_leading_bids_${prefix}_${column} on post_leading_bids (${prefix}_${column}, post_id)`).execute(trx);
    }
  }
  // Static SQL naming the build's own schema: PL/pgSQL keeps the plans of static statements per connection, where
  // EXECUTE planned them on every write (0.5 ms a statement: docs/performance-history.md "Triggers without EXECUTE").
  const schema = await buildSchema(trx);
  const table = (name: string) => `${schema}.${name}`;
  const selected = (alias: string) => leaderColumns.filter((c) => c !== 'hidden').map((c) => `${alias}.${c}`).join(', ') + `, (${alias}.bid_type = 'anonymous' and ${alias}.show_private)`;
  const leaders = (from: string, order: string) =>
    `select distinct on (post_id) * from ${from} where status = 'active' and not deleted order by post_id, ${order}, created_at, uuid`;
  const leadersOf = (from: string) => `from (${leaders(from, 'comparison_rate')}) cr join (${leaders(from, 'interest_rate')}) ir on ir.post_id = cr.post_id`;
  // A new leader in `excluded` (the new bids' best) against the stored one `l`, in the leaders' order.
  const leads = (prefix: 'cr' | 'ir', rate: string) =>
    `(excluded.${prefix}_${rate}, excluded.${prefix}_created_at, excluded.${prefix}_uuid) < (l.${prefix}_${rate}, l.${prefix}_created_at, l.${prefix}_uuid)`;
  const takeLeader = (prefix: 'cr' | 'ir', rate: string) =>
    leaderColumns.map((c) => `${prefix}_${c} = case when ${leads(prefix, rate)} then excluded.${prefix}_${c} else l.${prefix}_${c} end`).join(',\n          ');
  // lead_post_bids(posts): the rows of those posts recomputed (the bench's bulk load calls it too).
  await sql
    .raw(
      `create function lead_post_bids(posts uuid[]) returns void language plpgsql as $fn$
    begin
      delete from ${table('post_leading_bids')} where post_id = any(posts);
      insert into ${table('post_leading_bids')}
        select cr.post_id, ${selected('cr')}, ${selected('ir')}
        ${leadersOf(`(select * from ${table('bids')} where post_id = any(posts)) touched`)};
    end
    $fn$`,
    )
    .execute(trx);
  await sql
    .raw(
      `create function keep_post_leading_bids() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        insert into ${table('post_leading_bids')} as l
        select cr.post_id, ${selected('cr')}, ${selected('ir')} ${leadersOf('new_rows')}
        on conflict (post_id) do update set
          ${takeLeader('cr', 'comparison_rate')},
          ${takeLeader('ir', 'interest_rate')}
        where ${leads('cr', 'comparison_rate')} or ${leads('ir', 'interest_rate')};
      elsif tg_op = 'DELETE' then
        perform ${table('lead_post_bids')}(array(select distinct post_id from old_rows));
      else
        perform ${table('lead_post_bids')}(array(select post_id from new_rows union select post_id from old_rows));
      end if;
      return null;
    end
    $fn$`,
    )
    .execute(trx);
  await sql`create trigger bids_lead_insert after insert on bids referencing new table as new_rows for each statement execute function keep_post_leading_bids()`.execute(trx);
  await sql`create trigger bids_lead_update after update on bids referencing old table as old_rows new table as new_rows for each statement execute function keep_post_leading_bids()`.execute(trx);
  await sql`create trigger bids_lead_delete after delete on bids referencing old table as old_rows for each statement execute function keep_post_leading_bids()`.execute(trx);
}

