import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationDecider } from '../domain/organisation/decider';
import { organisationStream } from '../domain/organisation/events';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database';
import type { OrganisationState } from '../domain/organisation/decider';
import { ConcurrencyConflictError, handleCommand, RememberedFolds } from './command-handler';
import type { EventStore } from './event-store/event-store';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { randomIds } from './ids';

let database: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.db);
});
afterAll(async () => {
  await database.close();
});

const context = { userId: 'admin-1', correlationId: 'corr-1', causationId: null, now: new Date('2026-11-21T10:00:00Z') };
const details = { name: 'Bank', abbreviation: null, organisation_type: 'financial_institution' as const, category: null, status: 'active' as const, logo_file_id: null };

/** The real store, with another writer slipping in a change just before each of our first `times` appends. */
function withInterference(times: number): EventStore {
  let left = times;
  return {
    readStream: (streamId) => store.readStream(streamId),
    readAll: (from, batch) => store.readAll(from, batch),
    subscribe: (from) => store.subscribe(from),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    append: async (streamId, events, expected) => {
      if (left-- > 0) {
        const current = await store.readStream(streamId);
        const organisation_id = streamId.slice('organisation-'.length);
        await store.append(
          streamId,
          [{ id: crypto.randomUUID(), type: 'OrganisationDetailsChanged', data: { organisation_id, changes: { name: `Renamed ${left}` } }, metadata: { user_id: 'other', correlation_id: 'x', causation_id: null, occurred_at: context.now.toISOString() } }],
          current.length - 1,
        );
      }
      return store.append(streamId, events, expected);
    },
  };
}

async function createOrganisation(): Promise<string> {
  const id = crypto.randomUUID();
  const result = await handleCommand({ store, ids: randomIds, streamId: organisationStream(id), decider: organisationDecider, context, command: { type: 'CreateOrganisation', data: { organisation_id: id, product_id: 'p', ...details } } });
  expect(result.ok).toBe(true);
  return id;
}

describe('command handling', () => {
  it('writes metadata (who, correlation, causation, when) with every event', async () => {
    const id = await createOrganisation();
    const [event] = await store.readStream(organisationStream(id));
    expect(event!.metadata).toEqual({ user_id: 'admin-1', correlation_id: 'corr-1', causation_id: null, occurred_at: '2026-11-21T10:00:00.000Z' });
  });

  it('decides again on the fresh state after a concurrent change, then succeeds', async () => {
    const id = await createOrganisation();
    const result = await handleCommand({
      store: withInterference(2),
      ids: randomIds,
      streamId: organisationStream(id),
      decider: organisationDecider,
      context,
      command: { type: 'ChangeOrganisationDetails', data: { organisation_id: id, changes: { abbreviation: 'BK' } } },
    });
    expect(result.ok).toBe(true);
    const events = await store.readStream(organisationStream(id));
    expect(events.map((e) => e.type)).toEqual(['OrganisationCreated', 'OrganisationDetailsChanged', 'OrganisationDetailsChanged', 'OrganisationDetailsChanged']);
    expect(events[3]!.data).toEqual({ organisation_id: id, changes: { abbreviation: 'BK' } });
  });

  it('gives up with a conflict after a bounded number of attempts, writing nothing of its own', async () => {
    const id = await createOrganisation();
    await expect(
      handleCommand({
        store: withInterference(100),
        ids: randomIds,
        streamId: organisationStream(id),
        decider: organisationDecider,
        context,
        command: { type: 'ChangeOrganisationDetails', data: { organisation_id: id, changes: { abbreviation: 'BK' } } },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    const ours = (await store.readStream(organisationStream(id))).filter((e) => e.metadata.user_id === 'admin-1' && e.type === 'OrganisationDetailsChanged');
    expect(ours).toEqual([]);
  });

  it('answers a business rule as a value and writes nothing', async () => {
    const id = crypto.randomUUID();
    const result = await handleCommand({ store, ids: randomIds, streamId: organisationStream(id), decider: organisationDecider, context, command: { type: 'RemoveOrganisation', data: { organisation_id: id } } });
    expect(result).toEqual({ ok: false, error: { code: 'ORGANISATION_NOT_FOUND', message: 'Organisation not found.' } });
    expect(await store.readStream(organisationStream(id))).toEqual([]);
  });
});

describe('command handling from a remembered fold', () => {
  /** The real store, noting each read of a stream (with the revision it read after). */
  function counting(): EventStore & { reads: (number | undefined)[] } {
    const reads: (number | undefined)[] = [];
    return {
      reads,
      readStream: (streamId, options) => {
        reads.push(options?.after);
        return store.readStream(streamId, options);
      },
      readAll: (from, batch) => store.readAll(from, batch),
      subscribe: (from) => store.subscribe(from),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
      append: (streamId, events, expected) => store.append(streamId, events, expected),
    };
  }
  const rename = async (id: string, name: string) => {
    const current = await store.readStream(organisationStream(id));
    const metadata = { user_id: 'other', correlation_id: 'x', causation_id: null, occurred_at: context.now.toISOString() };
    await store.append(organisationStream(id), [{ id: crypto.randomUUID(), type: 'OrganisationDetailsChanged', data: { organisation_id: id, changes: { name } }, metadata }], current.length - 1);
  };
  const change = (spy: EventStore, remembered: RememberedFolds<OrganisationState>, id: string, changes: object) =>
    handleCommand({
      store: spy,
      ids: randomIds,
      streamId: organisationStream(id),
      decider: organisationDecider,
      context,
      command: { type: 'ChangeOrganisationDetails', data: { organisation_id: id, changes } },
      personalData: 'withhold',
      remembered,
    });

  it('decides on the remembered fold without reading; when another writer came first, reads only the events since', async () => {
    const id = await createOrganisation();
    const remembered = new RememberedFolds<OrganisationState>(10);
    const spy = counting();
    expect((await change(spy, remembered, id, { abbreviation: 'BK' })).ok).toBe(true);
    expect(spy.reads).toEqual([undefined]); // not known yet: the whole stream
    expect((await change(spy, remembered, id, { abbreviation: 'BNK' })).ok).toBe(true);
    expect(spy.reads).toEqual([undefined]); // known: nothing read
    await rename(id, 'Other Bank');
    const result = await change(spy, remembered, id, { abbreviation: 'OB' });
    expect(result.ok && result.state.status === 'existing' && result.state.details).toMatchObject({ name: 'Other Bank', abbreviation: 'OB' });
    expect(spy.reads).toEqual([undefined, 2]); // the append at revision 2 conflicted: only the rename was read
    expect(remembered.get(organisationStream(id))?.revision).toBe(4);
  });

  it('a command with nothing to do on the remembered fold is decided again on the stream as it is', async () => {
    const id = await createOrganisation();
    const remembered = new RememberedFolds<OrganisationState>(10);
    const spy = counting();
    expect((await change(spy, remembered, id, { abbreviation: 'BK' })).ok).toBe(true);
    await rename(id, 'Other Bank');
    // 'Bank' is the remembered name, so nothing to change there; the stream says 'Other Bank'.
    const result = await change(spy, remembered, id, { name: 'Bank' });
    expect(result.ok && result.eventCount).toBe(1);
    const events = await store.readStream(organisationStream(id));
    expect(events.at(-1)!.data).toEqual({ organisation_id: id, changes: { name: 'Bank' } });
  });

  it('keeps the most recently used folds, never an older revision over a newer one', () => {
    const remembered = new RememberedFolds<string>(2);
    remembered.remember('a', { state: 'a1', revision: 1, position: null });
    remembered.remember('b', { state: 'b1', revision: 1, position: null });
    remembered.remember('a', { state: 'a0', revision: 0, position: null });
    expect(remembered.get('a')).toEqual({ state: 'a1', revision: 1, position: null });
    remembered.remember('a', { state: 'a2', revision: 2, position: null });
    remembered.remember('c', { state: 'c1', revision: 1, position: null });
    expect(remembered.get('b')).toBeUndefined();
    expect([remembered.get('a')?.state, remembered.get('c')?.state]).toEqual(['a2', 'c1']);
  });
});
