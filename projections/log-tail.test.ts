import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Position, type ReadAllBatch, type RecordedEvent, START } from '../infrastructure/event-store/event-store';
import { LogTail } from './log-tail';

/** A log in memory: `readable` events of it can be read (the rest sit behind an open transaction). */
class FakeLog {
  events: RecordedEvent[] = [];
  readable = 0;
  reads = 0;

  append(count: number): void {
    for (let i = 0; i < count; i++) {
      const n = BigInt(this.events.length + 1);
      const metadata = { user_id: null, correlation_id: 'c', causation_id: null, occurred_at: '2026-11-25T00:00:00.000Z' };
      this.events.push({ id: `e${n}`, type: 'Happened', data: { n: Number(n) }, metadata, streamId: `s${n % 3n}`, revision: 0, position: { commit: n, prepare: n } });
    }
  }

  async readAll(from: Position, batch: number): Promise<ReadAllBatch> {
    this.reads += 1;
    await new Promise((resolve) => setImmediate(resolve)); // other readers run meanwhile
    const events = this.events.slice(0, this.readable).filter((e) => e.position.commit > from.commit).slice(0, batch);
    return { events, next: events.at(-1)?.position ?? from };
  }
}

type Reader = { at: Position; seen: number[] };

async function step(tail: LogTail, reader: Reader, batch: number, headMoves: number | null): Promise<number> {
  const { events, next } = await tail.read(reader.at, batch, headMoves);
  reader.seen.push(...events.map((e) => (e.data as { n: number }).n));
  reader.at = next;
  return events.length;
}

describe('LogTail', () => {
  it('property: every reader sees the whole log once and in order, whatever the appends, horizons and interleavings', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant('commit' as const) }),
      fc.record({ kind: fc.constant('read' as const), readers: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 20 }), fc.boolean(), async (actions, batch, limit, watched) => {
        const log = new FakeLog();
        const tail = new LogTail(log, limit);
        const readers: Reader[] = Array.from({ length: 6 }, () => ({ at: START, seen: [] }));
        let headMoves = 0;
        const moves = () => (watched ? headMoves : null);
        for (const a of actions) {
          if (a.kind === 'append') log.append(a.count);
          if (a.kind === 'commit' && log.readable < log.events.length) {
            log.readable = log.events.length;
            headMoves += 1; // the head watcher sees the log move
          }
          if (a.kind === 'read') await Promise.all(a.readers.map((r) => step(tail, readers[r]!, batch, moves())));
        }
        log.readable = log.events.length;
        headMoves += 1;
        for (const reader of readers) while ((await step(tail, reader, batch, moves())) > 0);
        const whole = log.events.map((_, i) => i + 1);
        for (const reader of readers) expect(reader.seen).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('given twelve readers at the head, when the log moves once, then they read the store once between them', async () => {
    const log = new FakeLog();
    log.append(5);
    log.readable = 5;
    const tail = new LogTail(log, 100);
    const readers: Reader[] = Array.from({ length: 12 }, () => ({ at: START, seen: [] }));
    await Promise.all(readers.map((r) => step(tail, r, 10, 1)));
    log.append(3);
    log.readable = 8;
    const before = log.reads;
    await Promise.all(readers.map((r) => step(tail, r, 10, 2)));
    expect(log.reads - before).toBe(1);
    for (const reader of readers) expect(reader.seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('given a reader that ran past the tail, then the events it is handed are frozen (readers share them)', async () => {
    const log = new FakeLog();
    log.append(2);
    log.readable = 2;
    const tail = new LogTail(log, 10);
    await tail.read(START, 10, 1);
    const { events } = await tail.read(START, 10, 1);
    expect(() => {
      (events[0]!.data as { n: number }).n = 99;
    }).toThrow(TypeError);
  });
});
