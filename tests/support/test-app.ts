import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../api/app';
import { type Clock, systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { type AppSecrets, loadSecrets } from '../../infrastructure/secrets';
import { waitForProjections } from '../../projections/projection-status';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { closedWithFile } from './leftovers';
import { countEvents, createTestDatabase, newestEventPosition, type TestDatabase } from './test-database';
import { as, createUser, type TestUser, type UserSpec } from './users';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  store: EventStore;
  secrets: AppSecrets;
  /** An active admin with every permission, made with the app. */
  admin: TestUser;
  /** A request with the admin's token. */
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A user in the status asked for, visible to the API once this resolves. */
  createUser(spec: UserSpec): Promise<TestUser>;
  /** How many events the store holds once the reactors have answered them all (to prove a refused request wrote nothing). */
  eventCount(): Promise<number>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  production?: boolean;
  /** The API's clock (the system clock unless given). */ clock?: Clock;
  /** 'server': the machine's PostgreSQL (tests of concurrent requests); the default follows DATABASE_URL. */
  database?: 'default' | 'server' | 'embedded';
};

/** The real app on a fresh database with its projections running, for `app.inject` tests; closed with its test file at the latest. */
export function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return closedWithFile(() => startTestApp(options));
}

async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const database = await createTestDatabase(options.database);
  const config = loadConfig({ NODE_ENV: options.production ? 'production' : 'test', LOG_LEVEL: 'silent' });
  const store = await openEventStore(config, database.db, database.listen); // as in production: personal data encrypted
  const secrets = await loadSecrets(database.db);
  const app = await buildApp({ config, db: database.db, store, clock: options.clock ?? systemClock, ids: randomIds, secrets, listen: database.listen });
  const consumers = consumersFor({ publicUrl: config.publicUrl, secrets });
  const reactors = consumers.filter((c) => c.kind === 'reactor').map((c) => c.name);
  const runner = new ProjectionRunner({ db: database.db, store, consumers, idleMs: 10, sequential: database.kind === 'pglite' });
  await runner.untilLive(); // as the server does: no read before the projections' tables exist
  runner.start();
  const makeUser = async (spec: UserSpec) => {
    const { position, ...user } = await createUser({ store, secrets }, spec);
    if (position) await waitForProjections(database.db, ['users'], position, { timeoutMs: 10_000 });
    return user;
  };
  const admin = await makeUser({ userType: 'admin' });
  return {
    app,
    database,
    store,
    secrets,
    admin,
    asAdmin: (options) => app.inject(as(admin, options)),
    createUser: makeUser,
    eventCount: async () => {
      // An earlier step's reactions (a cancelled post's bids expiring) may still be on their way: counted before the
      // request under test, they would pass for its writes.
      for (;;) {
        const count = await countEvents(database.db);
        const newest = await newestEventPosition(database.db);
        if (!(await waitForProjections(database.db, reactors, newest, { timeoutMs: 30_000 }))) throw new Error('The reactors did not catch up');
        if ((await countEvents(database.db)) === count) return count;
      }
    },
    close: async () => {
      await app.close();
      await runner.stop();
      await store.close();
      await database.close();
    },
  };
}
