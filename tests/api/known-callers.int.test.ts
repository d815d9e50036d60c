import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import type { KnownCaller } from '../../api/authentication';
import { KnownCallers } from '../../api/known-callers';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { type DatabaseHandle, openDatabase } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { createTestApp, type TestApp } from '../support/test-app';
import { testPassword } from '../support/users';

// The callers' rows an API process keeps (api/known-callers.ts) against a second API process on the same database:
// it runs no projections and waits for nothing, so only the users projection's NOTIFY tells it that a user it knows
// changed. Each process has its own pool and its own listening connection, as separate processes do.

let t: TestApp;
let second: DatabaseHandle;
let secondApp: FastifyInstance;
let secondCallers: KnownCallers<KnownCaller>;

beforeAll(async () => {
  t = await createTestApp({ database: 'server' });
  second = await openDatabase({ url: t.database.url!, maxConnections: 4 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Kept far longer than the test runs: a row read again can only be the notification's doing.
  secondCallers = new KnownCallers<KnownCaller>({ listen: second.listen, maxAgeMs: 10 * 60_000 });
  secondApp = await buildApp({
    config,
    db: second.db,
    store: await openEventStore(config, second.db),
    clock: systemClock,
    ids: randomIds,
    secrets: t.secrets,
    listen: second.listen,
    callers: secondCallers,
  });
}, 120_000);
afterAll(async () => {
  await secondApp?.close();
  await second?.close();
  await t?.close();
});

const me = (headers: Record<string, string>) => secondApp.inject({ method: 'GET', url: '/v1/users/me', headers });

describe('callers kept by another API process', () => {
  it('are read again once the users projection announces a change: a suspended provider is refused there too', async () => {
    const provider = await t.createUser({ userType: 'fsp' });
    // Kept once the process listens (from the first request on).
    await expect.poll(async () => {
      expect((await me(provider.headers)).statusCode).toBe(200);
      return secondCallers.size;
    }).toBe(1);

    const suspended = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${provider.id}`, payload: { user: { status: 'suspended' } } });
    expect(suspended.statusCode, suspended.body).toBeLessThan(300);
    await expect.poll(async () => (await me(provider.headers)).statusCode, { timeout: 5000 }).toBe(401);
    expect((await me(provider.headers)).json()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
  });

  it('keep serving the users that did not change', async () => {
    const [a, b] = [await t.createUser({ userType: 'customer' }), await t.createUser({ userType: 'customer' })];
    for (const user of [a, b]) expect((await me(user.headers)).statusCode).toBe(200);
    await expect.poll(async () => {
      await me(a.headers);
      await me(b.headers);
      return secondCallers.size;
    }).toBeGreaterThanOrEqual(2);
    const sizeBefore = secondCallers.size;
    const changed = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${a.id}`, payload: { user: { status: 'suspended' } } });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    // The notification takes a's row out, and only a's.
    await expect.poll(() => secondCallers.size, { timeout: 5000 }).toBe(sizeBefore - 1);
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it('refuse an access token once its session ended in another process (log-out there)', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const session = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: customer.email, password: testPassword } });
    const { access_token, refresh_token } = session.json();
    const headers = { authorization: `Bearer ${access_token}` };
    await expect.poll(async () => (await me(headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { refresh_token } })).statusCode).toBe(204);
    await expect.poll(async () => (await me(headers)).statusCode, { timeout: 5000 }).toBe(401);
    expect((await me(customer.headers)).statusCode).toBe(200); // the customer's other session goes on
  });
});
