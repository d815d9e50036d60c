import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

/**
 * The one database handle of a process. Its table types are declared by each module that owns tables, which
 * narrows it with `withTables` or its own `Kysely<…>` type; the schema itself lives in migrations.
 */
// biome-ignore lint: the handle is shared by modules that each know their own tables.
export type Database = Kysely<any>;

export type DatabaseHandle = {
  db: Database;
  /** `postgres`: a server through `pg` (many connections); `pglite`: embedded, one connection, serialised. */
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the embedded database in memory (tests). */
  | { embedded: true; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 20 });
    // An idle client that loses its server must not crash the process; the next query reports the error.
    pool.on('error', () => {});
    const db: Database = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db: Database = new Kysely({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
