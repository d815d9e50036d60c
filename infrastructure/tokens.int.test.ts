import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database';
import { loadSecrets } from './secrets';
import { issueAccessToken, issueRefreshToken, revokeAllRefreshTokens, revokeRefreshToken, rotateRefreshToken, verifyAccessToken } from './tokens';

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
  it('carry the user and type, and expire after 15 minutes', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'fsp' }, now);
    expect(await verifyAccessToken(accessTokenKey, token, later(60))).toEqual({ ok: true, claims: { userId: user, userType: 'fsp' } });
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60 + 1))).toEqual({ ok: false, reason: 'expired' });
  });

  it('checked once are still checked for expiry on every use, and only against the key that signed them', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'customer' }, now);
    const valid = { ok: true, claims: { userId: user, userType: 'customer' } };
    expect(await verifyAccessToken(accessTokenKey, token, later(1))).toEqual(valid);
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60 - 1))).toEqual(valid);
    // The same second as jose calls expired: `exp` must be after the current second.
    expect(await verifyAccessToken(accessTokenKey, token, later(15 * 60))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(randomBytes(32), token, later(1))).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(accessTokenKey, token, later(2))).toEqual(valid);
  });

  it('refuse forged tokens: another key, a changed payload, alg none', async () => {
    const { accessTokenKey } = await loadSecrets(database.db);
    const token = await issueAccessToken(accessTokenKey, { userId: user, userType: 'fsp' }, now);
    expect(await verifyAccessToken(randomBytes(32), token, now)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.');
    const admin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), typ: 'admin' })).toString('base64url');
    expect(await verifyAccessToken(accessTokenKey, `${header}.${admin}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await verifyAccessToken(accessTokenKey, `${none}.${admin}.`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(accessTokenKey, 'garbage', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('use the same key in every process (made once, read after)', async () => {
    const first = await loadSecrets(database.db);
    const second = await loadSecrets(database.db);
    expect(Buffer.from(second.accessTokenKey).equals(Buffer.from(first.accessTokenKey))).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('rotate: each works once and gives a new one', async () => {
    const first = await issueRefreshToken(database.db, user, now);
    const rotated = await rotateRefreshToken(database.db, first, later(10));
    expect(rotated?.userId).toBe(user);
    expect(rotated?.refreshToken).not.toBe(first);
    expect(await rotateRefreshToken(database.db, rotated!.refreshToken, later(20))).not.toBeNull();
  });

  it('a token used twice revokes its whole family', async () => {
    const first = await issueRefreshToken(database.db, user, now);
    const second = (await rotateRefreshToken(database.db, first, later(10)))!.refreshToken;
    expect(await rotateRefreshToken(database.db, first, later(20))).toBeNull(); // replayed: stolen
    expect(await rotateRefreshToken(database.db, second, later(30))).toBeNull(); // the family is gone
  });

  it('expire, and are revoked by log-out and by a password change', async () => {
    expect(await rotateRefreshToken(database.db, await issueRefreshToken(database.db, user, now), later(31 * 86_400))).toBeNull();
    const loggedOut = await issueRefreshToken(database.db, user, now);
    await revokeRefreshToken(database.db, loggedOut, later(1));
    expect(await rotateRefreshToken(database.db, loggedOut, later(2))).toBeNull();
    const a = await issueRefreshToken(database.db, user, now);
    const b = await issueRefreshToken(database.db, user, now);
    await revokeAllRefreshTokens(database.db, user, later(1));
    expect(await rotateRefreshToken(database.db, a, later(2))).toBeNull();
    expect(await rotateRefreshToken(database.db, b, later(2))).toBeNull();
    expect(await rotateRefreshToken(database.db, 'never-issued', later(2))).toBeNull();
  });
});
