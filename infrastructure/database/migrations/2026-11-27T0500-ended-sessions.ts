import { type Kysely, sql } from 'kysely';

// A request's caller read afresh also reads the user's sessions ended within the last 15 minutes
// (infrastructure/tokens.ts endedSessionsOf). Every refresh leaves a row, so a user's rows grow by the thousand a
// month; this index finds the few revoked lately without reading the rest.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index refresh_tokens_ended on refresh_tokens (user_id, revoked_at) where revoked_at is not null`.execute(db);
}
