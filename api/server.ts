import pino from 'pino';
import { systemClock } from '../infrastructure/clock';
import type { Config } from '../infrastructure/config';
import { type Database, openDatabase } from '../infrastructure/database/database';
import { migrateToLatest } from '../infrastructure/database/migrate';
import { loadLocalities } from '../infrastructure/localities';
import type { EventStore } from '../infrastructure/event-store/event-store';
import { openEventStore } from '../infrastructure/event-store/open-event-store';
import { randomIds } from '../infrastructure/ids';
import { type AppSecrets, loadSecrets } from '../infrastructure/secrets';
import { openOutboxDelivery } from '../infrastructure/outbox/open-outbox-delivery';
import { FileSweeper } from '../projections/files/file-sweeper';
import { untilProjectionsLive } from '../projections/projection-status';
import { analyticsFailureError, refreshAnalyticsViews } from '../projections/analytics/analytics-views';
import { consumersFor } from '../application/consumers';
import { selectConsumers } from '../projections/registry';
import { ProjectionRunner, REBUILD_YIELD, WORKER_APPLICATION_NAME } from '../projections/runner';
import { TransitionScheduler } from '../projections/scheduler/transition-scheduler';
import { buildApp } from './app';
import type { ExtraRoutes } from './dependencies';
import { loggerOptions } from './logger';

/** The worker part's own pool in a ROLE=all process, out of the process's DATABASE_POOL_SIZE connections. */
const WORKER_POOL_SIZE = 4;

export type RunningProcess = {
  role: Config['role'];
  /** Where the API listens; null for a worker, which has no HTTP port. */
  url: string | null;
  /** The projections and reactors this process runs (none for an api process). */
  consumers: readonly string[];
  store: EventStore;
  secrets: AppSecrets;
  close(): Promise<void>;
};

export type RunningServer = RunningProcess & { url: string };

/**
 * One process of the product (docs/operations.md "Process roles"): database (embedded PGlite under DATA_DIR unless
 * DATABASE_URL), migrations, event store, and then by ROLE: `all` the API with the built UI, the projection runner,
 * the scheduler and the outbox delivery; `api` the API only, once every projection has a live build; `worker` the
 * runner (the consumers PROJECTIONS names), the scheduler and the outbox, without an HTTP port.
 */
export type StartOptions = {
  config: Config;
  /** Routes added to the API (tests, benchmarks). */
  routes?: readonly ExtraRoutes[];
  /**
   * Runs once the projections are live, before the scheduler starts and the port opens (ROLE=all only): the demo
   * data (scripts/start.ts), whose story fires the scheduler's transitions at their own times in the past. A running
   * scheduler would fire those at once, dated now, while the story still places bids.
   */
  beforeScheduler?: (process: { db: Database; store: EventStore; secrets: AppSecrets }) => Promise<void>;
};

export async function startProcess({ config, routes = [], beforeScheduler }: StartOptions): Promise<RunningProcess> {
  const withApi = config.role !== 'worker';
  const withWorker = config.role !== 'api';
  // ROLE=all on a PostgreSQL server: the runner, the scheduler and the outbox get a pool of their own, carved out of
  // the process's DATABASE_POOL_SIZE connections. Sharing the API's, their queries queued behind every request in flight, so
  // under load the projections fell behind and every read-your-writes wait ran out (docs/performance.md "Load test").
  const separate = withApi && withWorker && config.databaseUrl !== undefined;
  const database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          maxConnections: config.databasePoolSize - (separate ? WORKER_POOL_SIZE : 0),
          ...(withApi ? {} : { applicationName: WORKER_APPLICATION_NAME }),
        }
      : { embedded: true, dataDir: config.dataDir },
  );
  await migrateToLatest(database.db);
  if (withApi) await loadLocalities(database.db); // the first start only (docs/addresses.md)
  const store = await openEventStore(config, database.db, database.listen);
  const secrets = await loadSecrets(database.db);
  const allConsumers = consumersFor({ publicUrl: config.publicUrl, secrets });
  let consumers: ReturnType<typeof selectConsumers> = [];
  try {
    if (withWorker) consumers = selectConsumers(allConsumers, config.projections);
  } catch (error) {
    await store.close();
    await database.close();
    throw error;
  }
  const app = withApi ? await buildApp({ config, db: database.db, store, clock: systemClock, ids: randomIds, secrets, listen: database.listen }, { logger: loggerOptions(config), routes }) : null;
  const log = app?.log ?? pino({ level: config.logLevel });
  const workerDatabase = separate ? await openDatabase({ url: config.databaseUrl!, maxConnections: WORKER_POOL_SIZE, applicationName: WORKER_APPLICATION_NAME }) : database;
  const workerStore = separate ? await openEventStore(config, workerDatabase.db, workerDatabase.listen) : store;

  const runner = withWorker
    ? new ProjectionRunner({
        db: workerDatabase.db,
        store: workerStore,
        consumers,
        idleMs: 25,
        // A version bump's rebuild yields to the requests this process or others serve meanwhile (issue 27).
        rebuildYield: REBUILD_YIELD,
        announceTo: separate ? [database.db] : [],
        sequential: database.kind === 'pglite',
        onError: (error, consumer) => log.error({ err: { message: (error as Error).message }, consumer }, 'projection batch failed'),
      })
    : null;
  // The API's own appends wake the runner at once (the head poll still finds those of other processes).
  const stopNudging = runner && withApi ? store.onAppended?.(() => runner.nudge()) : undefined;
  if (runner) {
    await runner.untilLive();
    // The analysts' views as this code defines them: a swap keeps them up after that (docs/analytics.md).
    const failures = await refreshAnalyticsViews(workerDatabase.db);
    if (failures.length > 0) log.error({ err: { message: analyticsFailureError(failures).message } }, 'analytics views left out');
    runner.start();
  } else {
    // The API reads every projection: it waits for the workers to have built them all (a fresh database).
    const names = allConsumers.filter((c) => c.kind === 'projection').map((c) => c.name);
    await untilProjectionsLive(database.db, names, { onWaiting: (missing) => log.warn({ missing }, 'waiting for a worker to build these projections') });
  }
  if (beforeScheduler) {
    if (!(withApi && withWorker)) throw new Error('beforeScheduler needs ROLE=all: the API and the projections in this process');
    try {
      await beforeScheduler({ db: database.db, store, secrets });
    } catch (error) {
      // Nothing is listening yet: stop what runs, so the failure ends the start instead of leaving it half up.
      stopNudging?.();
      await runner?.stop();
      await app?.close();
      if (separate) {
        await workerStore.close();
        await workerDatabase.close();
      }
      await store.close();
      await database.close();
      throw error;
    }
  }
  // The post's time-driven transitions and Auto-Declare (docs/post-lifecycle.md "Scheduler"); their claims let
  // several workers run it.
  const scheduler = withWorker ? new TransitionScheduler({ db: workerDatabase.db, store: workerStore, ids: randomIds, clock: systemClock, log: log.child({ component: 'scheduler' }) }) : null;
  scheduler?.start();
  // Mail and SMS of the outbox (docs/mail.md); messages are claimed with `skip locked`, so workers share them.
  const outbox = withWorker ? openOutboxDelivery(config, workerDatabase.db, log.child({ component: 'outbox' })) : null;
  outbox?.start();
  // Avatars and logos no one shows any more (docs/personal-data.md "Avatars and logos").
  const fileSweeper = withWorker ? new FileSweeper({ db: workerDatabase.db, store: workerStore, clock: systemClock, log: log.child({ component: 'files' }) }) : null;
  fileSweeper?.start();

  let url: string | null = null;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    url = `http://${host}:${port}`;
  }
  let closing: Promise<void> | undefined;
  return {
    role: config.role,
    url,
    consumers: consumers.map((c) => c.name),
    store,
    secrets,
    // In-flight requests, the projection batch and the message in progress finish first; closing twice closes once.
    close: () => {
      closing ??= (async () => {
        await app?.close();
        await scheduler?.stop();
        await fileSweeper?.stop();
        stopNudging?.();
        await runner?.stop();
        await outbox?.stop();
        if (separate) {
          await workerStore.close();
          await workerDatabase.close();
        }
        await store.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/** A process with the API (ROLE `all` or `api`): tests, benchmarks and browser tests start the product with it. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  if (options.config.role === 'worker') throw new Error('startServer starts the API; a worker starts with startProcess');
  const running = await startProcess(options);
  if (running.url === null) throw new Error('The API did not start');
  return { ...running, url: running.url };
}
