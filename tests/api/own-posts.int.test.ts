import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import type { TestUser } from '../support/users';

// `GET /v1/users/posts` (spec 2 §7, for dashboards): the calling customer's own posts from the posts read model,
// newest first, paged like other lists; nobody else's, and only for customers (the wizard's customer, still
// `creating`, included: the dashboard offers to continue the draft from it).

let t: TestApp;
let chloe: TestUser;
let sam: TestUser;
/** Chloe's posts: the first reset (cancelled), the second pending with its loan. */
let first: string;
let second: string;
let lastPosition = '';

beforeAll(async () => {
  t = await createTestApp();
  const { call, pendingPost } = postHelpers(() => t);
  chloe = await t.createUser({ userType: 'customer' });
  sam = await t.createUser({ userType: 'customer' });
  first = (await pendingPost(chloe)).post;
  const reset = await call(chloe, 'DELETE', `/v1/posts/${first}`);
  expect(reset.statusCode).toBe(204);
  second = (await pendingPost(chloe)).post;
  const samsLast = await call(sam, 'POST', postHelpers(() => t).postsUrl, { post: {} });
  lastPosition = samsLast.headers['x-position'] as string;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const list = (who: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/users/posts${query}`, headers: { ...who.headers, 'x-min-position': lastPosition } });

describe('the own posts', () => {
  it('are the caller’s, newest first, with status, loan amount, LVR and creation time', async () => {
    const response = await list(chloe);
    expect(response.statusCode, response.body).toBe(200);
    const { total_records, result } = response.json();
    expect(total_records).toBe(2);
    expect(result.map((p: { uuid: string }) => p.uuid)).toEqual([second, first]);
    expect(result[0]).toEqual({ uuid: second, status: 'pending', loan_amount: 450_000, lvr: 75, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(result[1]).toMatchObject({ uuid: first, status: 'cancelled' });
  });

  it('are nobody else’s', async () => {
    const { total_records, result } = (await list(sam)).json();
    expect(total_records).toBe(1);
    expect(result.map((p: { uuid: string }) => p.uuid)).not.toContain(second);
  });

  it('filter by status, sort and page', async () => {
    expect((await list(chloe, '?filter[status]=pending')).json().result.map((p: { uuid: string }) => p.uuid)).toEqual([second]);
    expect((await list(chloe, '?sorting[created_at]=asc')).json().result.map((p: { uuid: string }) => p.uuid)).toEqual([first, second]);
    const page2 = (await list(chloe, '?count=1&page=2')).json();
    expect(page2).toMatchObject({ total_records: 2, result: [{ uuid: first }] });
  });

  it('refuse a bad query with 422 and the field, never a 500', async () => {
    for (const [query, field] of [
      ['?count=0', 'count'],
      ['?count=101', 'count'],
      ['?page=0', 'page'],
      ['?filter[status]=open', 'filter.status'],
      ['?sorting[owner_id]=asc', 'sorting.owner_id'],
      ['?sorting[created_at]=up', 'sorting.created_at'],
    ] as const) {
      const response = await list(chloe, query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('are the wizard’s customer’s too (still creating the first post): the draft to continue', async () => {
    const creating = await t.createUser({ userType: 'customer', status: 'creating' });
    const { pendingPost } = postHelpers(() => t);
    const { post } = await pendingPost(creating);
    const response = await t.app.inject({ method: 'GET', url: '/v1/users/posts?filter[status]=pending', headers: creating.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.map((p: { uuid: string }) => p.uuid)).toEqual([post]);
  });

  it('are for customers only: a provider and an admin get 403, no token 401', async () => {
    const provider = await t.createUser({ userType: 'fsp' });
    expect((await list(provider)).statusCode).toBe(403);
    expect((await t.asAdmin({ method: 'GET', url: '/v1/users/posts' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/posts' })).statusCode).toBe(401);
  });
});
