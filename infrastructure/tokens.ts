import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { UserType } from '../domain/user/schemas';
import type { Database } from './database/database';

// OAuth 2 style tokens (DESIGN.md §5): short-lived signed access tokens and rotating refresh tokens stored hashed.

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export type AccessClaims = { userId: string; userType: UserType };

export async function issueAccessToken(key: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: claims.userType })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/** The key imported once for verifying (jose imports raw bytes again on every call: 1.4% of the server's CPU while bidding). */
const verifyingKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyingKey(key: Uint8Array): Promise<CryptoKey> {
  let imported = verifyingKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyingKeys.set(key, imported);
  }
  return imported;
}

export type AccessTokenCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Tokens whose signature checked out, per key: a client sends the same token with every request until it expires,
 * and checking the HMAC each time was 5% of the server's CPU per bid. The expiry is still checked on every use.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_TOKENS_KEPT = 10_000;

export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessTokenCheck> {
  let verified = verifiedTokens.get(key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(key, verified);
  }
  // jose's rule: expired once `exp` is not after the current second.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const known = verified.get(token);
  if (known) return nowSeconds < known.expiresAt ? { ok: true, claims: known.claims } : { ok: false, reason: 'expired' };
  try {
    // Only HS256 is accepted: `alg: none` and key-confusion tokens fail here.
    const { payload } = await jwtVerify(token, await verifyingKey(key), { algorithms: ['HS256'], currentDate: now });
    const userType = payload.typ;
    if (typeof payload.sub !== 'string' || (userType !== 'customer' && userType !== 'fsp' && userType !== 'admin') || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const claims: AccessClaims = { userId: payload.sub, userType };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: payload.exp });
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

type RefreshTokensDatabase = {
  refresh_tokens: {
    token_hash: string;
    family_id: string;
    user_id: string;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
    created_at: Date;
  };
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new refresh token for `userId`, in a new family (log-in) or the family of the token it replaces. */
export async function issueRefreshToken(database: Database, userId: string, now: Date, familyId: string = randomUUID()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await (database as Kysely<RefreshTokensDatabase>)
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashToken(token),
      family_id: familyId,
      user_id: userId,
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
      used_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Uses a refresh token once: answers its user and a replacement. A token used a second time means it was copied,
 * so its whole family is revoked and the caller must log in again.
 */
export async function rotateRefreshToken(database: Database, token: string, now: Date): Promise<{ userId: string; refreshToken: string } | null> {
  const db = database as Kysely<RefreshTokensDatabase>;
  const tokenHash = hashToken(token);
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'family_id'])
    .executeTakeFirst();
  if (!claimed) {
    const known = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    if (known) await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', known.family_id).where('revoked_at', 'is', null).execute();
    return null;
  }
  return { userId: claimed.user_id, refreshToken: await issueRefreshToken(database, claimed.user_id, now, claimed.family_id) };
}

/** Log-out revokes one family; a password change revokes every token of the user. */
export async function revokeRefreshToken(database: Database, token: string, now: Date): Promise<void> {
  const db = database as Kysely<RefreshTokensDatabase>;
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (row) await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
}

export async function revokeAllRefreshTokens(database: Database, userId: string, now: Date): Promise<void> {
  await (database as Kysely<RefreshTokensDatabase>)
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export const USER_KEY_DAYS = 14;

/**
 * A user key: the log-in carried by an e-mailed link that resumes a post (grant `user_key`). Signed like an access
 * token but with its own type, so neither can stand in for the other.
 */
export async function issueUserKey(key: Uint8Array, userId: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'user_key' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + USER_KEY_DAYS * 86_400)
    .sign(key);
}

/** The user a key logs in, or null when forged, expired or not a user key. */
export async function verifyUserKey(key: Uint8Array, userKey: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(userKey, key, { algorithms: ['HS256'], currentDate: now });
    return payload.typ === 'user_key' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
