import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { UserType } from '../domain/user/schemas';
import { CALLERS_CHANNEL } from './callers-channel';
import type { Database } from './database/database';

// OAuth 2 style tokens (DESIGN.md §5): short-lived signed access tokens and rotating refresh tokens stored hashed.

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

/**
 * Who an access token speaks for. `sessionId` is the refresh-token family it was issued with (claim `sid`): ending
 * that session (log-out, a password change) ends its access tokens too. Null for tokens issued before sessions were
 * named (they expire within 15 minutes of the change).
 */
export type AccessClaims = { userId: string; userType: UserType; sessionId: string | null };

export async function issueAccessToken(key: Uint8Array, claims: Omit<AccessClaims, 'sessionId'> & { sessionId: string }, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: claims.userType, sid: claims.sessionId })
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
    const { typ: userType, sid } = payload;
    if (typeof payload.sub !== 'string' || (userType !== 'customer' && userType !== 'fsp' && userType !== 'admin') || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    if (sid !== undefined && typeof sid !== 'string') return { ok: false, reason: 'invalid' };
    const claims: AccessClaims = { userId: payload.sub, userType, sessionId: sid ?? null };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: payload.exp });
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session's id: its refresh tokens' family, named in its access tokens. */
export const newSessionId = (): string => randomUUID();

/** A new refresh token for `userId` in the session `familyId` (new at log-in, else the family of the token it replaces). */
export async function issueRefreshToken(database: Database, userId: string, now: Date, familyId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database
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
 * The token answer of a session (OAuth's token response): a new session (log-in, a password change) gets a new id
 * and its first refresh token; a refreshed one (`session`) keeps its id and the rotated refresh token.
 */
export async function issueSessionTokens(
  database: Database,
  key: Uint8Array,
  user: { userId: string; userType: UserType },
  now: Date,
  session?: { sessionId: string; refreshToken: string },
) {
  const sessionId = session?.sessionId ?? newSessionId();
  return {
    access_token: await issueAccessToken(key, { ...user, sessionId }, now),
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: session?.refreshToken ?? (await issueRefreshToken(database, user.userId, now, sessionId)),
    user_type: user.userType,
  };
}

/**
 * Uses a refresh token once: answers its user and a replacement. A token used a second time means it was copied,
 * so its whole family is revoked and the caller must log in again.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; sessionId: string; refreshToken: string } | null> {
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
    await revokeFamilyOf(db, tokenHash, now);
    return null;
  }
  return {
    userId: claimed.user_id,
    sessionId: claimed.family_id,
    refreshToken: await issueRefreshToken(db, claimed.user_id, now, claimed.family_id),
  };
}

/**
 * Revoking is one statement that also announces the user on the callers' channel, delivered when it commits: every
 * API process then reads the user's ended sessions again, and their access tokens stop working (api/authentication.ts).
 * Answers the user whose session ended, if any.
 */
async function revokeFamilyOf(database: Database, tokenHash: string, now: Date): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`
    with family as (select family_id, user_id from refresh_tokens where token_hash = ${tokenHash}),
      revoked as (update refresh_tokens set revoked_at = ${now} where family_id = (select family_id from family) and revoked_at is null)
    select user_id::text, pg_notify(${CALLERS_CHANNEL}, user_id::text) from family`.execute(database);
  return rows[0]?.user_id ?? null;
}

/** Log-out ends one session (the token's family); answers its user, if the token was known. */
export async function revokeRefreshToken(database: Database, token: string, now: Date): Promise<string | null> {
  return revokeFamilyOf(database, hashToken(token), now);
}

/** Ends every session of the user (a password change or reset, a status that may not log in, deletion). */
export async function revokeAllRefreshTokens(database: Database, userId: string, now: Date): Promise<void> {
  await sql`
    with revoked as (update refresh_tokens set revoked_at = ${now} where user_id = ${userId} and revoked_at is null)
    select pg_notify(${CALLERS_CHANNEL}, ${userId})`.execute(database);
}

/**
 * The user's sessions ended within an access token's lifetime: a token naming one of them is refused. One ended
 * earlier cannot matter, since no access token outlives it by more than ACCESS_TOKEN_SECONDS.
 */
export async function endedSessionsOf(database: Database, userId: string, now: Date): Promise<string[]> {
  const rows = await database
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', '>', new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000))
    .execute();
  return rows.map((row) => row.family_id);
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
