import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** One bad request of a route's table: the expected 4xx problem, and optionally the field and message it names. */
export type BadInputCase = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Raw body text (so malformed JSON can be sent). */
  payload?: string;
  status: number;
  field?: string;
  message?: string;
};

/** Sends the request and checks the answer is the expected problem+json, never a 5xx, and that nothing was written. */
export async function expectRefused(t: TestApp, c: BadInputCase): Promise<void> {
  const before = await t.eventCount();
  const response = await t.asAdmin({
    method: c.method,
    url: c.url,
    ...(c.payload !== undefined ? { payload: c.payload, headers: { 'content-type': 'application/json' } } : {}),
  });
  expect(response.statusCode).toBe(c.status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const body = response.json();
  expect(body).toMatchObject({ status: c.status, type: 'about:blank' });
  expect(typeof body.detail).toBe('string');
  if (c.field) expect(Object.keys(body.errors ?? {})).toContain(c.field);
  if (c.field && c.message) expect(body.errors[c.field]).toContain(c.message);
  expect(await t.eventCount()).toBe(before);
}
