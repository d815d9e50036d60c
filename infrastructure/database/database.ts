import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { InfrastructureTables } from './tables';

/**
 * Every table a query may name: the infrastructure's own (./tables.ts, made by ./migrations) and the read models'
 * (projections/<name>/tables.ts), which projections/read-models.ts adds to this interface by declaration merging, since
 * infrastructure/ may not import projections/. A read model's tables are written in its build's schema and read
 * through views of the same names in `public` (projections/projection.ts): a query names them plainly either way.
 */
export interface DatabaseSchema extends InfrastructureTables {}

/** The one database handle of a process. */
export type Database = Kysely<DatabaseSchema>;

export type DatabaseHandle = {
  db: Database;
  /** `postgres`: a server through `pg` (many connections); `pglite`: embedded, one connection, serialised. */
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /**
   * LISTEN on `channel` over a connection of its own (PGlite: its one connection), calling `onPayload` for each
   * NOTIFY after the notifying transaction commits (docs/messages.md "Live delivery"). Resolves to a stop function.
   * `onLost` is called once if the connection goes (the server stopped): notifications stop until the caller
   * listens again, and those sent meanwhile are not delivered.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
};

/** How long taking a connection may wait for the server before the request fails (a 503) instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5000;

// pg's own errors when the connection goes or cannot be made carry no SQLSTATE, only these messages.
const connectionLostMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

/**
 * Whether `error` means the database server is away (stopped, restarting, unreachable) rather than a fault of the
 * statement: connection failures (SQLSTATE class 08), shutdown and start-up (57P01–57P03), refused or broken sockets,
 * and pg's connection errors. The API answers these with 503; nothing about the request was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^08|^57P0[1-3]$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))) {
    return true;
  }
  return code === undefined && connectionLostMessages.some((text) => error.message.includes(text));
}

const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error('A LISTEN channel is a lower-case identifier');
  return channel;
};

export type DatabaseOptions =
  /** `applicationName`: how its sessions show in `pg_stat_activity` (a rebuild yields to the sessions not named as its own or a worker's). */
  | { url: string; maxConnections?: number; applicationName?: string }
  /**
   * `dataDir` undefined keeps the embedded database in memory (tests); `loadDataDir` starts such a one from a copy of
   * another's data directory (PGlite's `dumpDataDir`), instead of making a new cluster (tests/support/test-database.ts).
   */
  | { embedded: true; dataDir?: string; loadDataDir?: Blob };

/** Statement texts that get a name once seen this often (one-off texts never take a slot). */
const PREPARE_AFTER_USES = 3;
/** At most this many named texts per process, so a connection never holds more prepared statements. */
const NAMED_STATEMENTS_MAX = 1000;
/** Texts counted towards a name at most; beyond, the counts start again (one-off texts must not pile up). */
const COUNTED_TEXTS_MAX = 10_000;

/**
 * Names for the statement texts a process sends often, so each connection has PostgreSQL parse and plan them once
 * and then only binds and executes them: parsing and planning were most of PostgreSQL's CPU per bid
 * (docs/performance-history.md "Prepared statements"). Only plain DML gets a name. A text with `*` outside `count(*)` never
 * does: the read models' views are re-created when a rebuild swaps in, and a named `select *` whose columns changed
 * fails ('cached plan must not change result type') where an unnamed one reads the new columns. A text that fails
 * that way anyway (a column changed type) loses its name, so only that one call fails.
 */
export class StatementNames {
  readonly #uses = new Map<string, number>();
  readonly #names = new Map<string, string | null>();

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.#names.get(text);
    if (named !== undefined) return named ?? undefined;
    if (!preparable(text)) return undefined;
    const uses = (this.#uses.get(text) ?? 0) + 1;
    if (uses < PREPARE_AFTER_USES || this.#names.size >= NAMED_STATEMENTS_MAX) {
      if (this.#names.size < NAMED_STATEMENTS_MAX) {
        if (this.#uses.size >= COUNTED_TEXTS_MAX && !this.#uses.has(text)) this.#uses.clear();
        this.#uses.set(text, uses);
      }
      return undefined;
    }
    this.#uses.delete(text);
    const name = `hla_${this.#names.size}`;
    this.#names.set(text, name);
    return name;
  }

  /** Never again under a name (null keeps its slot, so no name is reused for another text). */
  forget(text: string): void {
    if (this.#names.get(text)) this.#names.set(text, null);
  }
}

const preparable = (text: string) => /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.replace(/count\(\*\)/gi, '').includes('*');

/** SQLSTATE of a statement PostgreSQL undid to break a deadlock. */
const DEADLOCK = '40P01';

/** SQLSTATE 0A000 with this message: a named statement's result columns changed under it. */
const isStalePlan = (error: unknown) => error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);

/**
 * A client whose connecting (not its wait in the pool's queue) gives up after CONNECT_TIMEOUT_MS, and which runs
 * frequent statements by name (`StatementNames`).
 */
function timedClient(names: StatementNames) {
  return class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }

    /** Between Kysely's `begin` and its `commit` or `rollback` on this client. */
    #inTransaction = false;

    // Kysely sends (text, values) and expects a promise; anything else (a callback, a config object) passes as is.
    // biome-ignore lint: pg.Client.query is overloaded; this override only narrows one of its forms.
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) return super.query(config, values, callback);
      if (/^\s*(begin|start transaction)\b/i.test(config)) this.#inTransaction = true;
      else if (/^\s*(commit|rollback)\b/i.test(config)) this.#inTransaction = false;
      const alone = !this.#inTransaction;
      const run = (): Promise<pg.QueryResult> => {
        const name = names.nameOf(config);
        if (name === undefined) return super.query(config, values);
        return (super.query({ name, text: config, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
          if (isStalePlan(error)) names.forget(config);
          throw error;
        });
      };
      // A statement of its own that a deadlock undid (a read meeting a read model's swap, which replaces views) runs
      // once more: nothing of it was applied, and the swap that won has committed or soon will.
      return run().catch((error: unknown) => {
        if (alone && (error as { code?: string }).code === DEADLOCK) return run();
        throw error;
      });
    }
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    // The connect timeout goes on each client, not on the pool: pg-pool applies its own to a request merely waiting
    // for a free connection too, and under load (the load test's 200 connections) that failed healthy requests.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      Client: timedClient(new StatementNames()),
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    });
    // A client that loses its server must not crash the process. Idle in the pool, the pool reports it here and drops
    // it. Checked out (a transaction between two statements) it emits 'error' itself, which without a listener is an
    // uncaught exception: each client gets one, its next query fails ('not queryable', a 503) and the pool drops it
    // on release. Once the server is back new connections are made.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db: Database = new Kysely({ dialect: new PostgresDialect({ pool }) });
    const listen = async (channel: string, onPayload: (payload: string) => void, onLost?: () => void) => {
      // A client outside the pool: it holds the LISTEN for as long as the listener lives.
      const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      let state: 'connecting' | 'listening' | 'stopped' = 'connecting';
      const lost = () => {
        if (state !== 'listening') return;
        state = 'stopped';
        onLost?.();
      };
      // A server that goes away shows as 'error' (terminated, reset) or only as 'end' (a clean close).
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      await client.connect();
      try {
        await client.query(`listen ${channelName(channel)}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      state = 'listening';
      return async () => {
        state = 'stopped';
        await client.end().catch(() => {}); // already gone with its server
      };
    };
    return { db, kind: 'postgres', close: () => db.destroy(), listen };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
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
