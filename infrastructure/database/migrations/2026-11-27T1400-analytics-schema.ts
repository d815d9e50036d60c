import { type Kysely, sql } from 'kysely';

// The analysts' schema (docs/analytics.md): documented views over the read models, kept in place by the projection
// runner (projections/analytics/). Only the schema here: the views follow the code's definitions and the live builds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create schema if not exists analytics`.execute(db);
}
