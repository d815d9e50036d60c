import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database';
import { CALLERS_CHANNEL } from './callers-channel';
import { loadSecrets } from './secrets';
import { endedSessionsOf, issueAccessToken, issueRefreshToken, newSessionId, revokeAllRefreshTokens, revokeRefreshToken, rotateRefreshToken, verifyAccessToken } from './tokens';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = new Date('2026-11-21T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const user = '7d3c1a52-0e5b-4e0e-9d7c-0f8f5f1b2a33';

describe('access tokens', () => {
  it('carry the user, type and session, and expire after 15 minutes', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const sessionId = newSessionId();
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'fsp', sessionId }, now);
    expect(await verifyAccessToken(accessTokenKey, token, later(60))).toEqual({ ok: true, claims: { userId: user, userType: 'fsp', sessionId } });
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60 + 1))).toEqual({ ok: false, reason: 'expired' });
  });

  it('checked once are still checked for expiry on every use, and only against the key that signed them', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const sessionId = newSessionId();
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'customer', sessionId }, now);
    const valid = { ok: true, claims: { userId: user, userType: 'customer', sessionId } };
    expect(await verifyAccessToken(accessTokenKey, token, later(1))).toEqual(valid);
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60 - 1))).toEqual(valid);
    // The same second as jose calls expired: `exp` must be after the current second.
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(randomBytes(32), token, later(1))).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(accessTokenKey, token, later(2))).toEqual(valid);
  });

  it('refuse forged tokens: another key, a changed payload, alg none', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'fsp', sessionId: newSessionId() }, now);
    expect(await verifyAccessToken(randomBytes(32), token, now)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.');
    const admin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), typ: 'admin' })).toString('base64url');
    expect(await verifyAccessToken(accessTokenKey, `${header}.${admin}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await verifyAccessToken(accessTokenKey, `${none}.${admin}.`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(accessTokenKey, 'garbage', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('from before sessions were named carry no session, and a session that is no text is refused', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(user).setIssuedAt(now).setExpirationTime(later(900)).sign(accessTokenKey);
    expect(await verifyAccessToken(accessTokenKey, await sign({ typ: 'fsp' }), now)).toEqual({ ok: true, claims: { userId: user, userType: 'fsp', sessionId: null } });
    expect(await verifyAccessToken(accessTokenKey, await sign({ typ: 'fsp', sid: 42 }), now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('use the same key in every process (made once, read after)', async () => {
    const first = await loadSecrets(database.db);
    const second = await loadSecrets(database.db);
    expect(Buffer.from(second.accessTokenKey).equals(Buffer.from(first.accessTokenKey))).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('rotate: each works once and gives a new one in the same session', async () => {
    const session = newSessionId();
    const first = await issueRefreshToken(database.db, user, now, session);
    const rotated = await rotateRefreshToken(database.db, first, later(10));
    expect(rotated?.userId).toBe(user);
    expect(rotated?.sessionId).toBe(session);
    expect(rotated?.refreshToken).not.toBe(first);
    expect(await rotateRefreshToken(database.db, rotated!.refreshToken, later(20))).not.toBeNull();
  });

  it('a token used twice revokes its whole family', async () => {
    const first = await issueRefreshToken(database.db, user, now, newSessionId());
    const second = (await rotateRefreshToken(database.db, first, later(10)))!.refreshToken;
    expect(await rotateRefreshToken(database.db, first, later(20))).toBeNull(); // replayed: stolen
    expect(await rotateRefreshToken(database.db, second, later(30))).toBeNull(); // the family is gone
  });

  it('expire, and are revoked by log-out and by a password change', async () => {
    expect(await rotateRefreshToken(database.db, await issueRefreshToken(database.db, user, now, newSessionId()), later(31 * 86_400))).toBeNull();
    const loggedOut = await issueRefreshToken(database.db, user, now, newSessionId());
    await revokeRefreshToken(database.db, loggedOut, later(1));
    expect(await rotateRefreshToken(database.db, loggedOut, later(2))).toBeNull();
    const a = await issueRefreshToken(database.db, user, now, newSessionId());
    const b = await issueRefreshToken(database.db, user, now, newSessionId());
    await revokeAllRefreshTokens(database.db, user, later(1));
    expect(await rotateRefreshToken(database.db, a, later(2))).toBeNull();
    expect(await rotateRefreshToken(database.db, b, later(2))).toBeNull();
    expect(await rotateRefreshToken(database.db, 'never-issued', later(2))).toBeNull();
  });
});

describe('ended sessions', () => {
  it("are those revoked within an access token's lifetime: by log-out, a replayed token or a password change", async () => {
    const owner = randomUUID();
    const [loggedOut, replayed, kept] = [newSessionId(), newSessionId(), newSessionId()];
    await revokeRefreshToken(database.db, await issueRefreshToken(database.db, owner, now, loggedOut), later(10));
    const first = await issueRefreshToken(database.db, owner, now, replayed);
    await rotateRefreshToken(database.db, first, later(20));
    await rotateRefreshToken(database.db, first, later(30));
    await issueRefreshToken(database.db, owner, now, kept);
    expect(new Set(await endedSessionsOf(database.db, owner, later(40)))).toEqual(new Set([loggedOut, replayed]));
    expect(await endedSessionsOf(database.db, owner, later(10 + 15 * 60 + 1))).toEqual([replayed]);
    expect(await endedSessionsOf(database.db, owner, later(30 + 15 * 60 + 1))).toEqual([]);
    await revokeAllRefreshTokens(database.db, owner, later(50));
    expect(await endedSessionsOf(database.db, owner, later(60))).toContain(kept);
    expect(await endedSessionsOf(database.db, randomUUID(), later(60))).toEqual([]);
  });

  it("are announced on the callers' channel with the user, once the revocation commits", async () => {
    const owner = randomUUID();
    const heard: string[] = [];
    const stop = await database.listen(CALLERS_CHANNEL, (payload) => heard.push(payload));
    try {
      await revokeRefreshToken(database.db, await issueRefreshToken(database.db, owner, now, newSessionId()), later(1));
      await revokeAllRefreshTokens(database.db, owner, later(2));
      await vi.waitFor(() => expect(heard.filter((id) => id === owner)).toHaveLength(2));
    } finally {
      await stop();
    }
  });
});
