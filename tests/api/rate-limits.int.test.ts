import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { countHit, counterKey } from '../../infrastructure/rate-limit-store';
import { createTestApp, type TestApp } from '../support/test-app';
import { projectionsIdle } from '../support/trade';
import { createTestDatabase } from '../support/test-database';
import { as, type TestUser, testPassword, type UserSpec } from '../support/users';

// The rate limits of log-in, sign-up, password recovery and phone verification (docs/security.md "Rate limits
// (shared)"): two API instances on one database share each count (requests alternate between them), the request past
// the limit gets 429 problem+json with Retry-After and writes nothing, and the counters hold no e-mail or address.

let t: TestApp;
let other: FastifyInstance;
/** Request `i` of a burst goes to one instance or the other, as a load balancer would send it. */
const via = (i: number, options: InjectOptions) => (i % 2 === 0 ? t.app : other).inject(options);

let addressCounter = 0;
/** Each test comes from addresses of its own, so the per-address limits of one test do not spill into another. */
const newAddress = () => `10.7.0.${++addressCounter}`;

beforeAll(async () => {
  t = await createTestApp();
  // A second API process: its own app, store and limiter state, only the database in common.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  other = await buildApp({ config, db: t.database.db, store: await openEventStore(config, t.database.db), clock: systemClock, ids: randomIds, secrets: t.secrets });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/**
 * A user whose token the API already takes: on a machine under heavy load (load average ~20 on 2 cores) a fresh
 * user's token was refused for a second or two after createUser, which would spend the limits under test.
 */
async function newUser(spec: UserSpec): Promise<TestUser> {
  const user = await t.createUser(spec);
  await projectionsIdle(t);
  // A pending provider may not log in: then only the read model's row is waited for.
  const known = async () =>
    spec.status === 'pending'
      ? (await sql`select 1 from users where uuid = ${user.id}`.execute(t.database.db)).rows.length === 1
      : (await t.app.inject(as(user, { method: 'GET', url: '/v1/users/me' }))).statusCode === 200;
  for (const deadline = Date.now() + 30_000; !(await known()); ) {
    if (Date.now() > deadline) throw new Error('newUser: the API does not know the user after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return user;
}

function expectTooMany(response: LightMyRequestResponse, code = 'TOO_MANY_REQUESTS') {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ status: 429, title: 'Too Many Requests', code });
  expect(response.json().detail).toMatch(/try again/i);
}

const count = async (table: string) => Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.database.db)).rows[0]!.n);

/** The requests of a burst, alternating instances; answers their statuses. */
async function burst(n: number, request: (i: number) => InjectOptions): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await via(i, request(i))).statusCode);
  return statuses;
}

const passwordLogin = (username: string, password: string, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/oauth/token',
  payload: { grant_type: 'password', username, password },
  remoteAddress,
});
const identityPageLogin = (username: string, password: string, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/oauth/authorize',
  payload: { response_type: 'code', client_id: 'web', redirect_uri: '/login/callback', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 'xyz', username, password },
  remoteAddress,
});

describe('log-in', () => {
  for (const [route, login] of [
    ['POST /oauth/token', passwordLogin],
    ['POST /oauth/authorize', identityPageLogin],
  ] as const) {
    it(`${route}: 10 tries a minute per account across both instances; the right password past the limit gets nothing`, async () => {
      // Made first: the one-minute window must not run out while the machine is busy making them.
      const [user, colleague] = [await newUser({ userType: 'fsp' }), await newUser({ userType: 'fsp' })];
      const address = newAddress();
      const statuses = await burst(10, (i) => login(user.email.toUpperCase(), `Wrong-Password-${i}`, address));
      expect(statuses).toEqual(Array(10).fill(401));
      const tokens = await count('refresh_tokens');
      const codes = await count('authorization_codes');
      // The account, not the address: another address is refused too, and with the right password.
      expectTooMany(await via(1, login(user.email, testPassword, newAddress())));
      expectTooMany(await via(0, login(user.email, testPassword, newAddress())));
      expect(await count('refresh_tokens')).toBe(tokens);
      expect(await count('authorization_codes')).toBe(codes);
      // Another account from the same address is not slowed.
      expect((await via(1, login(colleague.email, testPassword, address))).statusCode).toBe(200);
    }, 120_000);
  }

  it('30 password tries a minute per address, across accounts and both instances', async () => {
    const user = await newUser({ userType: 'customer' });
    const address = newAddress();
    const statuses = await burst(30, (i) => passwordLogin(`stuffing-${i}@harbour.example`, 'Wrong-Password-1', address));
    expect(statuses).toEqual(Array(30).fill(401));
    const tokens = await count('refresh_tokens');
    expectTooMany(await via(30, passwordLogin(user.email, testPassword, address)));
    expectTooMany(await via(31, identityPageLogin(user.email, testPassword, address)));
    expect(await count('refresh_tokens')).toBe(tokens);
    expect((await via(0, passwordLogin(user.email, testPassword, newAddress()))).statusCode).toBe(200);
  }, 180_000); // 30 real argon2 checks
});

describe('sign-up', () => {
  const provider = (email: string) => ({
    first_name: 'Jane',
    last_name: 'Citizen',
    email,
    password: testPassword,
    country_code: '61',
    mobile_number: '0412 345 678',
    organisation_uuid: null,
    organisation_name: 'Harbour Bank',
    provider_type: 'broker',
    membership_type: 'MFAA',
    membership_value: '123456',
    acl_number: '654321',
  });

  // Refused sign-ups count as much as accepted ones: the limit is on trying.
  for (const [route, max, valid, invalid] of [
    ['POST /v1/users', 30, () => ({ user: provider(`limited-${Date.now()}@harbour.example`) }), { user: { email: 'x' } }],
    ['POST /v2/users', 20, () => ({ user: { user_type: 'customer' } }), { user: { user_type: 'nobody' } }],
  ] as const) {
    it(`${route}: ${max} an hour per address across both instances; the sign-up past the limit writes nothing`, async () => {
      const [method, url] = route.split(' ') as ['POST', string];
      const address = newAddress();
      const accepted = await via(0, { method, url, payload: valid(), remoteAddress: address });
      expect([201, 202], accepted.body).toContain(accepted.statusCode);
      const statuses = await burst(max - 1, () => ({ method, url, payload: invalid, remoteAddress: address }));
      expect(statuses).toEqual(Array(max - 1).fill(422));
      const events = await t.eventCount();
      expectTooMany(await via(1, { method, url, payload: valid(), remoteAddress: address }));
      expectTooMany(await via(0, { method, url, payload: valid(), remoteAddress: address }));
      expect(await t.eventCount()).toBe(events);
      // Another address signs up.
      expect([201, 202]).toContain((await via(1, { method, url, payload: valid(), remoteAddress: newAddress() })).statusCode);
    }, 60_000);
  }
});

describe('password recovery and the activation mail', () => {
  const ask = (path: string, email: string, remoteAddress: string): InjectOptions => ({ method: 'GET', url: `${path}?email=${encodeURIComponent(email)}`, remoteAddress });

  it('GET /v1/users/recover_password: 5 per 10 minutes per address, HEAD (the same handler) included; the sixth mails nothing', async () => {
    const user = await newUser({ userType: 'fsp' });
    const address = newAddress();
    const statuses = await burst(5, (i) => ({ ...ask('/v1/users/recover_password', `nobody-${i}@harbour.example`, address), method: i % 2 ? 'HEAD' : 'GET' }));
    expect(statuses).toEqual(Array(5).fill(200));
    const events = await t.eventCount();
    expectTooMany(await via(5, ask('/v1/users/recover_password', user.email, address)));
    expect(await t.eventCount()).toBe(events);
  }, 120_000);

  for (const path of ['/v1/users/recover_password', '/v1/users/activate']) {
    it(`GET ${path}: 3 an hour per mailbox, from any number of addresses, whether or not it has an account`, async () => {
      const user = await newUser({ userType: 'fsp', status: 'pending' });
      for (const email of [user.email, `no.account.${Date.now()}@harbour.example`]) {
        expect(await burst(3, () => ask(path, email, newAddress()))).toEqual([200, 200, 200]);
        const events = await t.eventCount();
        // The same mailbox however the address is written.
        expectTooMany(await via(1, ask(path, email.toUpperCase(), newAddress())));
        expect(await t.eventCount()).toBe(events);
      }
    }, 120_000);
  }

  it('POST /v1/users/temporary_password: 20 a minute per address', async () => {
    const address = newAddress();
    const statuses = await burst(20, () => ({ method: 'POST', url: '/v1/users/temporary_password', payload: { token: 'forged', password: 'Coral-Reef-77' }, remoteAddress: address }));
    expect(statuses).toEqual(Array(20).fill(422));
    expectTooMany(await via(20, { method: 'POST', url: '/v1/users/temporary_password', payload: { token: 'forged', password: 'Coral-Reef-77' }, remoteAddress: address }));
  });
});

describe('phone verification', () => {
  const send = (user: TestUser, remoteAddress: string, mobile = '0400000002'): InjectOptions =>
    as(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: mobile }, remoteAddress });
  const check = (user: TestUser, remoteAddress: string): InjectOptions =>
    as(user, { method: 'GET', url: '/v1/users/phone_verification?country_code=61&mobile_number=0400000002&verification_code=123456', remoteAddress });
  const smsTo = async (userId: string) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from outbox_messages where data_subject = ${userId} and template = 'phone-code'`.execute(t.database.db)).rows[0]!.n);

  it('sends: 3 codes per 10 minutes per user, 20 requests per 10 minutes per address across both instances', async () => {
    const address = newAddress();
    const first = await newUser({ userType: 'customer' });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await via(i, send(first, address)));
    expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([202, 202, 202]);
    // The per-user limit (kept in phone_verifications, shared already) answers in the spec's words.
    for (const answer of answers.slice(3)) expectTooMany(answer, 'TOO_MANY_CODES');
    expect(await smsTo(first.id)).toBe(3);
    // A fresh user from the same address: the address is spent.
    const second = await newUser({ userType: 'customer' });
    expectTooMany(await via(20, send(second, address)));
    expect(await smsTo(second.id)).toBe(0);
    expect((await via(21, send(second, newAddress()))).statusCode).toBe(202);
  }, 120_000);

  it('checks: 10 per 10 minutes per user and 60 per address, across both instances; a check past the limit verifies nothing', async () => {
    const user = await newUser({ userType: 'customer' });
    const statuses = await burst(10, () => check(user, newAddress()));
    expect(statuses).toEqual(Array(10).fill(422));
    expectTooMany(await via(10, check(user, newAddress())));

    const address = newAddress();
    for (let n = 0; n < 6; n++) {
      const someone = await newUser({ userType: 'customer' });
      expect(await burst(10, () => check(someone, address))).toEqual(Array(10).fill(422));
    }
    const fresh = await newUser({ userType: 'customer' });
    const events = await t.eventCount();
    expectTooMany(await via(60, check(fresh, address)));
    expect(await t.eventCount()).toBe(events);
  }, 180_000);
});

describe('the client address', () => {
  const recover = (email: string, remoteAddress: string, forwardedFor: string): InjectOptions => ({
    method: 'GET',
    url: `/v1/users/recover_password?email=${encodeURIComponent(email)}`,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

  it('is not taken from X-Forwarded-For unless TRUST_PROXY names the proxy, so a forged header does not escape a limit', async () => {
    const address = newAddress();
    expect(await burst(5, (i) => recover(`forged-${i}@harbour.example`, address, `203.0.113.${i}`))).toEqual(Array(5).fill(200));
    expectTooMany(await via(5, recover('forged-5@harbour.example', address, '203.0.113.99')));
  });

  it('behind a trusted proxy, is the forwarded one: clients behind one proxy count apart', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '10.8.0.1' });
    const proxied = await buildApp({ config, db: t.database.db, store: await openEventStore(config, t.database.db), clock: systemClock, ids: randomIds, secrets: t.secrets });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await proxied.inject(recover(`proxied-${i}@harbour.example`, '10.8.0.1', '198.51.100.1'))).statusCode);
      expect(statuses).toEqual(Array(5).fill(200));
      expectTooMany(await proxied.inject(recover('proxied-5@harbour.example', '10.8.0.1', '198.51.100.1')));
      expect((await proxied.inject(recover('proxied-6@harbour.example', '10.8.0.1', '198.51.100.2'))).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('the counters', () => {
  it('hold no e-mail, address or user id in clear', async () => {
    const email = `clear-${Date.now()}@harbour.example`;
    await via(0, passwordLogin(email, 'Wrong-Password-1', '10.99.1.2'));
    const { rows } = await sql<{ key: string; scope: string }>`select key, scope from rate_limit_counters`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('@');
    expect(text).not.toContain('10.99.1.2');
    expect(text).not.toContain('10.7.0.');
    expect(rows.map((r) => r.key)).toContain(counterKey('POST /oauth/token', `account:${email}`));
  });

  it('count concurrent hits once each, start a new window after the old one, and drop ended windows', async () => {
    const database = await createTestDatabase();
    try {
      await sql`insert into rate_limit_counters values ('old', 'test', 3, now() - interval '1 second'), ('live', 'test', 3, now() + interval '1 hour')`.execute(database.db);
      const hits = await Promise.all(Array.from({ length: 12 }, () => countHit(database.db, 'test', 'burst', 60_000)));
      expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(Math.max(...hits.map((h) => h.ttlMs))).toBeLessThanOrEqual(60_000);
      // The process's first hit deleted the ended window of another key (then once a minute), not the live one.
      const keys = (await sql<{ key: string }>`select key from rate_limit_counters order by key`.execute(database.db)).rows.map((r) => r.key);
      expect(keys).toEqual(['live', counterKey('test', 'burst')].sort());

      expect((await countHit(database.db, 'test', 'short', 300)).hits).toBe(1);
      expect((await countHit(database.db, 'test', 'short', 300)).hits).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const renewed = await countHit(database.db, 'test', 'short', 300);
      expect(renewed.hits).toBe(1);
      expect(renewed.ttlMs).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
