import { sql } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken, issueUserKey, newSessionId } from '../../infrastructure/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { testPassword, type TestUser } from '../support/users';

// The authorization-code flow with PKCE that the UI logs in with (/login → identity page → /login/callback), and
// the user_key grant of e-mailed links.

let t: TestApp;
let provider: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  provider = await t.createUser({ userType: 'fsp' });
  customer = await t.createUser({ userType: 'customer' });
});
afterAll(async () => {
  await t.close();
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorize = (overrides: Record<string, unknown> = {}, challenge = pkce().challenge) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/authorize',
    payload: {
      response_type: 'code',
      client_id: 'web',
      redirect_uri: '/login/callback',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      username: provider.email,
      password: testPassword,
      ...overrides,
    },
  });

const exchange = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'authorization_code', client_id: 'web', redirect_uri: '/login/callback', ...payload } });

const codeOf = (redirectTo: string) => new URL(redirectTo, 'http://x').searchParams.get('code')!;

describe('authorization code with PKCE', () => {
  it('sends the browser back with a code and the state, and the code buys tokens once', async () => {
    const { verifier, challenge } = pkce();
    const answer = await authorize({}, challenge);
    expect(answer.statusCode).toBe(200);
    const redirectTo: string = answer.json().redirect_to;
    expect(redirectTo).toMatch(/^\/login\/callback\?code=[\w-]{43}&state=xyz$/);
    const tokens = await exchange({ code: codeOf(redirectTo), code_verifier: verifier });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ token_type: 'Bearer', user_type: 'fsp' });
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${tokens.json().access_token}` } });
    expect(me.json().uuid).toBe(provider.id);
    const again = await exchange({ code: codeOf(redirectTo), code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_GRANT' });
  });

  it('refuses a code with another verifier, client or redirect (and the code is spent by the try)', async () => {
    for (const wrong of [{ code_verifier: pkce().verifier }, { client_id: 'other' }, { redirect_uri: '/elsewhere' }]) {
      const { verifier, challenge } = pkce();
      const code = codeOf((await authorize({}, challenge)).json().redirect_to);
      expect((await exchange({ code, code_verifier: verifier, ...wrong })).statusCode).toBe(400);
      expect((await exchange({ code, code_verifier: verifier })).statusCode).toBe(400);
    }
  });

  it('refuses an unknown client, a foreign redirect, a plain challenge and a wrong password', async () => {
    expect((await authorize({ client_id: 'evil' })).json()).toMatchObject({ status: 400, code: 'INVALID_CLIENT' });
    expect((await authorize({ redirect_uri: '/somewhere-else' })).json()).toMatchObject({ status: 400, code: 'INVALID_CLIENT' });
    for (const redirect_uri of ['https://evil.example/callback', '//evil.example/login/callback']) {
      expect((await authorize({ redirect_uri })).statusCode).toBe(422);
    }
    expect((await authorize({ code_challenge_method: 'plain' })).statusCode).toBe(422);
    expect((await authorize({ code_challenge: 'short' })).statusCode).toBe(422);
    const wrong = await authorize({ password: 'Not-the-password-1' });
    expect(wrong.json()).toMatchObject({ status: 401, detail: 'The e-mail or password is not right.' });
  });

  it('does not let a pending provider in', async () => {
    const pending = await t.createUser({ userType: 'fsp', status: 'pending' });
    const answer = await authorize({ username: pending.email });
    expect(answer.json()).toMatchObject({ status: 403, detail: 'Your account is waiting for approval.' });
  });
});

describe('user_key', () => {
  const logInByKey = (user_key: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'user_key', user_key } });

  it("logs a customer in with the key of an e-mailed link", async () => {
    const key = await issueUserKey(t.secrets.accessTokenKey, customer.id, new Date());
    const answer = await logInByKey(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user_type).toBe('customer');
  });

  it('refuses keys of providers, access tokens used as keys, expired and forged keys', async () => {
    const refused = [
      await issueUserKey(t.secrets.accessTokenKey, provider.id, new Date()),
      await issueAccessToken(t.secrets.accessTokenKey, { userId: customer.id, userType: 'customer', sessionId: newSessionId() }, new Date()),
      await issueUserKey(t.secrets.accessTokenKey, customer.id, new Date(Date.now() - 15 * 86_400_000)),
      await issueUserKey(new Uint8Array(32).fill(7), customer.id, new Date()),
    ];
    for (const key of refused) {
      const answer = await logInByKey(key);
      expect(answer.json()).toMatchObject({ status: 401, code: 'USER_KEY_INVALID' });
    }
  });

  it('is no access token either', async () => {
    const key = await issueUserKey(t.secrets.accessTokenKey, customer.id, new Date());
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${key}` } });
    expect(me.json()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
  });
});

describe('rate limits', () => {
  it('count password guesses per address, not the refreshes of everyone behind it', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: customer.email, password: testPassword } });
    let refreshToken: string = login.json().refresh_token;
    for (let i = 0; i < 35; i++) {
      const refreshed = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      refreshToken = refreshed.json().refresh_token;
    }
  });
});

describe('authorization codes', () => {
  it('are cleared once expired, at the next log-in', async () => {
    await authorize();
    await sql`update authorization_codes set expires_at = now() - interval '1 second'`.execute(t.database.db);
    await authorize();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from authorization_codes`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
  });
});
