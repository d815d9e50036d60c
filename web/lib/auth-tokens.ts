import { z } from 'zod';
import { tokenResponse } from '../../domain/user/schemas';

// The tokens of the session, kept in localStorage (spec 2 §7 "bearer token from storage") so a reload or a second
// tab stays logged in. The strict CSP (no inline or third-party scripts) is what keeps them from other code.

const ACCESS = 'hla.access_token';
const REFRESH = 'hla.refresh_token';

export type StoredTokens = { accessToken: string; refreshToken: string };

export function readTokens(): StoredTokens | null {
  try {
    const accessToken = localStorage.getItem(ACCESS);
    const refreshToken = localStorage.getItem(REFRESH);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  } catch {
    return null; // storage blocked (private mode): nobody is logged in
  }
}

export function saveTokens(tokens: StoredTokens): void {
  localStorage.setItem(ACCESS, tokens.accessToken);
  localStorage.setItem(REFRESH, tokens.refreshToken);
}

export function clearTokens(): void {
  try {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
  } catch {
    // nothing stored
  }
}

const tokenAnswer = tokenResponse.pick({ access_token: true, refresh_token: true, user_type: true });

/** Calls `POST /oauth/token`; answers the stored tokens, or the problem status when refused. */
export async function requestTokens(body: Record<string, string>): Promise<{ ok: true; userType: string } | { ok: false; status: number }> {
  const response = await fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) return { ok: false, status: response.status };
  const parsed = tokenAnswer.safeParse(await response.json());
  if (!parsed.success) return { ok: false, status: 502 };
  saveTokens({ accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token });
  return { ok: true, userType: parsed.data.user_type };
}

/** `unavailable`: the server could not answer (a 503 while its database is away), so the session may still be good. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Replaces the access token with the refresh token. Concurrent callers share one refresh: the refresh token is
 * single use, and a second use would revoke the whole family (infrastructure/tokens.ts).
 */
export function refreshTokens(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const tokens = readTokens();
    if (!tokens) return 'refused';
    const result = await requestTokens({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: 'web' });
    if (result.ok) return 'refreshed';
    if (result.status === 403) clearTokens(); // 'Unknown or invalid refresh token.': the session is over
    return result.status === 503 ? 'unavailable' : 'refused';
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The two 401 texts that mean "refresh and try again" (spec 2 §8). */
export const refreshableDetail = z.enum(['The access token is invalid', 'The access token has expired']);
