import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { apiFetch, setServiceUnavailableHandler, setSessionEndedHandler } from './api-fetch';
import { readTokens, saveTokens } from './auth-tokens';
import { forgetPosition } from './read-your-writes';

type Call = { url: string; init: RequestInit };

function stubFetch(...responses: Response[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('no more stubbed responses');
    return next;
  });
  return calls;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'content-type': 'application/json', ...init.headers } });

const problem = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

beforeEach(() => forgetPosition());
afterEach(() => {
  vi.unstubAllGlobals();
  setServiceUnavailableHandler(() => {});
});

describe('apiFetch', () => {
  it('sends JSON and parses the answer with the schema', async () => {
    const calls = stubFetch(json({ id: 1, extra: 'ignored' }));
    const answer = await apiFetch('/v1/things', { method: 'POST', body: { name: 'x' }, schema: z.object({ id: z.number() }) });
    expect(answer).toEqual({ id: 1 });
    expect(calls[0]?.init.body).toBe('{"name":"x"}');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
  });

  it('turns problem+json into an ApiError with the field errors', async () => {
    stubFetch(
      problem(422, {
        type: 'about:blank',
        title: 'Unprocessable Content',
        status: 422,
        detail: 'The request has invalid fields.',
        code: 'VALIDATION_FAILED',
        errors: { 'organisation.name': ['Name is required.'] },
      }),
    );
    const error = await apiFetch('/v1/things', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      title: 'Unprocessable Content',
      detail: 'The request has invalid fields.',
      code: 'VALIDATION_FAILED',
      errors: { 'organisation.name': ['Name is required.'] },
    });
  });

  it('sends the position of the last change on the following reads', async () => {
    const calls = stubFetch(
      json({}, { headers: { 'X-Position': '12.12' } }),
      json({}, { headers: { 'X-Position': '9.9' } }), // an older answer arriving late
      json([]),
      json([]),
    );
    await apiFetch('/v2/things', { method: 'POST', body: {} });
    await apiFetch('/v2/things/1', { method: 'PATCH', body: {} });
    await apiFetch('/v4/things', { schema: z.array(z.never()) });
    await apiFetch('/v4/things', { schema: z.array(z.never()) });
    expect(headersOf(calls[0]).has('x-min-position')).toBe(false);
    expect(headersOf(calls[2]).get('x-min-position')).toBe('12.12');
    expect(headersOf(calls[3]).get('x-min-position')).toBe('12.12');
  });

  it('reports a 503 so the app can show the maintenance page', async () => {
    const handler = vi.fn();
    setServiceUnavailableHandler(handler);
    stubFetch(problem(503, { title: 'Service Unavailable', status: 503 }));
    await expect(apiFetch('/v4/things')).rejects.toMatchObject({ status: 503 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(json({ id: 'not a number' }));
    await expect(apiFetch('/v1/things/1', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({ status: 502 });
  });
});

/** localStorage as the browser has it, for the token store. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
}

const expired = () => problem(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'The access token has expired', code: 'TOKEN_EXPIRED' });
const tokens = (access: string, refresh: string) => json({ access_token: access, token_type: 'Bearer', expires_in: 900, refresh_token: refresh, user_type: 'admin' });

describe('apiFetch with a session', () => {
  beforeEach(() => {
    stubStorage();
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });
  afterEach(() => setSessionEndedHandler(() => {}));

  it('sends the access token, and on "has expired" refreshes once and repeats the call', async () => {
    const calls = stubFetch(expired(), tokens('access-2', 'refresh-2'), json({ id: 1 }));
    const answer = await apiFetch('/v1/things/1', { schema: z.object({ id: z.number() }) });
    expect(answer).toEqual({ id: 1 });
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer access-1');
    expect(calls[1]?.url).toBe('/oauth/token');
    expect(JSON.parse(String(calls[1]?.init.body))).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(headersOf(calls[2]).get('authorization')).toBe('Bearer access-2');
    expect(readTokens()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('shares one refresh between calls made at the same time (a refresh token works once)', async () => {
    const calls = stubFetch(expired(), expired(), tokens('access-2', 'refresh-2'), json({ id: 1 }), json({ id: 2 }));
    const schema = z.object({ id: z.number() });
    await Promise.all([apiFetch('/v1/a', { schema }), apiFetch('/v1/b', { schema })]);
    expect(calls.filter((call) => call.url === '/oauth/token')).toHaveLength(1);
  });

  it('ends the session when the refresh token is refused', async () => {
    let ended = false;
    setSessionEndedHandler(() => (ended = true));
    stubFetch(expired(), problem(403, { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Unknown or invalid refresh token.', code: 'REFRESH_TOKEN_INVALID' }));
    await expect(apiFetch('/v1/things/1')).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(true);
    expect(readTokens()).toBeNull();
  });

  it('keeps the session and shows the maintenance page when the refresh meets a 503 (the database is away)', async () => {
    let ended = false;
    let unavailable = false;
    setSessionEndedHandler(() => (ended = true));
    setServiceUnavailableHandler(() => (unavailable = true));
    stubFetch(expired(), problem(503, { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The service is under maintenance. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' }));
    await expect(apiFetch('/v1/things/1')).rejects.toMatchObject({ status: 503 });
    expect(unavailable).toBe(true);
    expect(ended).toBe(false);
    expect(readTokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('does not refresh on other 401s (a wrong password)', async () => {
    const calls = stubFetch(problem(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'The e-mail or password is not right.', code: 'INVALID_CREDENTIALS' }));
    await expect(apiFetch('/oauth/authorize', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});
