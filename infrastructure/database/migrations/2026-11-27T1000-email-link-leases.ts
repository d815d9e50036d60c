import { type Kysely, sql } from 'kysely';

// A link's use is claimed for a while (`claimed_until`) while its action runs, and recorded for good (null) once the
// action is done: a process that dies in between leaves a claim that runs out, so the link works again
// (infrastructure/email-link-tokens.ts, docs/trade-mail.md "Using a link"). Rows from before are uses for good.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_link_uses add column claimed_until timestamptz`.execute(db);
}
