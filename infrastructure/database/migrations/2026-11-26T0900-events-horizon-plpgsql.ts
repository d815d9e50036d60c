import { type Kysely, sql } from 'kysely';

// events_horizon() of 2026-11-22T0100, the same query in PL/pgSQL: PostgreSQL (before 18) plans the body of an SQL
// function that it cannot inline on every call, 250–900 µs, while PL/pgSQL keeps its plan per connection (14 µs).
// Every read of the log and of its head calls it: about a fifth of PostgreSQL's CPU while bidding
// (docs/performance.md "Bids").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function events_horizon() returns xid8 language plpgsql stable as $$
    begin
      return (
        with current as (select pg_current_snapshot() as snapshot)
        select coalesce(
          (select min(running) from current, pg_snapshot_xip(current.snapshot) as running
           where xid(running) not in (
             select backend_xid from pg_stat_activity
             where backend_xid is not null
               and (datid <> (select oid from pg_database where datname = current_database())
                    or application_name = 'projection batch'))),
          (select pg_snapshot_xmax(snapshot) from current)));
    end $$`.execute(db);
}
