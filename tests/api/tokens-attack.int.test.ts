import { createHmac, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueActivationCode, issuePasswordResetToken } from '../../infrastructure/identity-tokens';
import { issueAccessToken, issueUserKey, newSessionId } from '../../infrastructure/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost } from '../support/trade';
import { testPassword, type TestUser } from '../support/users';

// Attacks on the bearer token (issue 7 "Security", docs/security.md "Attack tests and results"): every forged,
// expired, confused or stolen-but-dead token gets 401 problem+json with the spec's token text, and nothing is written.
// A valid token of one user never opens another user's data.

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobPostId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ userType: 'customer' });
  bob = await t.createUser({ userType: 'customer' });
  bobPostId = (await activePost(t, { owner: bob })).postId;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const payloadOf = (token: string) => JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;
/** Signs header.payload with HS256 and `key`, as an attacker with (or guessing) a key would. */
const hs256 = (header: object, payload: object, key: Uint8Array | string) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);

/** Reads and writes a token might open: own profile, own profile change, another user's profile and post. */
async function expectRefusedEverywhere(authorization: string, expectedDetail = 'The access token is invalid'): Promise<void> {
  const before = await t.eventCount();
  const requests = [
    { method: 'GET' as const, url: '/v1/users/me' },
    { method: 'PATCH' as const, url: '/v1/users/me', payload: { user: { first_name: 'Mallory' } } },
    { method: 'GET' as const, url: `/v1/users/${bob.id}` },
    { method: 'GET' as const, url: `/v4/posts/${bobPostId}` },
    { method: 'PATCH' as const, url: `/v2/posts/${bobPostId}`, payload: { operation: 'close' } },
    { method: 'GET' as const, url: '/v1/users' },
  ];
  for (const request of requests) {
    const response = await t.app.inject({ ...request, headers: { authorization } });
    expect(response.statusCode, `${request.method} ${request.url} with ${authorization.slice(0, 40)}…`).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, detail: expectedDetail });
  }
  expect(await t.eventCount()).toBe(before);
}

describe('forged and malformed access tokens', () => {
  it('refuses a token signed with another key', async () => {
    const forged = await issueAccessToken(new TextEncoder().encode('not-the-server-key-but-long-enough!!'), { userId: alice.id, userType: 'customer', sessionId: newSessionId() }, new Date());
    await expectRefusedEverywhere(`Bearer ${forged}`);
  });

  it('refuses alg none, with and without a signature part', async () => {
    const claims = { ...payloadOf(alice.token), sub: bob.id };
    for (const alg of ['none', 'None', 'NONE']) {
      await expectRefusedEverywhere(`Bearer ${b64({ alg, typ: 'JWT' })}.${b64(claims)}.`);
      await expectRefusedEverywhere(`Bearer ${b64({ alg, typ: 'JWT' })}.${b64(claims)}.${parts(alice.token)[2]}`);
    }
  });

  it('refuses a changed payload (another user id, another user type, a later expiry) under the original signature', async () => {
    const [header, , signature] = parts(alice.token);
    const original = payloadOf(alice.token);
    for (const changed of [{ sub: bob.id }, { typ: 'admin' }, { sub: t.admin.id, typ: 'admin' }, { exp: now() + 86_400 * 365 }]) {
      await expectRefusedEverywhere(`Bearer ${header}.${b64({ ...original, ...changed })}.${signature}`);
    }
  });

  it('refuses other algorithms: HS512 with the right key, RS256 with an embedded key, HS256 keyed with a public key', async () => {
    const key = t.secrets.accessTokenKey;
    const claims = { sub: alice.id, typ: 'customer', iat: now(), exp: now() + 600 };
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key);
    await expectRefusedEverywhere(`Bearer ${hs512}`);
    // The attacker's own RSA key, offered in the header (jwk injection): the server has no public key to confuse.
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const rs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', jwk }).sign(privateKey);
    await expectRefusedEverywhere(`Bearer ${rs256}`);
    // HS/RS confusion: HMAC keyed with a public key text the attacker knows.
    await expectRefusedEverywhere(`Bearer ${hs256({ alg: 'HS256', typ: 'JWT' }, claims, JSON.stringify(jwk))}`);
    // The right key but a `kid`/`jku` pointing elsewhere changes nothing either way: still our key or nothing.
    await expectRefusedEverywhere(`Bearer ${hs256({ alg: 'HS256', kid: '../../dev/null', jku: 'http://evil.example/jwks' }, claims, '')}`);
  });

  it('refuses garbage in the Authorization header', async () => {
    const garbage = [
      'Bearer',
      'Bearer ',
      'Bearer x',
      'bearer ' + alice.token.toUpperCase(),
      `Basic ${Buffer.from(`${alice.email}:${testPassword}`).toString('base64')}`,
      `Bearer ${alice.token} ${alice.token}`,
      `Bearer ${alice.token}'; drop table events; --`,
      `Bearer ${'a'.repeat(5000)}`,
      'Bearer a.b.c',
      'Bearer ............',
      `Bearer ${parts(alice.token)[0]}.${parts(alice.token)[1]}`,
      `Bearer ${b64({ alg: 'HS256' })}.not-json.${parts(alice.token)[2]}`,
      'Bearer \u202eneko\u202c',
      `Token ${alice.token}`,
    ];
    for (const header of garbage) await expectRefusedEverywhere(header);
  });
});

describe('expired, other-kind and dead tokens', () => {
  it('answers an expired token with the expiry text (clients refresh on it)', async () => {
    const expired = await issueAccessToken(t.secrets.accessTokenKey, { userId: alice.id, userType: 'customer', sessionId: newSessionId() }, new Date(Date.now() - 16 * 60_000));
    await expectRefusedEverywhere(`Bearer ${expired}`, 'The access token has expired');
  });

  it('refuses the signed tokens of other kinds: user key, activation code, reset token (same key, other typ)', async () => {
    const key = t.secrets.accessTokenKey;
    const otherKinds = [
      await issueUserKey(key, alice.id, new Date()),
      await issueActivationCode(key, alice.id, new Date()),
      await issuePasswordResetToken(key, { userId: alice.id, resetId: randomUUID(), passwordTag: 'x' }, new Date()),
    ];
    for (const token of otherKinds) await expectRefusedEverywhere(`Bearer ${token}`);
  });

  it("refuses a refresh token used as an access token, and after log-out the refresh token and the session's access token", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: alice.email, password: testPassword } });
    expect(login.statusCode, login.body).toBe(200);
    const { access_token, refresh_token } = login.json() as { access_token: string; refresh_token: string };
    await expectRefusedEverywhere(`Bearer ${refresh_token}`);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${access_token}` } })).statusCode).toBe(200);
    // Log-out revokes the refresh token's family: it buys nothing any more (403 'Unknown or invalid refresh token.').
    expect((await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { refresh_token } })).statusCode).toBe(204);
    const before = await t.eventCount();
    const refreshed = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token } });
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.headers['content-type']).toContain('application/problem+json');
    expect(refreshed.json().detail).toBe('Unknown or invalid refresh token.');
    expect(await t.eventCount()).toBe(before);
    // Its session's access token ends with it, on every route.
    await expectRefusedEverywhere(`Bearer ${access_token}`);
  });

  it('refuses the valid token of a user suspended or deleted since it was issued', async () => {
    for (const change of ['suspend', 'delete'] as const) {
      const victim = await t.createUser({ userType: 'customer' });
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: victim.headers })).statusCode).toBe(200);
      const done =
        change === 'delete'
          ? await t.asAdmin({ method: 'DELETE', url: `/v1/users/${victim.id}` })
          : await t.asAdmin({ method: 'PATCH', url: `/v1/users/${victim.id}`, payload: { user: { status: 'suspended' } } });
      expect(done.statusCode, done.body).toBeLessThan(300);
      await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: victim.headers })).statusCode, { timeout: 10_000 }).toBe(401);
      await expectRefusedEverywhere(victim.headers.authorization);
    }
  });

  it('refuses a well-signed token of a user that never existed', async () => {
    const ghost = await issueAccessToken(t.secrets.accessTokenKey, { userId: randomUUID(), userType: 'admin', sessionId: newSessionId() }, new Date());
    await expectRefusedEverywhere(`Bearer ${ghost}`);
  });
});

describe("one user's valid token and another user's data", () => {
  it("never reaches the other customer's profile or post, and writes nothing there", async () => {
    const before = await t.eventCount();
    const profile = await t.app.inject({ method: 'GET', url: `/v1/users/${bob.id}`, headers: alice.headers });
    expect(profile.statusCode).toBe(403);
    expect(profile.body).not.toContain(bob.email);
    // Someone else's post is 404, like one that does not exist (uuids cannot be probed).
    for (const request of [
      { method: 'GET' as const, url: `/v4/posts/${bobPostId}` },
      { method: 'PATCH' as const, url: `/v2/posts/${bobPostId}`, payload: { operation: 'close' } },
      { method: 'DELETE' as const, url: `/v1/posts/${bobPostId}` },
    ]) {
      const response = await t.app.inject({ ...request, headers: alice.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const own = await t.app.inject({ method: 'GET', url: '/v1/users/posts', headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(bobPostId);
    const changedName = await t.app.inject({ method: 'PATCH', url: `/v2/users/${bob.id}`, headers: alice.headers, payload: { user: { first_name: 'Mallory' } } });
    expect(changedName.statusCode).toBeGreaterThanOrEqual(400);
    expect(changedName.statusCode).toBeLessThan(500);
    expect(await t.eventCount()).toBe(before);
  });
});
