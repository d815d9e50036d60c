import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The used links of the trade e-mails (infrastructure/email-link-tokens.ts, docs/trade-mail.md): one row per link
  // used, keyed by the token's id, so each link works once. Ids and times only (no addresses, no tokens).
  await sql`
    create table email_link_uses (
      token_id uuid primary key,
      action text not null,
      post_id uuid not null,
      user_id uuid not null,
      used_at timestamptz not null
    )`.execute(db);
}
