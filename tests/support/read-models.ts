import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import { type EventStore, START } from '../../infrastructure/event-store/event-store';
import type { Consumer, Projection } from '../../projections/projection';

/** A table whose live contents differ from a clean rebuild's: the row counts and a few rows only one side has. */
export type TableDifference = { table: string; live: number; rebuilt: number; onlyLive: string[]; onlyRebuilt: string[] };

/**
 * Folds the whole event log into fresh schemas beside the live builds, one per projection with tables, and compares
 * every table row by row (as JSON text, a multiset: duplicates count). Call it once nothing is being written and the
 * runner has caught up, so both sides have seen the same events. The fresh schemas are dropped afterwards.
 */
export async function differencesFromCleanRebuild(db: Database, store: EventStore, consumers: readonly Consumer[]): Promise<TableDifference[]> {
  const projections = consumers.filter((c): c is Projection => c.kind === 'projection' && c.tables.length > 0);
  const differences: TableDifference[] = [];
  for (const projection of projections) {
    const live = await liveSchema(db, projection.name);
    const fresh = `verify_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(3).toString('hex')}`;
    try {
      await db.transaction().execute(async (trx) => {
        await sql`create schema ${sql.id(fresh)}`.execute(trx);
        await sql`select set_config('search_path', ${`"${fresh}", public`}, true)`.execute(trx);
        await projection.createTables(trx);
      });
      for (let position = START; ; ) {
        const { events, next } = await store.readAll(position, 5000);
        if (events.length === 0) break;
        await db.transaction().execute(async (trx) => {
          await sql`select set_config('search_path', ${`"${fresh}", public`}, true)`.execute(trx);
          await projection.handle(events, trx);
        });
        position = next;
      }
      for (const table of projection.tables) differences.push(...(await compareTable(db, table, live, fresh)));
    } finally {
      await sql`drop schema if exists ${sql.id(fresh)} cascade`.execute(db);
    }
  }
  return differences;
}

/** Every projection table's rows (JSON text, sorted), for comparing two databases (backup and restore). */
export async function readModelContents(db: Database, consumers: readonly Consumer[]): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const projection of consumers.filter((c): c is Projection => c.kind === 'projection')) {
    const schema = await liveSchema(db, projection.name);
    for (const table of projection.tables) contents[table] = await rows(db, schema, table);
  }
  return contents;
}

async function liveSchema(db: Database, name: string): Promise<string> {
  const { rows: builds } = await sql<{ schema_name: string }>`
    select schema_name from projection_builds where name = ${name} and status = 'live'`.execute(db);
  if (!builds[0]) throw new Error(`Projection ${name} has no live build.`);
  return builds[0].schema_name;
}

async function rows(db: Database, schema: string, table: string): Promise<string[]> {
  const { rows: found } = await sql<{ row: string }>`
    select row_to_json(t)::text as row from ${sql.id(schema, table)} t`.execute(db);
  return found.map((r) => r.row).sort();
}

async function compareTable(db: Database, table: string, liveSchemaName: string, freshSchemaName: string): Promise<TableDifference[]> {
  const live = await rows(db, liveSchemaName, table);
  const rebuilt = await rows(db, freshSchemaName, table);
  const onlyLive = multisetMinus(live, rebuilt);
  const onlyRebuilt = multisetMinus(rebuilt, live);
  if (onlyLive.length === 0 && onlyRebuilt.length === 0) return [];
  return [{ table, live: live.length, rebuilt: rebuilt.length, onlyLive: onlyLive.slice(0, 3), onlyRebuilt: onlyRebuilt.slice(0, 3) }];
}

function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of b) counts.set(row, (counts.get(row) ?? 0) + 1);
  const rest: string[] = [];
  for (const row of a) {
    const n = counts.get(row) ?? 0;
    if (n > 0) counts.set(row, n - 1);
    else rest.push(row);
  }
  return rest;
}
