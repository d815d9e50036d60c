import { type Kysely, sql } from 'kysely';

// `npm run projections:rebuild` leases the builds it drives (`driven_until`, renewed while it runs): the servers'
// runners leave a leased build to it instead of reading and decrypting every batch again only to lose the batch's
// lock (projections/runner.ts, docs/operations.md "Rebuilding"). A rebuild that dies leaves a lease that runs out, and
// the servers finish the build.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projection_builds add column driven_until timestamptz`.execute(db);
}
