import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postNotesStream } from '../../domain/post-note/events';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { userSubject } from '../../domain/user/events';
import { loadConfig } from '../../infrastructure/config';
import { consumersFor } from '../../application/consumers';
import { differencesFromCleanRebuild } from '../support/read-models';
import type { RemoteApp } from '../support/remote-app';
import { activePost, placeBid, provider } from '../support/trade';
import type { TestUser } from '../support/users';
import { type ProductProcess, type SplitProduct, startSplitProduct } from './support/processes';

// Issue 26: races between two API processes (`ROLE=api`) and a worker on one PostgreSQL database, as real
// processes: starting the same conversation through both at once, and a command through one just after a deletion
// through the other. (tests/api/two-api-processes.int.test.ts reproduces both with two apps in one process.)

let product: SplitProduct;
let remote: RemoteApp;
let apis: ProductProcess[] = [];

beforeAll(async () => {
  product = await startSplitProduct(2);
  ({ remote, apis } = product);
});

afterAll(() => product?.stop());

/** A request to one API process in particular. */
async function call(api: ProductProcess, user: Pick<TestUser, 'headers'>, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${api.url}${url}`, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

it('the same conversation started through both API processes at once answers 201 and 200, never 404', async () => {
  const providers = [await provider(remote), await provider(remote), await provider(remote)];
  const posts = [await activePost(remote), await activePost(remote), await activePost(remote), await activePost(remote)];
  const outcomes: string[] = [];
  for (const post of posts) {
    for (const chatty of providers) {
      const [a, b] = await Promise.all(apis.map((api) => call(api, chatty, 'POST', `/v1/posts/${post.postId}/conversations`, {})));
      outcomes.push([a!.status, b!.status].sort().join('+'));
      if (a!.status < 300 && b!.status < 300) expect(a!.json.uuid).toBe(b!.json.uuid);
    }
  }
  expect(outcomes).toEqual(outcomes.map(() => '200+201'));
});

it("a note through the other API process just after the customer's deletion stores nothing of hers", async () => {
  const post = await activePost(remote);
  const bidder = await provider(remote);
  await placeBid(remote, bidder, post.homeLoanId);
  const note = (text: string) => call(apis[1]!, bidder, 'POST', `/v1/posts/${post.postId}/notes`, { note: text, contacted_at: sydneyDay(new Date()) });
  expect((await note('Rang about the valuation')).status).toBe(201); // the second process had her key in hand
  expect((await call(apis[0]!, remote.admin, 'DELETE', `/v1/users/${post.owner.id}`)).status).toBe(204);
  expect((await note('Rang again, no answer')).status).toBe(201);
  await remote.caughtUp();

  const { rows } = await sql<{ type: string }>`
    select type from events where stream_id = ${postNotesStream(post.postId)} and data::text like ${`%"$pd": "${userSubject(post.owner.id)}"%`}`.execute(remote.database.db);
  expect(rows.map((r) => r.type)).toEqual(['PostNoteAdded']); // only the note from before, erased with her key
  const consumers = consumersFor({ publicUrl: loadConfig({ NODE_ENV: 'test', PORT: '0' }).publicUrl, secrets: remote.secrets });
  // The notes read as a rebuild reads them. (Only this read model: the posts' `post_counts` keeps rows counting 0
  // where an erased owner's state went null, which a rebuild never writes; equal sums, left for its owner.)
  const notes = consumers.filter((c) => c.name === 'post-notes');
  expect(notes).toHaveLength(1);
  expect(await differencesFromCleanRebuild(remote.database.db, remote.store, notes)).toEqual([]);
});
