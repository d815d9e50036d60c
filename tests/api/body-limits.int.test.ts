import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// Request bodies (issue 7 "Security"): over the limit is 413 problem+json before any parsing; malformed, deeply
// nested or very wide JSON within the limit is a 4xx with a bounded answer; never a 5xx, never an event.

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.createUser({ userType: 'customer' });
});
afterAll(async () => {
  await t.close();
});

const MiB = 1024 * 1024;
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function send(method: 'POST' | 'PATCH', url: string, payload: string, contentType = 'application/json') {
  const before = await t.eventCount();
  const response = await t.app.inject(as(customer, { method, url, payload, headers: { 'content-type': contentType } }));
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(await t.eventCount()).toBe(before);
  return response;
}

it('answers a body over 1 MiB with 413 problem+json, on public and logged-in routes', async () => {
  const big = JSON.stringify({ grant_type: 'password', username: 'a'.repeat(MiB), password: 'x' });
  for (const [method, url] of [['POST', '/oauth/token'], ['POST', '/v1/users'], ['POST', '/v1/reviews'], ['POST', '/v2/validations']] as const) {
    const response = await send(method, url, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, title: 'Content Too Large' });
  }
});

it('answers malformed JSON with 400 and another content type with 415', async () => {
  for (const payload of ['{"grant_type":', '{"a":1}}', "{'a':1}", '\u0000', '{"a":NaN}']) expect((await send('POST', '/oauth/token', payload)).statusCode).toBe(400);
  expect((await send('POST', '/oauth/token', '<xml/>', 'application/xml')).statusCode).toBe(415);
});

it('answers JSON nested hundreds of thousands deep within the limit with a 422 naming the field', async () => {
  const nested = deep(450_000);
  for (const [method, url, body] of [
    ['POST', '/oauth/token', `{"grant_type":"password","username":${nested}}`],
    ['POST', '/v1/reviews', `{"review":{"rating":${nested}}}`],
    ['PATCH', '/v1/users/me', `{"user":{"first_name":${nested}}}`],
  ] as const) {
    expect(body.length).toBeLessThan(MiB);
    const response = await send(method, url, body);
    expect(response.statusCode).toBe(422);
  }
});

it('answers tens of thousands of unknown fields with a bounded list of errors (no amplification)', async () => {
  const wide = JSON.stringify({ user: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`field_${i}`, i])) });
  expect(wide.length).toBeLessThan(MiB);
  const response = await send('PATCH', '/v1/users/me', wide);
  expect(response.statusCode).toBe(422);
  expect(Object.keys(response.json().errors).length).toBeLessThanOrEqual(50);
  expect(response.body.length).toBeLessThan(10_000);
});
