import { type Kysely, sql } from 'kysely';

// Events' data and metadata compressed with lz4 where the server has it (PGlite has only pglz): a placed bid's data
// (about 2 KB as jsonb) is just over the size PostgreSQL compresses, and pglz cost a quarter of its insert. 20,000
// such events: 750 ms with pglz, 580 with lz4, 550 uncompressed; reading them back 225 against 190 ms; stored
// 75 MB, 78 MB, 104 MB (docs/performance-history.md "The append as one insert"). Events stored before keep pglz.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
        alter table events alter column data set compression lz4, alter column metadata set compression lz4;
      end if;
    end $$`.execute(db);
}
