import { createHash, randomBytes } from 'node:crypto';
import type { Database } from './database/database';

// The authorization-code grant with PKCE (RFC 7636, S256 only): the identity page hands the browser a code bound to
// the client, its redirect and the challenge; the token endpoint exchanges it once, with the verifier.

export const AUTHORIZATION_CODE_SECONDS = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const hashCode = (code: string) => sha256(code).toString('hex');

/** The S256 challenge of a verifier: base64url(sha256(verifier)). */
export const pkceChallenge = (verifier: string) => sha256(verifier).toString('base64url');

export type CodeBinding = { clientId: string; redirectUri: string };

export async function issueAuthorizationCode(db: Database, grant: CodeBinding & { userId: string; codeChallenge: string }, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Codes live a minute: each log-in clears the expired ones, so the table holds only the last minute's.
  await db.deleteFrom('authorization_codes').where('expires_at', '<', now).execute();
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: hashCode(code),
      user_id: grant.userId,
      client_id: grant.clientId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      expires_at: new Date(now.getTime() + AUTHORIZATION_CODE_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  return code;
}

/** The user a code was issued to, if the code is fresh, unused, for this client and redirect, and the verifier fits. */
export async function redeemAuthorizationCode(db: Database, code: string, exchange: CodeBinding & { codeVerifier: string }, now: Date): Promise<string | null> {
  // Claimed in one statement, so two exchanges of one code cannot both win.
  const claimed = await db
    .updateTable('authorization_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return null;
  const fits = claimed.client_id === exchange.clientId && claimed.redirect_uri === exchange.redirectUri && claimed.code_challenge === pkceChallenge(exchange.codeVerifier);
  return fits ? claimed.user_id : null;
}
