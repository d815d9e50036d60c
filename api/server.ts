import { systemClock } from '../infrastructure/clock';
import type { Config } from '../infrastructure/config';
import { openDatabase } from '../infrastructure/database/database';
import { migrateToLatest } from '../infrastructure/database/migrate';
import { loadLocalities } from '../infrastructure/localities';
import type { EventStore } from '../infrastructure/event-store/event-store';
import { openEventStore } from '../infrastructure/event-store/open-event-store';
import { randomIds } from '../infrastructure/ids';
import { type AppSecrets, loadSecrets } from '../infrastructure/secrets';
import { openOutboxDelivery } from '../infrastructure/outbox/open-outbox-delivery';
import { consumersFor } from '../projections/registry';
import { ProjectionRunner } from '../projections/runner';
import { TransitionScheduler } from '../projections/scheduler/transition-scheduler';
import { buildApp } from './app';
import { loggerOptions } from './logger';

export type RunningServer = { url: string; store: EventStore; secrets: AppSecrets; close(): Promise<void> };

/**
 * The whole product in one process: database (embedded PGlite under DATA_DIR unless DATABASE_URL), migrations,
 * event store, projection runner, outbox delivery, API and the built UI.
 */
export async function startServer({ config }: { config: Config }): Promise<RunningServer> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { embedded: true, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  await loadLocalities(database.db); // the first start only (docs/addresses.md)
  const store = await openEventStore(config, database.db);
  const secrets = await loadSecrets(database.db);
  const app = await buildApp({ config, db: database.db, store, clock: systemClock, ids: randomIds, secrets, listen: database.listen }, { logger: loggerOptions(config) });
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    consumers: consumersFor({ publicUrl: config.publicUrl, secrets }),
    idleMs: 25,
    sequential: database.kind === 'pglite',
    onError: (error, consumer) => app.log.error({ err: { message: (error as Error).message }, consumer }, 'projection batch failed'),
  });
  await runner.untilLive();
  runner.start();
  // The post's time-driven transitions and Auto-Declare (docs/post-lifecycle.md "Scheduler").
  const scheduler = new TransitionScheduler({ db: database.db, store, ids: randomIds, clock: systemClock, log: app.log.child({ component: 'scheduler' }) });
  scheduler.start();
  // Mail and SMS of the outbox (docs/mail.md).
  const outbox = openOutboxDelivery(config, database.db, app.log.child({ component: 'outbox' }));
  outbox.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    store,
    secrets,
    // In-flight requests, the projection batch and the message in progress finish first; closing twice closes once.
    close: () => {
      closing ??= (async () => {
        await app.close();
        await scheduler.stop();
        await runner.stop();
        await outbox.stop();
        await store.close();
        await database.close();
      })();
      return closing;
    },
  };
}
