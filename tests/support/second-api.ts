import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { openDatabase } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import type { TestApp } from './test-app';

// A second API over a TestApp's PostgreSQL database, as a `ROLE=api` process beside it (docs/operations.md "Process
// roles"): its own connections, event store and key cache, remembered folds and known callers, and no projection
// runner (the TestApp's runs them). Races between API processes are reproduced with two of these in one test.

export type SecondApi = { app: FastifyInstance; close(): Promise<void> };

export async function secondApi(t: TestApp): Promise<SecondApi> {
  if (!t.database.url) throw new Error('A second API needs the PostgreSQL server: createTestApp({ database: "server" })');
  const handle = await openDatabase({ url: t.database.url, maxConnections: 10 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const store = await openEventStore(config, handle.db, handle.listen);
  const app = await buildApp({ config, db: handle.db, store, clock: systemClock, ids: randomIds, secrets: t.secrets, listen: handle.listen });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await store.close();
      await handle.close();
    },
  };
}
