import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  DuplicateEventIdError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../../infrastructure/event-store/event-store';

export type StoreFixture = { store: EventStore; close(): Promise<void> };

/** Promises only some adapters keep. Known before the store opens, since they decide which tests exist. */
export type StoreCapabilities = {
  /** An event id stored in one stream is refused in any other (`DuplicateEventIdError`). */
  uniqueEventIdsAcrossStreams?: boolean;
};

/**
 * The behaviour every EventStore adapter promises (DESIGN.md §3). Tests only look at streams they create, so the
 * suite also runs against a shared EventStoreDB whose $all holds other events.
 */
export function eventStoreContract(
  adapterName: string,
  open: () => Promise<StoreFixture>,
  capabilities: StoreCapabilities = {},
): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let fixture: StoreFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.close();
    });

    describe('append and readStream', () => {
      it('stores events in order with their data and metadata, revisions from 0', async () => {
        const stream = streamName();
        const events = [event('ThingHappened', { n: 1 }), event('ThingHappened', { n: 2, nested: { ok: true } })];
        const result = await store.append(stream, events, 'no_stream');
        expect(result.nextRevision).toBe(1);

        const read = await store.readStream(stream);
        expect(read.map((e) => [e.revision, e.id, e.type, e.data])).toEqual([
          [0, events[0]!.id, 'ThingHappened', { n: 1 }],
          [1, events[1]!.id, 'ThingHappened', { n: 2, nested: { ok: true } }],
        ]);
        expect(read[0]!.metadata).toEqual(events[0]!.metadata);
        expect(read.every((e) => e.streamId === stream)).toBe(true);
        expect(comparePositions(read[1]!.position, result.position)).toBe(0);
        expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
      });

      it('reads only the events after a revision when asked (a fold going on from an earlier read)', async () => {
        const stream = streamName();
        await store.append(stream, [event('A'), event('B'), event('C')], 'no_stream');
        expect((await store.readStream(stream, { after: 0 })).map((e) => [e.revision, e.type])).toEqual([[1, 'B'], [2, 'C']]);
        expect(await store.readStream(stream, { after: 2 })).toEqual([]);
        expect(await store.readStream(streamName(), { after: 0 })).toEqual([]);
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(streamName())).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it('no_stream refuses a stream that exists', async () => {
        const stream = streamName();
        await store.append(stream, [event()], 'no_stream');
        await expect(store.append(stream, [event()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('an exact revision appends only when it is the current one', async () => {
        const stream = streamName();
        await store.append(stream, [event(), event()], 'no_stream'); // revisions 0, 1
        await expect(store.append(stream, [event()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.append(stream, [event()], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        const ok = await store.append(stream, [event()], 1);
        expect(ok.nextRevision).toBe(2);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('an exact revision on a missing stream is refused', async () => {
        const stream = streamName();
        await expect(store.append(stream, [event()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('any appends whatever the revision', async () => {
        const stream = streamName();
        expect((await store.append(stream, [event()], 'any')).nextRevision).toBe(0);
        expect((await store.append(stream, [event(), event()], 'any')).nextRevision).toBe(2);
      });

      it('of concurrent appends at the same revision exactly one wins', async () => {
        const stream = streamName();
        await store.append(stream, [event()], 'no_stream');
        const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(stream, [event()], 0)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('idempotency and atomicity', () => {
      it('appending the same events again stores them once and answers as before', async () => {
        const stream = streamName();
        const events = [event(), event()];
        const first = await store.append(stream, events, 'no_stream');
        const again = await store.append(stream, events, 'no_stream');
        expect(again.nextRevision).toBe(first.nextRevision);
        expect(comparePositions(again.position, first.position)).toBe(0);
        const againAny = await store.append(stream, events, 'any');
        expect(againAny.nextRevision).toBe(1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      if (capabilities.uniqueEventIdsAcrossStreams) it('an append is all or nothing: an event id stored elsewhere rejects the whole batch', async () => {
        const other = streamName();
        const taken = event();
        await store.append(other, [taken], 'no_stream');
        const stream = streamName();
        await expect(store.append(stream, [event(), taken, event()], 'any')).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(await store.readStream(stream)).toEqual([]);
        expect(await store.readStream(other)).toHaveLength(1);
      });
    });

    describe('the global log', () => {
      it('readAll returns events after a position, in global order, in batches', async () => {
        const start = await store.headPosition();
        const a = streamName();
        const b = streamName();
        await store.append(a, [event('A', { i: 0 })], 'no_stream');
        await store.append(b, [event('B', { i: 1 }), event('B', { i: 2 })], 'no_stream');
        await store.append(a, [event('A', { i: 3 })], 0);

        const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b);
        const seen: RecordedEvent[] = [];
        let from = start;
        for (let guard = 0; guard < 10_000; guard++) {
          const { events, next } = await store.readAll(from, 2);
          expect(events.length).toBeLessThanOrEqual(2);
          if (events.length === 0) {
            expect(comparePositions(next, from)).toBe(0);
            break;
          }
          seen.push(...events);
          from = next;
        }
        expect(mine(seen).map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3]);
        for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
        expect(comparePositions(await store.headPosition(), seen[seen.length - 1]!.position)).toBe(0);
      });

      it('orders positions as numbers: a long append reads back in the order it was written', async () => {
        const start = await store.headPosition();
        const stream = streamName();
        await store.append(stream, Array.from({ length: 25 }, (_, i) => event('N', { i })), 'no_stream');
        const { events } = await store.readAll(start, 1000);
        const mine = events.filter((e) => e.streamId === stream);
        expect(mine.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
        for (let i = 1; i < mine.length; i++) expect(comparePositions(mine[i - 1]!.position, mine[i]!.position)).toBe(-1);
      });

      it('readAll excludes the event at the given position', async () => {
        const stream = streamName();
        const { position } = await store.append(stream, [event()], 'no_stream');
        const { events } = await store.readAll(position, 10);
        expect(events.some((e) => e.streamId === stream)).toBe(false);
      });

      it('subscribe delivers past events, then new ones as they come, in order', async () => {
        const start = await store.headPosition();
        const stream = streamName();
        await store.append(stream, [event('S', { i: 0 }), event('S', { i: 1 })], 'no_stream');
        const subscription = store.subscribe(start);
        const received: number[] = [];
        const done = (async () => {
          for await (const e of subscription) {
            if (e.streamId !== stream) continue;
            received.push((e.data as { i: number }).i);
            if (received.length === 5) break;
          }
        })();
        await store.append(stream, [event('S', { i: 2 })], 1);
        await store.append(stream, [event('S', { i: 3 }), event('S', { i: 4 })], 2);
        await done;
        await subscription.close();
        expect(received).toEqual([0, 1, 2, 3, 4]);
      });

      it('a closed subscription ends its iteration', async () => {
        const subscription = store.subscribe(await store.headPosition());
        const iterating = (async () => {
          let count = 0;
          for await (const _ of subscription) count++;
          return count;
        })();
        await new Promise((r) => setTimeout(r, 30));
        await subscription.close();
        await expect(iterating).resolves.toBeGreaterThanOrEqual(0);
      });
    });
  });
}

export function streamName(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

export function event(type = 'ThingHappened', data: unknown = { value: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      user_id: null,
      correlation_id: randomUUID(),
      causation_id: null,
      occurred_at: '2026-11-21T00:00:00.000Z',
    },
  };
}
