import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postNotesStream } from '../../domain/post-note/events';
import { userSubject } from '../../domain/user/events';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { secondApi, type SecondApi } from '../support/second-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, placeBid, provider, settle, type TestProvider } from '../support/trade';
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

describe('a command through the other API process just after a deletion', () => {
  it("stores none of the deleted person's data: no new key, nothing under the erased one (docs/personal-data.md \"Erasure\")", async () => {
    const post = await activePost(t);
    const bidder = await provider(t);
    await placeBid(t, bidder, post.homeLoanId);
    const noteOn = (text: string) => other.app.inject(as(bidder, { method: 'POST', url: `/v1/posts/${post.postId}/notes`, payload: { note: text, contacted_at: sydneyDay(new Date()) } }));
    // The other process seals a note on the customer's post (a note is the post's customer's data): it had their key.
    const before = await noteOn('Rang about the valuation');
    expect(before.statusCode, before.body).toBe(201);

    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${post.owner.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await noteOn('Rang again, no answer');
    expect(after.statusCode, after.body).toBe(201);
    await settle(t, after.headers['x-position']);

    // No event holds the customer's data under a key, erased or new, and no key exists for them again.
    const subject = userSubject(post.owner.id);
    const { rows: sealed } = await sql<{ type: string }>`
      select type from events where stream_id = ${postNotesStream(post.postId)} and data::text like ${`%"$pd": "${subject}"%`}`.execute(t.database.db);
    expect(sealed.map((r) => r.type)).toEqual(['PostNoteAdded']); // the note from before the deletion, erased with the key
    const { rows: keys } = await sql<{ n: number }>`select count(*)::int as n from personal_data_keys where subject = ${subject}`.execute(t.database.db);
    expect(keys[0]!.n).toBe(0);
    const { rows: texts } = await sql<{ note: string | null }>`select note from post_notes where post_id = ${post.postId}`.execute(t.database.db);
    expect(texts.map((r) => r.note)).toEqual([null, null]);
  });
});
