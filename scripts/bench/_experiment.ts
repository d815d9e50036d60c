import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../infrastructure/database/database';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createDatabase, dropDatabase, withClient } from './admin';
import { CEILING_TABLE_SQL, ceilingInsert } from './ceiling';
import { EventFactory, type BenchEvent } from './events';
import { runWriters } from './writers';

let seedCounter = 0;
const W = 16, N = Number(process.env.N ?? 800), B = Number(process.env.B ?? 1);
function cpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + f[4]!;
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const OURS_SQL = `
      with current as (
        select coalesce(max(revision), -1) as revision from events where stream_id = $1
      ), inserted as (
        insert into events (stream_id, revision, event_id, type, data, metadata)
        select $2, current.revision + e.ord::int, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
        from current, jsonb_array_elements($3::jsonb) with ordinality as e(value, ord)
        where $4::int is null or current.revision = $5::int
        order by e.ord
        returning revision, position, transaction_id
      )
      select (select revision from current) as current,
             max(revision) as last_revision,
             max(position)::text as last_position,
             max(transaction_id::text) as last_transaction
      from inserted`;
const SIMPLE_SQL = `
  insert into events (stream_id, revision, event_id, type, data, metadata)
  select $1, coalesce(max(revision), -1) + 1, $2, $3, $4, $5 from events where stream_id = $1
  having coalesce(max(revision), -1) = $6::int
  returning revision, position::text, transaction_id::text`;

const name = `bench_exp_${Date.now()}`;
const url = await createDatabase(name);
try {
  const h = await openDatabase({ url, maxConnections: W });
  await migrateToLatest(h.db);
  await withClient(url, (c) => c.query(CEILING_TABLE_SQL));
  const store = new PostgresEventStore(h.db);
  await withClient(url, (c) => c.query(`
    create function bench_append(p_stream text, p_expected int, p_payload jsonb)
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
    end $f$`));
  const pool = new pg.Pool({ connectionString: url, max: W });
  const payload = (es: BenchEvent[]) => JSON.stringify(es.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })));
  const variants: Record<string, (s: string, es: BenchEvent[], i: number) => Promise<unknown>> = {
    ceiling: (s, es, i) => ceilingInsert(pool, s, i * B, es),
    'ceiling+returning': (s, [e], i) => pool.query(`insert into ceiling_events (stream_id, revision, event_id, type, data, metadata) values ($1,$2,$3,$4,$5,$6) returning position::text, transaction_id::text`, [s, i, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]),
    ours: (s, es, i) => store.append(s, es, i === 0 ? 'no_stream' : i * B - 1),
    'ours-sql raw pg': (s, [e], i) => { const x = i - 1; return pool.query(OURS_SQL, [s, s, JSON.stringify([{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }]), x, x]); },
    'ours-sql prepared': (s, es, i) => { const x = i * B - 1; return pool.query({ name: 'ours', text: OURS_SQL, values: [s, s, payload(es), x, x] }); },
    'plpgsql function': (s, es, i) => { const x = i * B - 1; return pool.query('select * from bench_append($1, $2, $3)', [s, x, payload(es)]); },
    'simple single-row': (s, [e], i) => pool.query(SIMPLE_SQL, [s, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), i - 1]),
    'simple prepared': (s, [e], i) => pool.query({ name: 'simple', text: SIMPLE_SQL, values: [s, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), i - 1] }),
  };
  const only = process.env.ONLY?.split(',');
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
    for (const [label, fn] of Object.entries(variants)) {
      if (only && !only.includes(label)) continue;
      const events = Array.from({ length: W }, (_, w) => { const f = new EventFactory(++seedCounter * 100 + w, 20000); return Array.from({ length: N + 50 }, () => f.batch(B)); });
      const table = label.startsWith('ceiling') ? 'c' : 'e';
      await runWriters(W, 50, (w, i) => fn(`${table}-${label}-${round}-warm-${w}`, events[w]![N + i]!, i));
      await withClient(url, (c) => c.query('checkpoint'));
      const c0 = cpu(); const u0 = process.cpuUsage();
      const s = await runWriters(W, N, (w, i) => fn(`${table}-${label}-${round}-${w}`, events[w]![i]!, i));
      const c1 = cpu(); const u1 = process.cpuUsage(u0);
      const busy = (c1.busy - c0.busy) / (c1.total - c0.total);
      const rate = (W * N * B) / s;
      console.log(`${label.padEnd(20)} ${Math.round(rate).toString().padStart(6)}/s  machine cpu ${(busy * 100).toFixed(0)}%  node cpu/op ${((u1.user + u1.system) / (W * N)).toFixed(0)}us  machine cpu/op ${((busy * 2 * s * 1e6) / (W * N)).toFixed(0)}us`);
    }
  }
  await pool.end();
  await h.close();
} finally {
  await dropDatabase(name);
}
