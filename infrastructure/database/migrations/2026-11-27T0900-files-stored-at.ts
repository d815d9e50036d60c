import { type Kysely, sql } from 'kysely';

// When a file's content was last stored (an upload of the same image again moves it): the sweep of files that no
// avatar or logo shows leaves alone what was stored lately, since its command may not be in the read models yet
// (projections/files/file-sweeper.ts). Nullable: a backup taken before this column restores its rows without it,
// and those count from `created_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table files add column stored_at timestamptz default now()`.execute(db);
  await sql`update files set stored_at = created_at`.execute(db);
}
