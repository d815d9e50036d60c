// Probe, not part of `npm run bench`: why one-event appends trail the plain-INSERT ceiling, and what would close
// the gap. `npx tsx scripts/bench/probe-append.ts` (DATABASE_URL as for the bench; PROBE_APPENDS, PROBE_ROUNDS).
//
// Compares, for one event per append: the ceiling; our adapter as it is; our adapter through a Kysely pool that
// sends its statements as named (server-side prepared) statements; and the adapter's statement inside a PL/pgSQL
// function called through Kysely (PL/pgSQL caches the plan per session). Reports 16-writer throughput with the
// machine's CPU time per append, and single-connection latency with synchronous_commit off (CPU, no fsync).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../infrastructure/database/database';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createDatabase, dropCreatedDatabases } from './admin';
import { CEILING_TABLE_SQL, ceilingInsert } from './ceiling';
import { type BenchEvent, EventFactory } from './events';
import { runWriters } from './writers';

const WRITERS = 16;
const APPENDS = Number(process.env.PROBE_APPENDS ?? 1000);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);

/** The adapter's append statement (postgres-event-store.ts, #insert) in a function whose plan PL/pgSQL caches. */
const APPEND_FUNCTION_SQL = `
  create function probe_append(p_stream text, p_expected int, p_payload jsonb)
  returns table (current int, last_revision int, last_position text, last_transaction text)
  language plpgsql as $f$
  begin
    return query
    with cur as (
      select coalesce(max(e.revision), -1) as revision from events e where e.stream_id = p_stream
    ), inserted as (
      insert into events (stream_id, revision, event_id, type, data, metadata)
      select p_stream, cur.revision + x.ord::int, (x.value->>'id')::uuid, x.value->>'type', x.value->'data', x.value->'metadata'
      from cur, jsonb_array_elements(p_payload) with ordinality as x(value, ord)
      where p_expected is null or cur.revision = p_expected
      order by x.ord
      returning events.revision, events.position, events.transaction_id
    )
    select (select cur.revision from cur)::int, max(i.revision)::int, max(i.position)::text, max(i.transaction_id::text)
    from inserted i;
  end $f$`;

/** A Kysely database whose pool sends every statement as a named one: pg prepares it once per connection. */
function preparingDatabase(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  const name = (text: string) => `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return new Kysely({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => {
          const client = await pool.connect();
          return {
            // Kysely passes (text, parameters); cursors (streaming) are not used by the adapter.
            query: ((text: string, values: readonly unknown[]) => client.query({ name: name(text), text, values: [...values] })) as never,
            release: () => client.release(),
          };
        },
        end: () => pool.end(),
      },
    }),
  });
}

function plainDatabase(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

type Append = (streamId: string, event: BenchEvent, before: number) => Promise<unknown>;
type Variant = { name: string; open(url: string, max: number): { append: Append; close(): Promise<void> } };

const payload = (e: BenchEvent) => JSON.stringify([{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }]);

const variants: Variant[] = [
  {
    name: 'ceiling (plain INSERT)',
    open: (url, max) => {
      const pool = new pg.Pool({ connectionString: url, max });
      return { append: (s, e, before) => ceilingInsert(pool, s, before, [e]), close: () => pool.end() };
    },
  },
  {
    name: 'ours, as is',
    open: (url, max) => {
      const db = plainDatabase(url, max);
      const store = new PostgresEventStore(db);
      return { append: (s, e, before) => store.append(s, [e], before === 0 ? 'no_stream' : before - 1), close: () => db.destroy() };
    },
  },
  {
    name: 'ours, named statements',
    open: (url, max) => {
      const db = preparingDatabase(url, max);
      const store = new PostgresEventStore(db);
      return { append: (s, e, before) => store.append(s, [e], before === 0 ? 'no_stream' : before - 1), close: () => db.destroy() };
    },
  },
  {
    name: 'ours, PL/pgSQL function',
    open: (url, max) => {
      const db = plainDatabase(url, max);
      return {
        append: (s, e, before) => sql`select * from probe_append(${s}, ${before - 1}::int, ${payload(e)}::jsonb)`.execute(db),
        close: () => db.destroy(),
      };
    },
  },
];

/** Busy and total jiffies of the whole machine (Linux), to turn wall time into CPU time per append. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

let seed = 0;
const eventsFor = (count: number) => {
  const factory = new EventFactory(++seed, 20_000);
  return Array.from({ length: count }, () => factory.next());
};

async function throughput(variant: Variant, url: string, round: number): Promise<{ rate: number; cpuPerAppend: number | null }> {
  const { append, close } = variant.open(url, WRITERS);
  try {
    const warm = Array.from({ length: WRITERS }, () => eventsFor(50));
    const events = Array.from({ length: WRITERS }, () => eventsFor(APPENDS));
    const stream = (phase: string, w: number) => `${variant.name}-${round}-${phase}-${w}`;
    await runWriters(WRITERS, 50, (w, i) => append(stream('warm', w), warm[w]![i]!, i));
    const before = cpuTicks();
    const seconds = await runWriters(WRITERS, APPENDS, (w, i) => append(stream('run', w), events[w]![i]!, i));
    const after = cpuTicks();
    const busyShare = before && after ? (after.busy - before.busy) / (after.total - before.total) : null;
    const appends = WRITERS * APPENDS;
    return { rate: appends / seconds, cpuPerAppend: busyShare === null ? null : (busyShare * os.cpus().length * seconds * 1e6) / appends };
  } finally {
    await close();
  }
}

async function latency(variant: Variant, url: string): Promise<number> {
  const u = new URL(url);
  u.searchParams.set('options', '-c synchronous_commit=off'); // CPU only: no wait for the WAL flush
  const { append, close } = variant.open(u.toString(), 1);
  try {
    const events = eventsFor(2200);
    const stream = `${variant.name}-latency`;
    const times: number[] = [];
    for (let i = 0; i < events.length; i++) {
      const started = performance.now();
      await append(stream, events[i]!, i);
      if (i >= 200) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]! * 1000;
  } finally {
    await close();
  }
}

try {
  const url = await createDatabase(`bench_probe_${Date.now().toString(36)}`);
  const setup = plainDatabase(url, 1);
  await migrateToLatest(setup);
  await sql.raw(CEILING_TABLE_SQL).execute(setup);
  await sql.raw(APPEND_FUNCTION_SQL).execute(setup);
  await setup.destroy();

  const runs = new Map(variants.map((v) => [v.name, [] as { rate: number; cpuPerAppend: number | null }[]]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of variants) {
      const result = await throughput(variant, url, round);
      runs.get(variant.name)!.push(result);
      process.stderr.write(`  round ${round} ${variant.name}: ${Math.round(result.rate)} appends/s\n`);
    }
  }
  const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor((xs.length - 1) / 2)]!;
  const ceiling = median(runs.get(variants[0]!.name)!, (r) => r.rate).rate;
  console.log(`One event per append, ${WRITERS} writers x ${APPENDS} appends, median of ${ROUNDS} interleaved rounds:`);
  for (const variant of variants) {
    const m = median(runs.get(variant.name)!, (r) => r.rate);
    const lat = await latency(variant, url);
    console.log(
      `  ${variant.name.padEnd(26)} ${String(Math.round(m.rate)).padStart(6)} appends/s  ${String(Math.round((m.rate / ceiling) * 100)).padStart(3)}% of ceiling` +
        `  machine CPU ${m.cpuPerAppend === null ? '?' : Math.round(m.cpuPerAppend)} us/append  single-connection latency ${Math.round(lat)} us`,
    );
  }
} finally {
  await dropCreatedDatabases();
}
