import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keys the servers share (token signing, e-mail look-up), made on first start.
  await sql`
    create table app_secrets (
      name text primary key,
      value bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Refresh tokens are stored as hashes only; each use replaces the token (rotation) within its family, and a
  // token used twice revokes the whole family (it was stolen).
  await sql`
    create table refresh_tokens (
      token_hash text primary key,
      family_id uuid not null,
      user_id uuid not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index refresh_tokens_user on refresh_tokens (user_id)`.execute(db);
  await sql`create index refresh_tokens_family on refresh_tokens (family_id)`.execute(db);
}
