import { type Kysely, sql } from 'kysely';

// How far the log may be read (infrastructure/event-store/postgres-event-store.ts, docs/architecture.md): below the
// oldest transaction still running that may be appending events. pg_snapshot_xmin alone also waited for
// transactions that never append: those of other databases of the server (transaction ids are shared by all) and
// the projection runner's batches, which write read models for seconds under load and so held back every reader,
// the runner's own next batch included. A running transaction is left out only when pg_stat_activity places it in
// another database or in a runner's batch (which names itself with `application_name`, projections/runner.ts);
// one it cannot place still counts, so the horizon can wait too long but never skips an event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function events_horizon() returns xid8 language sql stable as $$
      with current as (select pg_current_snapshot() as snapshot)
      select coalesce(
        (select min(running) from current, pg_snapshot_xip(current.snapshot) as running
         where xid(running) not in (
           select backend_xid from pg_stat_activity
           where backend_xid is not null
             and (datid <> (select oid from pg_database where datname = current_database())
                  or application_name = 'projection batch'))),
        (select pg_snapshot_xmax(snapshot) from current))
    $$`.execute(db);
}
