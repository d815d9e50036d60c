import type { z } from 'zod';
import { ApiError } from './api-error';
import { readTokens, refreshableDetail, refreshTokens } from './auth-tokens';
import { minPositionHeader, rememberPosition } from './read-your-writes';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type RequestOptions = {
  method?: Method;
  /** Sent as JSON; a FormData as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
};

let onServiceUnavailable: () => void = () => {};
let onSessionEnded: () => void = () => {};

/** The app registers where a 503 leads (the maintenance page); kept out of this module to avoid a router import. */
export function setServiceUnavailableHandler(handler: () => void): void {
  onServiceUnavailable = handler;
}

/** The app registers what happens when the session cannot be renewed (back to log-in). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/**
 * Calls the API with JSON in and out. The answer is parsed with `schema`, so no API data enters the UI unchecked.
 * Errors become `ApiError` (from problem+json). Without a schema the answer body is ignored (204, DELETE).
 */
export async function apiFetch<Schema extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: Schema },
): Promise<z.output<Schema>>;
export async function apiFetch(path: string, options?: RequestOptions & { schema?: undefined }): Promise<void>;
export async function apiFetch(
  path: string,
  { method = 'GET', body, signal, schema }: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const isRead = method === 'GET';
  const send = () => {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    const form = body instanceof FormData;
    // The browser writes a multipart body's content type itself (with its boundary).
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (isRead) Object.assign(headers, minPositionHeader());
    const tokens = readTokens();
    if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
    return fetch(path, { method, headers, body: body === undefined ? null : form ? body : JSON.stringify(body), signal: signal ?? null, credentials: 'same-origin' });
  };

  let response = await send();
  let error = response.ok ? null : ApiError.fromBody(response.status, response.statusText, await readJson(response));
  // spec 2 §8: the two token texts mean "refresh and try again"; a refused refresh ends the session.
  if (error?.status === 401 && refreshableDetail.safeParse(error.detail).success && readTokens()) {
    const refreshed = await refreshTokens();
    if (refreshed === 'refreshed') {
      response = await send();
      error = response.ok ? null : ApiError.fromBody(response.status, response.statusText, await readJson(response));
    } else if (refreshed === 'unavailable') {
      // The server is down, not the session: the maintenance page, and the user stays logged in.
      error = new ApiError({ status: 503, title: 'Service Unavailable' });
    } else {
      onSessionEnded();
    }
  }
  if (error) {
    if (error.status === 503) onServiceUnavailable();
    throw error;
  }
  if (!isRead) rememberPosition(response.headers.get('X-Position'));
  if (!schema) return undefined;

  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    // The server broke the contract: report it like a server error, with the path for whoever debugs it.
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError({ status: 502, title: 'Unexpected answer from the server', detail: `${method} ${path}` });
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
