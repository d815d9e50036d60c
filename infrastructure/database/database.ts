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
  /**
   * LISTEN on `channel` over a connection of its own (PGlite: its one connection), calling `onPayload` for each
   * NOTIFY after the notifying transaction commits (docs/messages.md "Live delivery"). Resolves to a stop function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
};

const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error('A LISTEN channel is a lower-case identifier');
  return channel;
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
    const listen = async (channel: string, onPayload: (payload: string) => void) => {
      // A client outside the pool: it holds the LISTEN for as long as the listener lives.
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => {});
      client.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      await client.connect();
      await client.query(`listen ${channelName(channel)}`);
      return () => client.end();
    };
    return { db, kind: 'postgres', close: () => db.destroy(), listen };
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
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const stop = await client.listen(channelName(channel), onPayload);
    return async () => {
      if (!client.closed) await stop();
    };
  };
  return { db, kind: 'pglite', close: () => db.destroy(), listen };
}
