import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Codes of the authorization-code flow with PKCE (docs/security.md): stored hashed, single use, a minute long.
  await sql`
    create table authorization_codes (
      code_hash text primary key,
      user_id uuid not null,
      client_id text not null,
      redirect_uri text not null,
      code_challenge text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
}
