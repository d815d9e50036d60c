import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Australian suburbs with their postcode, state and position (docs/addresses.md). Filled at start from the data the
  // product ships (infrastructure/localities), not from events: it is reference data, the same for every install.
  await sql`
    create table localities (
      postcode text not null check (postcode ~ '^[0-9]{4}$'),
      suburb text not null,
      state text not null,
      latitude double precision not null,
      longitude double precision not null,
      primary key (postcode, suburb, state)
    )`.execute(db);
  // Prefix searches (`like 'abc%'`) use these B-trees under any collation; no extension (pg_trgm) needed.
  await sql`create index localities_postcode_prefix on localities (postcode text_pattern_ops)`.execute(db);
  await sql`create index localities_suburb_prefix on localities (lower(suburb) text_pattern_ops)`.execute(db);
}
