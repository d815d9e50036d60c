import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondApi, type SecondApi } from '../support/second-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, provider, type TestProvider } from '../support/trade';
import { as } from '../support/users';

// Races between two API processes on one PostgreSQL database (issue 26): the TestApp (with the projections) and a
// second API (tests/support/second-api.ts), as `ROLE=api` processes behind a load balancer.

let t: TestApp;
let other: SecondApi;

beforeAll(async () => {
  t = await createTestApp({ database: 'server' });
  other = await secondApi(t);
}, 600_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('starting the same conversation through two API processes at once', () => {
  it('answers one 201 and one 200 with the same conversation, never 404 (docs/messages.md "Rules")', async () => {
    const providers: TestProvider[] = [await provider(t), await provider(t), await provider(t)];
    const posts = [await activePost(t), await activePost(t), await activePost(t), await activePost(t)];
    const outcomes: string[] = [];
    for (const post of posts) {
      for (const chatty of providers) {
        const start = { method: 'POST' as const, url: `/v1/posts/${post.postId}/conversations`, payload: {} };
        const [a, b] = await Promise.all([t.app.inject(as(chatty, start)), other.app.inject(as(chatty, start))]);
        outcomes.push([a.statusCode, b.statusCode].sort().join('+'));
        if (a.statusCode < 300 && b.statusCode < 300) expect(a.json().uuid).toBe(b.json().uuid);
      }
    }
    expect(outcomes).toEqual(outcomes.map(() => '200+201'));
  });
});
