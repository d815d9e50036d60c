import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../../infrastructure/database/database';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { CEILING_TABLE_SQL } from './ceiling';
import { EventFactory } from './events';
const url = 'postgres://postgres@127.0.0.1:5432/bench_plan_probe';
const h = await openDatabase({ url, maxConnections: 1 }); await migrateToLatest(h.db);
const c = new pg.Client({ connectionString: url }); await c.connect();
await c.query(CEILING_TABLE_SQL);
await c.query(`
    create function append_events(p_stream text, p_expected int, p_payload jsonb)
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
    end $f$`);
await c.query('set synchronous_commit = off');
await h.db.executeQuery(CompiledQuery.raw('set synchronous_commit = off'));
const store = new PostgresEventStore(h.db);
const f = new EventFactory(5, 20000);
const payload = (e: ReturnType<typeof f.next>) => JSON.stringify([{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }]);
const variants: Record<string, (s: string, i: number) => Promise<unknown>> = {
  ceiling: (s, i) => { const e = f.next(); return c.query('insert into ceiling_events (stream_id, revision, event_id, type, data, metadata) values ($1,$2,$3,$4,$5,$6)', [s, i, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]); },
  'ours (store)': (s, i) => store.append(s, [f.next()], i === 0 ? 'no_stream' : i - 1),
  'plpgsql via kysely': (s, i) => sql`select * from append_events(${s}, ${i === 0 ? -1 : i - 1}::int, ${payload(f.next())}::jsonb)`.execute(h.db),
};
for (let round = 0; round < 3; round++) {
  for (const [label, fn] of Object.entries(variants)) {
    const stream = `${label}-${round}`;
    for (let i = 0; i < 200; i++) await fn(stream, i);
    const t: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 200; i < 3200; i++) { const t0 = performance.now(); await fn(stream, i); t.push(performance.now() - t0); }
    const cpu = process.cpuUsage(cpu0);
    t.sort((a, b) => a - b);
    console.log(`${label.padEnd(18)} median ${(t[1500]! * 1000).toFixed(0)} us  p90 ${(t[2700]! * 1000).toFixed(0)} us  node cpu/op ${((cpu.user + cpu.system) / 3000).toFixed(0)} us`);
  }
}
await c.end(); await h.close();
