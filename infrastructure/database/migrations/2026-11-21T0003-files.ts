import { type Kysely, sql } from 'kysely';

// Uploaded files (organisation logos, later avatars and documents), addressed by the hash of their content.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table files (
      id text primary key,
      content_type text not null,
      byte_size integer not null,
      content bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
