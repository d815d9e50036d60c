import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// append_events_batch writes a batch whose streams are all different in one insert, and hands batches that name a
// stream twice to the part-by-part loop (append_events_batch_in_turn). Both must give the same answers and store
// the same events in the same order, for any batch: groups of one or several parts, revisions that match or not.

let database: TestDatabase;
const STREAMS = Array.from({ length: 8 }, (_, i) => `batch-test-${i}`);

beforeAll(async () => {
  database = await createTestDatabase();
  // Streams 0–5 hold 1–6 events; 6 and 7 do not exist.
  for (const [i, stream] of STREAMS.slice(0, 6).entries()) {
    const events = Array.from({ length: i + 1 }, () => ({ id: randomUUID(), type: 'Seeded', data: {}, metadata: {} }));
    await sql`select * from append_events(${stream}, ${-1}::int, ${JSON.stringify(events)}::jsonb)`.execute(database.db);
  }
}, 60_000);
afterAll(async () => {
  await database.close();
});

type Part = { stream: number; expected: number | null; events: number };
type Row = { grp: number; last_revision: number | null; last_position: string | null; last_transaction: string | null };
type Stored = { stream_id: string; revision: number; event_id: string; type: string };

const part = fc.record({
  stream: fc.integer({ min: 0, max: STREAMS.length - 1 }),
  // null is "any"; the stored revisions are 0–5 and -1 for no stream, so most guesses are near them.
  expected: fc.option(fc.integer({ min: -1, max: 6 }), { freq: 4 }),
  events: fc.integer({ min: 1, max: 3 }),
});
const batch = fc.array(fc.array(part, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 });

/** Runs `fn` on the batch in a transaction that is rolled back: its answer and the events it stored, in log order. */
async function tryBatch(fn: 'append_events_batch' | 'append_events_batch_in_turn', groups: Part[][], ids: string[][][]) {
  const groupOf: number[] = [];
  const streamIds: string[] = [];
  const expected: (number | null)[] = [];
  const payloads: string[] = [];
  groups.forEach((parts, g) =>
    parts.forEach((p, i) => {
      groupOf.push(g);
      streamIds.push(STREAMS[p.stream]!);
      expected.push(p.expected);
      payloads.push(JSON.stringify(ids[g]![i]!.map((id) => ({ id, type: `G${g}P${i}`, data: { g }, metadata: {} }))));
    }),
  );
  let outcome: { rows: Row[]; stored: Stored[]; positionsMatch: boolean } | { error: string } | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      let rows: Row[];
      try {
        ({ rows } = await sql<Row>`
          select * from ${sql.raw(fn)}(${groupOf}::int[], ${streamIds}::text[], ${expected}::int[], ${payloads}::jsonb[])`.execute(trx));
      } catch (error) {
        // A group naming one stream twice may be refused whole by the loop (the batch's caller then retries alone).
        outcome = { error: (error as { code?: string }).code ?? String(error) };
        throw new RolledBack();
      }
      const { rows: stored } = await sql<Stored & { position: string }>`
        select stream_id, revision, event_id::text, type, position::text from events where type like 'G%' order by events.position`.execute(trx);
      // Each written part's answer names the part's last event.
      const lastIds = ids.flat().map((eventIds) => eventIds.at(-1));
      const answered = partsAnswered(rows, groups);
      const positionsMatch = rows.every((row, r) => {
        if (row.last_position === null) return true;
        const last = stored.find((s) => s.event_id === lastIds[answered[r]!]);
        return last?.position === row.last_position && last?.revision === row.last_revision;
      });
      outcome = { rows: rows.map((r) => ({ ...r, last_position: r.last_position && 'set', last_transaction: r.last_transaction && 'set' })), stored: stored.map(({ position: _, ...s }) => s), positionsMatch };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return outcome!;
}

class RolledBack extends Error {}

/** The part each row answers: a written group has a row per part, a refused one a single row (its first part's). */
function partsAnswered(rows: Row[], groups: Part[][]): number[] {
  const answered: number[] = [];
  let first = 0;
  for (const parts of groups) {
    if (rows[answered.length]!.last_revision !== null) parts.forEach((_, i) => answered.push(first + i));
    else answered.push(first);
    first += parts.length;
  }
  return answered;
}

describe('append_events_batch (PGlite, or the server in CI\'s second run)', () => {
  it('answers and stores as the part-by-part loop does, for any batch', async () => {
    await fc.assert(
      fc.asyncProperty(batch, async (groups) => {
        const ids = groups.map((parts) => parts.map((p) => Array.from({ length: p.events }, () => randomUUID())));
        const together = await tryBatch('append_events_batch', groups, ids);
        const inTurn = await tryBatch('append_events_batch_in_turn', groups, ids);
        expect(together).toEqual(inTurn);
        if ('positionsMatch' in together) expect(together.positionsMatch).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('writes the groups that match and refuses the others, in one statement', async () => {
    const ids = [[[randomUUID()], [randomUUID(), randomUUID()]], [[randomUUID()]], [[randomUUID()]]];
    // Stream 2 is at revision 2: the second group expects 1 and is refused; stream 7 does not exist yet.
    const groups: Part[][] = [
      [{ stream: 0, expected: 0, events: 1 }, { stream: 7, expected: -1, events: 2 }],
      [{ stream: 2, expected: 1, events: 1 }],
      [{ stream: 3, expected: null, events: 1 }],
    ];
    const outcome = await tryBatch('append_events_batch', groups, ids);
    if ('error' in outcome) throw new Error(outcome.error);
    const { rows, stored } = outcome;
    expect(rows.map((r) => [r.grp, r.last_revision])).toEqual([[0, 1], [0, 1], [1, null], [2, 4]]);
    expect(stored.map((s) => [s.stream_id, s.revision, s.type])).toEqual([
      [STREAMS[0], 1, 'G0P0'],
      [STREAMS[7], 0, 'G0P1'],
      [STREAMS[7], 1, 'G0P1'],
      [STREAMS[3], 4, 'G2P0'],
    ]);
  });
});
