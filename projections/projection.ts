import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import type { EventStore, RecordedEvent } from '../infrastructure/event-store/event-store';

/**
 * A read model (DESIGN.md §4). Its tables are created in a schema of their own per build, and the API reads them
 * through views of the same names in `public`, swapped in one transaction when a new build has caught up.
 * `handle` runs in the batch's transaction with `search_path` set to the build's schema, so plain table names
 * reach the build being written.
 */
export type Projection = {
  kind: 'projection';
  name: string;
  /** Bump it when the tables or the handling change: the runner rebuilds from position 0 and swaps. */
  version: number;
  /** Table names the API reads (each becomes a view in `public`). */
  tables: readonly string[];
  /** The projections whose tables `handle` reads: it applies no event before they have (runner.ts). */
  readsFrom?: readonly string[];
  /** The event types `handle` acts on, when it ignores every other: a batch without them only moves the checkpoint. */
  eventTypes?: ReadonlySet<string>;
  createTables(trx: Database): Promise<void>;
  handle(events: RecordedEvent[], trx: Database): Promise<void>;
};

/**
 * A process manager: turns events into commands. It keeps a checkpoint like a projection but writes through
 * commands, which it must make idempotent (event ids derived from the triggering event), because its commands
 * and its checkpoint cannot share a transaction (the events may live in EventStoreDB).
 */
export type Reactor = {
  kind: 'reactor';
  name: string;
  version: number;
  /** As for a projection: the event types `react` acts on, when it ignores every other. */
  eventTypes?: ReadonlySet<string>;
  /** As for a projection: the read models `react` reads; it reacts to no event before they have applied it. */
  readsFrom?: readonly string[];
  /** `db` reads the read models named in `readsFrom` (a reactor writes only through commands). */
  react(events: RecordedEvent[], context: { store: EventStore; db: Database }): Promise<void>;
};

export type Consumer = Projection | Reactor;

/**
 * In `createTables`: the build's schema (the runner puts it first on the search path), quoted for SQL text. Functions
 * and triggers name their tables with it in static SQL, whose plans PL/pgSQL keeps, and never depend on the search
 * path they run under.
 */
export async function buildSchema(trx: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select quote_ident(current_schema()) as schema`.execute(trx);
  return rows[0]!.schema;
}
