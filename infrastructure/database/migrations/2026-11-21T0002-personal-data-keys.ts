import { type Kysely, sql } from 'kysely';

// One key per person (crypto-shredding): deleting the row makes that person's data in the events unreadable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table personal_data_keys (
      subject text primary key,
      key bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
