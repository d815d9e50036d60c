import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationDecider } from '../domain/organisation/decider';
import { organisationStream } from '../domain/organisation/events';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database';
import { ConcurrencyConflictError, handleCommand } from './command-handler';
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
