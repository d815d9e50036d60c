import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';

// The browser's half of the authorization-code flow with PKCE (RFC 7636): a verifier kept in this tab, its S256
// challenge sent to the identity page, and a state that ties the callback to this log-in. Web Crypto's digest only
// exists on https or localhost, and the product also runs on plain http in a private network, hence @noble/hashes.

export const OAUTH_CLIENT_ID = 'web';
export const OAUTH_REDIRECT_URI = '/login/callback';

const KEY = 'hla.pending_login';

const pendingLogin = z.object({ verifier: z.string(), state: z.string(), redirect: z.string().nullable() });
export type PendingLogin = z.infer<typeof pendingLogin>;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const randomText = (byteCount: number) => base64url(crypto.getRandomValues(new Uint8Array(byteCount)));

export const pkceChallenge = (verifier: string) => base64url(sha256(new TextEncoder().encode(verifier)));

/** Starts a log-in: remembers the verifier and where to go afterwards, answers the identity page's search. */
export function beginLogin(redirect: string | null) {
  const login: PendingLogin = { verifier: randomText(32), state: randomText(16), redirect };
  sessionStorage.setItem(KEY, JSON.stringify(login));
  return {
    response_type: 'code' as const,
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: OAUTH_REDIRECT_URI,
    code_challenge: pkceChallenge(login.verifier),
    code_challenge_method: 'S256' as const,
    state: login.state,
  };
}

/** The log-in this tab started, once: a callback cannot be replayed. */
export function takePendingLogin(): PendingLogin | null {
  const text = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!text) return null;
  try {
    const parsed = pendingLogin.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
