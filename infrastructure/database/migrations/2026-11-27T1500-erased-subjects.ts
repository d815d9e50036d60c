import { type Kysely, sql } from 'kysely';

// The subjects whose key was erased (docs/personal-data.md "Erasure"): no key is ever made for them again, so a
// command that arrives after a person's erasure, in any process, stores none of their personal data.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table erased_subjects (
      subject text primary key,
      erased_at timestamptz not null default now()
    )`.execute(db);
}
