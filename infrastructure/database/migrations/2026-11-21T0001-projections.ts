import { type Kysely, sql } from 'kysely';

// One row per build of a projection: its tables live in their own schema, `live` is the one the views point to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_builds (
      schema_name text primary key,
      name text not null,
      version integer not null,
      status text not null check (status in ('building', 'live', 'retired')),
      checkpoint_commit numeric(20) not null default 0,
      checkpoint_prepare numeric(20) not null default 0,
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index projection_builds_one_live on projection_builds (name) where status = 'live'`.execute(db);
  await sql`create unique index projection_builds_one_building on projection_builds (name) where status = 'building'`.execute(db);
}
