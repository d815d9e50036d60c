import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SMS codes that prove a mobile number (infrastructure/phone-verification.ts, docs/security.md): only a keyed hash
  // of code and number, so the table holds no personal data; rows live an hour.
  await sql`
    create table phone_verifications (
      id uuid primary key,
      user_id uuid not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index phone_verifications_user on phone_verifications (user_id, created_at desc)`.execute(db);
}
