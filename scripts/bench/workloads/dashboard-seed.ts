import { sql } from 'kysely';
import { loadConfig } from '../../../infrastructure/config';
import { type Database, openDatabase } from '../../../infrastructure/database/database';
import { openEventStore } from '../../../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../../../infrastructure/secrets';
import { consumersFor } from '../../../application/consumers';
import { ProjectionRunner } from '../../../projections/runner';
import { SEEDED_ORGANISATIONS, SEEDED_PROVIDERS, seedColumns } from '../dashboards';
import { seedStatistics } from '../statistics';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';

/**
 * The read model the dashboards query, at the issue's size: the projections create their live tables (from an empty
 * log, as on a first start), then rows go straight into those tables with `insert … select from generate_series`
 * and the tables are vacuumed and analysed, as autovacuum would have done on a long-running marketplace.
 */
export async function dashboardSeed(task: Extract<Task, { kind: 'dashboard-seed' }>): Promise<TaskResult> {
  const handle = await openDatabase({ url: task.url, maxConnections: 2 });
  try {
    const config = loadConfig({ NODE_ENV: 'production' });
    const store = await openEventStore(config, handle.db);
    const runner = new ProjectionRunner({ db: handle.db, store, consumers: consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(handle.db) }) });
    await runner.untilLive();
    const columns = seedColumns(task.posts);
    const sizes: [string, number][] = [
      ['organisations', SEEDED_ORGANISATIONS],
      ['users', SEEDED_PROVIDERS],
      ['posts', task.posts],
      ['bids', task.bids],
    ];
    const took: string[] = [];
    const seconds = await timed(async () => {
      for (const [table, rows] of sizes) took.push(`${table} ${(await timed(() => fill(handle.db, table, rows, columns[table]!))).toFixed(1)} s`);
      // The statistics panel's per-day rows, from the posts and bids just written (scripts/bench/statistics.ts).
      let days = '';
      took.push(`${(await timed(async () => void (days = await seedStatistics(handle.db)))).toFixed(1)} s for ${days}`);
    });
    return { operations: sizes.length, events: task.posts + task.bids, seconds, notes: [`read model seeded (rows, indexes, VACUUM ANALYZE): ${took.join(', ')}`] };
  } finally {
    await handle.close();
  }
}

const SEED_BATCH = 50_000;

type Column = { column_name: string; data_type: string; is_nullable: 'YES' | 'NO'; column_default: string | null };

/** Neutral values for a not-null column the seed does not know (a column a projection added since). */
const neutral: Record<string, string> = {
  boolean: 'false',
  integer: '0',
  bigint: '0',
  'double precision': '0',
  numeric: '0',
  text: `'bench'`,
  jsonb: `'{}'::jsonb`,
  uuid: `md5('other' || n)::uuid`,
  'timestamp with time zone': 'now()',
  date: 'current_date',
};

async function fill(db: Database, table: string, rows: number, known: Record<string, string>): Promise<void> {
  const { rows: schemas } = await sql<{ table_schema: string }>`
    select table_schema from information_schema.tables
    where table_name = ${table} and table_schema in (select schema_name from projection_builds where status = 'live')`.execute(db);
  const schema = schemas[0]?.table_schema;
  if (!schema) throw new Error(`no live projection table ${table}: is its projection registered?`);
  const { rows: columns } = await sql<Column>`
    select column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = ${schema} and table_name = ${table} order by ordinal_position`.execute(db);
  const expressions = columns.map((c) => {
    const expression = known[c.column_name] ?? (c.is_nullable === 'YES' || c.column_default !== null ? null : neutral[c.data_type]);
    if (expression === undefined) throw new Error(`${table}.${c.column_name} (${c.data_type}, not null): no value for the seed`);
    return expression === null ? (c.column_default ?? 'null') : expression;
  });
  // Secondary indexes are built after the rows, as a bulk load does (much faster than 1,000,000 random inserts).
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = ${schema} and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
  for (const index of indexes) await sql.raw(`drop index "${schema}"."${index.indexname}"`).execute(db);
  // The leading bids are computed once after the load (below), not by the bids' trigger on each batch.
  const leadingBids = table === 'bids';
  if (leadingBids) await sql.raw(`alter table "${schema}"."bids" disable trigger user`).execute(db);
  // Short transactions of SEED_BATCH rows each: the event store's readers on this server wait for the oldest open
  // transaction of the whole server, so one long insert would stall every other database on it.
  for (let first = 1; first <= rows; first += SEED_BATCH) {
    await sql.raw(`insert into "${schema}"."${table}" (${columns.map((c) => `"${c.column_name}"`).join(', ')})
      select ${expressions.join(', ')} from generate_series(${first}, ${Math.min(rows, first + SEED_BATCH - 1)}) as n`).execute(db);
  }
  for (const index of indexes) await sql.raw(index.indexdef).execute(db);
  if (leadingBids) {
    await sql.raw(`alter table "${schema}"."bids" enable trigger user`).execute(db);
    await leadAllPosts(db, schema);
  }
  await sql.raw(`vacuum analyze "${schema}"."${table}"`).execute(db);
}

/** post_leading_bids for every post with bids, by the bids projection's own function, SEED_BATCH / 5 posts at a time. */
async function leadAllPosts(db: Database, schema: string): Promise<void> {
  const { rows } = await sql<{ post_id: string }>`select distinct post_id from ${sql.id(schema, 'bids')}`.execute(db);
  const ids = rows.map((row) => row.post_id);
  for (let first = 0; first < ids.length; first += SEED_BATCH / 5) {
    await sql`select ${sql.id(schema, 'lead_post_bids')}(${ids.slice(first, first + SEED_BATCH / 5)}::uuid[])`.execute(db);
  }
  await sql.raw(`vacuum analyze "${schema}"."post_leading_bids"`).execute(db);
}
