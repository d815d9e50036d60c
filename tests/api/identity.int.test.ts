import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { handleCommand } from '../../infrastructure/command-handler';
import { hashPassword } from '../../infrastructure/passwords';
import { loadSecrets } from '../../infrastructure/secrets';
import { issueAccessToken, newSessionId } from '../../infrastructure/tokens';
import { randomIds } from '../../infrastructure/ids';
import { waitForProjections } from '../../projections/projection-status';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (user: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/users', payload: { user } });
const provider = (email: string) => ({
  first_name: 'Jane',
  last_name: "O'Citizen",
  email,
  password: 'Harbour-Bank-9',
  country_code: '61',
  mobile_number: '0412 345 678',
  organisation_uuid: null,
  organisation_name: 'Harbour Bank',
  provider_type: 'financial_institution',
  membership_type: 'MFAA',
  membership_value: '123456',
  acl_number: '654321',
  lender_since: 2012,
});
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username, password } });

/** An active admin, made the way the admin screens will (the command), with a real password hash. */
async function createAdmin(email: string, password: string): Promise<string> {
  const userId = randomIds.uuid();
  const result = await handleCommand({
    store: t.store,
    ids: randomIds,
    streamId: userStream(userId),
    decider: userDecider,
    command: { type: 'CreateAdmin', data: { user_id: userId, personal: { first_name: 'Ada', last_name: 'Admin', email, country_code: '61', mobile_number: null }, password_hash: await hashPassword(password), created_by: null } },
    context: { userId: null, correlationId: 'test', causationId: null, now: new Date() },
  });
  if (!result.ok || !result.position) throw new Error('admin not created');
  await waitForProjections(t.database.db, ['users'], result.position);
  return userId;
}

describe('provider sign-up', () => {
  it('creates a pending provider whose personal data is not stored in clear', async () => {
    const response = await signUp(provider('jane@harbour.example'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user_type: 'fsp',
      status: 'pending',
      email: 'jane@harbour.example',
      full_name: "Jane O'Citizen",
      mobile_number: '0412345678',
      email_verified: false,
      fsp: { provider_type: 'financial_institution', provider_type_label: 'Bank Lender', organisation: { name: 'Harbour Bank' } },
    });
    const raw = await sql<{ data: string }>`select data::text as data from events where type = 'ProviderSignedUp'`.execute(t.database.db);
    expect(raw.rows[0]!.data).not.toContain('jane@harbour.example');
    expect(raw.rows[0]!.data).not.toContain('argon2');
  });

  it('refuses an address that is already registered (takenEmail), whatever its case', async () => {
    await signUp(provider('taken@harbour.example'));
    const before = await t.eventCount();
    const again = await signUp({ ...provider('Taken@Harbour.example') });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: { 'user.email': ['takenEmail'] } });
    expect(await t.eventCount()).toBe(before);
  });

  it('verify_email says available or taken', async () => {
    await signUp(provider('verify@harbour.example'));
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/verify_email?email=verify@harbour.example' })).json()).toEqual({ result: 'taken' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/verify_email?email=free@harbour.example' })).json()).toEqual({ result: 'available' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/verify_email?email=nope' })).statusCode).toBe(422);
  });

  describe('bad input: 422 with the field message, nothing written', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['short password', { password: 'Ab1!' }, 'user.password', 'Should be at least 8 characters'],
      ['password with spaces', { password: 'Harbour Bank 9' }, 'user.password', 'Should not contain spaces'],
      ['password of one class', { password: 'harbourbank' }, 'user.password', 'Please include at least 3 from the following: lowercase letters (a-z), uppercase letters (A-Z), numbers (0-9), special character'],
      ['no e-mail', { email: '' }, 'user.email', 'Please, write an email'],
      ['bad e-mail', { email: 'jane@' }, 'user.email', 'Invalid email format'],
      ['short phone', { mobile_number: '12345' }, 'user.mobile_number', 'Should be at least 7 digits'],
      ['short ACL number', { acl_number: '12' }, 'user.acl_number', 'Should be at least 4 characters'],
      ['short membership', { membership_value: '1' }, 'user.membership_value', 'Should be at least 4 characters'],
      ['lender since the future', { lender_since: 2999 }, 'user.lender_since', "Can't be in future"],
      ['a name with digits', { first_name: 'J4ne' }, 'user.first_name', 'Use letters, spaces, apostrophes, hyphens, ampersands and dots only'],
      ['an unknown provider type', { provider_type: 'bank' }, 'user.provider_type', 'This field is required'],
      ['an unknown field', { user_type: 'admin' }, 'user.user_type', 'Unknown field.'],
    ];
    for (const [name, change, field, message] of cases) {
      it(name, async () => {
        const before = await t.eventCount();
        const response = await signUp({ ...provider(`bad-${name.replace(/\W/g, '')}@harbour.example`), ...change });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toContain(message);
        expect(await t.eventCount()).toBe(before);
      });
    }
  });
});

describe('log-in and tokens', () => {
  it('a pending provider cannot log in yet; a wrong password or unknown e-mail get the same answer', async () => {
    await signUp(provider('waiting@harbour.example'));
    const pending = await login('waiting@harbour.example', 'Harbour-Bank-9');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().detail).toBe('Your account is waiting for approval.');
    const wrong = await login('waiting@harbour.example', 'Wrong-Password-1');
    const unknown = await login('nobody@harbour.example', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('an admin logs in, reads /v1/users/me, refreshes, and a reused refresh token is refused', async () => {
    const adminId = await createAdmin('ada@marketplace.example', 'Lovelace-1815');
    const tokens = (await login('ADA@marketplace.example', 'Lovelace-1815')).json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900, user_type: 'admin' });
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.json()).toMatchObject({ uuid: adminId, user_type: 'admin', status: 'active', full_name: 'Ada Admin', fsp: null });

    const refreshed = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(tokens.refresh_token);
    const reused = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token } });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().detail).toBe('Unknown or invalid refresh token.');
  });

  it('log-out ends the session: its refresh token and its access tokens, refreshed ones too; another session goes on', async () => {
    await createAdmin('logout@marketplace.example', 'Lovelace-1815');
    const me = (tokens: { access_token: string }) => t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    const refresh = (tokens: { refresh_token: string }) =>
      t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token } });
    const first = (await login('logout@marketplace.example', 'Lovelace-1815')).json();
    const refreshed = (await refresh(first)).json();
    const other = (await login('logout@marketplace.example', 'Lovelace-1815')).json();
    for (const tokens of [first, refreshed, other]) expect((await me(tokens)).statusCode).toBe(200); // each kept as known

    expect((await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { refresh_token: refreshed.refresh_token } })).statusCode).toBe(204);
    expect((await refresh(refreshed)).statusCode).toBe(403);
    for (const tokens of [first, refreshed]) expect((await me(tokens)).json()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
    expect((await me(other)).statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(200);
    // An unknown refresh token ends nothing and tells nothing.
    expect((await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { refresh_token: 'never-issued' } })).statusCode).toBe(204);
  });

  it('answers missing, forged and expired access tokens with the texts that make clients refresh', async () => {
    const adminId = await createAdmin('expired@marketplace.example', 'Lovelace-1815');
    const me = (authorization?: string) => t.app.inject({ method: 'GET', url: '/v1/users/me', headers: authorization ? { authorization } : {} });
    expect((await me()).json()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
    expect((await me('Bearer not.a.token')).json()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
    const { accessTokenKey } = await loadSecrets(t.database.db);
    const old = await issueAccessToken(accessTokenKey, { userId: adminId, userType: 'admin', sessionId: newSessionId() }, new Date(Date.now() - 3600_000));
    expect((await me(`Bearer ${old}`)).json()).toMatchObject({ status: 401, detail: 'The access token has expired' });
  });

  it('slows down one address trying many accounts (429 after 30 tries a minute)', async () => {
    const separate = await createTestApp(); // its own limits, so other tests' log-ins do not count
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await separate.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: `person${i}@example.com`, password: 'Wrong-Password-1' } });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await separate.close();
    }
  }, 90_000); // 31 real argon2 checks

  it('slows down a burst of wrong passwords on one account (429), without locking it for good', async () => {
    const responses = [];
    for (let i = 0; i < 12; i++) responses.push(await login('burst@harbour.example', `Wrong-Password-${i}`));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(responses[11]!.headers['content-type']).toContain('application/problem+json');
    expect(Number(responses[11]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
