import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDb } from '../../infrastructure/outbox/outbox-table';
import { MESSAGE_MAIL_TEMPLATE } from '../../projections/messages/away-mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, activePost, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Live delivery (docs/messages.md "Live delivery"): the event stream over a real port, fed by the messages
// projection's NOTIFY through the API's one listener. A message reaches the other party's open stream without
// any request of theirs; outsiders' streams stay silent; a live recipient gets no away e-mail; closing the app
// ends open streams (graceful shutdown).

let t: TestApp;
let base: string;
let post: ActivePost;
let fsp: TestProvider;
let outsider: TestProvider;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  post = await activePost(t);
  fsp = await provider(t);
  outsider = await provider(t);
  const started = await t.app.inject(as(fsp, { method: 'POST', url: `/v1/posts/${post.postId}/conversations`, payload: {} }));
  expect(started.statusCode, started.body).toBe(201);
  conversationId = started.json().uuid;
}, 600_000);
afterAll(async () => {
  await t.close();
});

type LiveEvent = { event: string; data: Record<string, unknown> };

/** Opens `GET /v1/messages/live` as the user (fetch streaming with the Bearer token, as the web does). */
async function openStream(user: TestUser) {
  const controller = new AbortController();
  const response = await fetch(`${base}/v1/messages/live`, { headers: user.headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  })();
  async function next(predicate: (e: LiveEvent) => boolean, timeoutMs = 10_000): Promise<LiveEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(predicate);
      if (found) return found;
      if (ended) throw new Error('the stream ended');
      if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return { response, events, next, close: () => controller.abort(), done, isEnded: () => ended };
}

describe('the live message stream', () => {
  it("refuses a caller without a token (401, the spec's token text)", async () => {
    const anonymous = await fetch(`${base}/v1/messages/live`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ detail: 'The access token is invalid' });
  });

  it("delivers the provider's message to the customer's open stream, and not to an outsider's", async () => {
    const customer = await openStream(post.owner);
    const stranger = await openStream(outsider);
    expect(customer.response.status).toBe(200);
    expect(customer.response.headers.get('content-type')).toContain('text/event-stream');
    await customer.next((e) => e.event === 'ready');
    await stranger.next((e) => e.event === 'ready');
    const sentAt = Date.now();
    const sent = await fetch(`${base}/v1/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { ...fsp.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Are you free to talk today?' }),
    });
    expect(sent.status).toBe(201);
    const arrived = await customer.next((e) => e.event === 'message');
    expect(arrived.data).toEqual({ kind: 'message', conversation_id: conversationId, post_id: post.postId, seq: 1 });
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    // Ids only: the text never travels through NOTIFY or the stream.
    expect(JSON.stringify(customer.events)).not.toContain('free to talk');
    expect(stranger.events.filter((e) => e.event === 'message')).toEqual([]);
    // The customer reads it: both parties hear of the read marker.
    const provider = await openStream(fsp);
    await provider.next((e) => e.event === 'ready');
    const read = await fetch(`${base}/v1/conversations/${conversationId}/read`, { method: 'POST', headers: post.owner.headers });
    expect(read.status).toBe(204);
    expect((await provider.next((e) => e.event === 'read')).data).toMatchObject({ conversation_id: conversationId, seq: 1 });
    customer.close();
    stranger.close();
    provider.close();
  });

  it('sends no away e-mail to a recipient with an open stream, and records presence only while it is open', async () => {
    const customer = await openStream(post.owner);
    await customer.next((e) => e.event === 'ready');
    const present = async () => (await sql<{ n: string }>`select count(*)::text as n from message_presence where user_id = ${post.owner.id}`.execute(t.database.db)).rows[0]!.n;
    expect(await present()).toBe('1');
    const before = await outboxDb(t.database.db).selectFrom('outbox_messages').select('id').where('data_subject', '=', post.owner.id).where('template', '=', MESSAGE_MAIL_TEMPLATE).execute();
    const sent = await t.app.inject(as(fsp, { method: 'POST', url: `/v1/conversations/${conversationId}/messages`, payload: { message: 'Ping while you are here' } }));
    expect(sent.statusCode).toBe(201);
    await customer.next((e) => e.event === 'message' && e.data.seq === 2);
    const after = await outboxDb(t.database.db).selectFrom('outbox_messages').select('id').where('data_subject', '=', post.owner.id).where('template', '=', MESSAGE_MAIL_TEMPLATE).execute();
    expect(after).toHaveLength(before.length);
    customer.close();
    await customer.done;
    // The server sees the socket close a moment later.
    for (let i = 0; i < 50 && (await present()) !== '0'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await present()).toBe('0');
  });

  it('ends open streams when the app closes (graceful shutdown)', async () => {
    const customer = await openStream(post.owner);
    await customer.next((e) => e.event === 'ready');
    const closing = t.app.close();
    await customer.done;
    expect(customer.isEnded()).toBe(true);
    await closing;
  });
});
