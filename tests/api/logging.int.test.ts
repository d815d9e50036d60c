import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { loggerOptions } from '../../api/logger';
import { homeLoanProduct } from '../../domain/product/products';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { randomIds } from '../../infrastructure/ids';
import { loadSecrets } from '../../infrastructure/secrets';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const lines: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('request logs hold no query strings, bodies or credentials', async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions(config);
  const app = await buildApp(
    { config, db: database.db, store: new PostgresEventStore(database.db), clock: systemClock, ids: randomIds, secrets: await loadSecrets(database.db) },
    { logger: typeof options === 'object' && options ? { ...options, stream } : false },
  );
  await app.inject({ method: 'GET', url: '/v4/organisations?filter[name]=jane.citizen', headers: { authorization: 'Bearer secret-token-123', cookie: 'session=cookie-456' } });
  await app.inject({ method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/organisations`, payload: { organisation: { name: 'Private Name Pty', organisation_type: 'banana' } } });
  await app.close();
  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(0);
  expect(log).toContain('/v4/organisations');
  for (const secret of ['jane.citizen', 'secret-token-123', 'cookie-456', 'Private Name Pty', 'banana']) expect(log).not.toContain(secret);
});
