import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts } from '../../domain/conversation/schemas';
import { outboxDb } from '../../infrastructure/outbox/outbox-table';
import { MESSAGE_MAIL_TEMPLATE } from '../../projections/messages/away-mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Messages (spec 1 §1, §2, §5, §6, §8; docs/messages.md): who starts a conversation, who reads and writes in it
// (nobody reads one that is not theirs), blank messages, the chat switch, unread counters and the inbox's order,
// names as spec 1 §6 shows them, and the away e-mail.

let t: TestApp;
let post: ActivePost;
let bidder: TestProvider;
let chatty: TestProvider;
let stranger: TestProvider;
let otherCustomer: TestUser;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  post = await activePost(t);
  [bidder, chatty, stranger] = [await provider(t), await provider(t), await provider(t)];
  otherCustomer = await t.createUser({ userType: 'customer' });
  await placeBid(t, bidder, post.homeLoanId);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser, url: string) => t.app.inject(as(user, { method: 'GET', url }));
const post_ = (user: TestUser, url: string, payload: Record<string, unknown> = {}) => t.app.inject(as(user, { method: 'POST', url, payload }));
const start = (user: TestUser, postId: string, body: Record<string, unknown> = {}) => post_(user, `/v1/posts/${postId}/conversations`, body);
const send = (user: TestUser, id: string, message: string) => post_(user, `/v1/conversations/${id}/messages`, { message });
const markRead = (user: TestUser, id: string) => post_(user, `/v1/conversations/${id}/read`);
const inbox = async (user: TestUser) => (await get(user, '/v1/messages')).json();
const setChat = (value: 'active' | 'inactive') => t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'messages', value } } });

async function mails(userId: string) {
  return outboxDb(t.database.db).selectFrom('outbox_messages').selectAll().where('data_subject', '=', userId).where('template', '=', MESSAGE_MAIL_TEMPLATE).execute();
}

/** The request is refused with `status` (and `code`) and writes no event. */
async function refused(request: () => Promise<{ statusCode: number; body: string; json: () => any }>, status: number, code?: string) {
  const before = await t.eventCount();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  if (code) expect(response.json().code).toBe(code);
  expect(await t.eventCount()).toBe(before);
  return response.body === '' ? null : response.json();
}

describe('starting a conversation', () => {
  it('a provider with initiate_chat_with_customer starts one on an active post; starting again finds the same one', async () => {
    const first = await start(chatty, post.postId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ post_id: post.postId, provider: { uuid: chatty.id }, customer: { uuid: post.owner.id }, message_count: 0, my_side: 'provider' });
    conversationId = first.json().uuid;
    const again = await start(chatty, post.postId);
    expect(again.statusCode).toBe(200);
    expect(again.json().uuid).toBe(conversationId);
  });

  it('a provider without initiate_chat_with_customer may not', async () => {
    const silent = await provider(t, { permissions: { initiate_chat_with_customer: false } });
    await refused(() => start(silent, post.postId), 403, 'CHAT_NOT_PERMITTED');
  });

  it('nobody starts one while messages are disabled', async () => {
    expect((await setChat('inactive')).statusCode).toBe(200);
    try {
      expect((await get(stranger, '/v1/messages/status')).json()).toMatchObject({ enabled: false });
      await refused(() => start(stranger, post.postId), 403, 'CHAT_DISABLED');
      await refused(() => send(chatty, conversationId, 'Hello'), 403, 'CHAT_DISABLED');
    } finally {
      expect((await setChat('active')).statusCode).toBe(200);
    }
    expect((await get(stranger, '/v1/messages/status')).json()).toMatchObject({ enabled: true });
  });

  it("the customer starts an ask-me conversation with a provider who bid on the post, not with one who did not", async () => {
    const asked = await start(post.owner, post.postId, { provider_uuid: bidder.id });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ provider: { uuid: bidder.id }, my_side: 'customer' });
    const body = await refused(() => start(post.owner, post.postId, { provider_uuid: stranger.id }), 422, 'CHAT_PROVIDER_NOT_BIDDER');
    expect(body.errors).toEqual({ provider_uuid: ['You can only message a provider who bid on your post.'] });
    await refused(() => start(post.owner, post.postId, {}), 422);
  });

  it("another customer's post and a post that does not exist read as not found; an admin starts none", async () => {
    await refused(() => start(otherCustomer, post.postId, { provider_uuid: bidder.id }), 404, 'POST_NOT_FOUND');
    await refused(() => start(chatty, crypto.randomUUID()), 404, 'POST_NOT_FOUND');
    await refused(() => t.asAdmin({ method: 'POST', url: `/v1/posts/${post.postId}/conversations`, payload: {} }), 403, 'CONVERSATION_NOT_PARTY');
  });
});

describe('messages', () => {
  it("are sent trimmed by either party: 'Message sent.'", async () => {
    const sent = await send(chatty, conversationId, '  Hello, I can offer 5.49%.  ');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ text: 'Hello, I can offer 5.49%.', seq: 1, mine: true, sender_side: 'provider' });
    const reply = await send(post.owner, conversationId, 'Tell me more');
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ seq: 2, sender_side: 'customer' });
    expect(messageTexts.sent).toBe('Message sent.');
  });

  it("keeps the text in the event encrypted with the sender's key (crypto-shredding)", async () => {
    const { rows } = await sql<{ data: { text: unknown; sender_id: string } }>`select data from events where type = 'MessageSent' order by position limit 1`.execute(t.database.db);
    expect(rows[0]!.data.sender_id).toBe(chatty.id);
    expect(rows[0]!.data.text).toMatchObject({ $pd: expect.any(String) });
    expect(JSON.stringify(rows[0]!.data)).not.toContain('5.49');
  });

  it('a message blank after trimming is refused with 422 and writes nothing (spec 1 §5)', async () => {
    for (const message of ['', '   ', '\n\t']) {
      const body = await refused(() => send(post.owner, conversationId, message), 422, 'MESSAGE_INVALID');
      expect(body.errors).toEqual({ message: [messageTexts.blank] });
    }
    const body = await refused(() => send(post.owner, conversationId, 'x'.repeat(2001)), 422, 'MESSAGE_INVALID');
    expect(body.errors).toEqual({ message: [messageTexts.tooLong] });
    await refused(() => t.app.inject(as(post.owner, { method: 'POST', url: `/v1/conversations/${conversationId}/messages`, payload: {} })), 422, 'VALIDATION_FAILED');
  });

  it('are read by the two parties and admins, oldest first, with names as spec 1 §6 says', async () => {
    const asCustomer = (await get(post.owner, `/v1/conversations/${conversationId}/messages`)).json();
    expect(asCustomer.total_records).toBe(2);
    expect(asCustomer.result.map((m: { text: string }) => m.text)).toEqual(['Hello, I can offer 5.49%.', 'Tell me more']);
    // The customer sees the provider's full name; the provider sees the customer's first name only.
    expect(asCustomer.result[0].sender_name).toMatch(/^Test Provider /);
    const asProvider = (await get(chatty, `/v1/conversations/${conversationId}/messages`)).json();
    expect(asProvider.result[1]).toMatchObject({ sender_name: 'Test', mine: false });
    expect(asProvider.result[0]).toMatchObject({ mine: true });
    expect(asProvider.result[0].sender_name).toMatch(/^Test Provider /);
    const asAdmin = (await t.asAdmin({ method: 'GET', url: `/v1/conversations/${conversationId}/messages` })).json();
    expect(asAdmin.result[1].sender_name).toMatch(/^Test Customer /);
    const paged = (await get(post.owner, `/v1/conversations/${conversationId}/messages?page=1&count=1`)).json();
    expect(paged).toMatchObject({ total_records: 2, result: [{ text: 'Tell me more' }] });
  });

  it('nobody else reads or writes a conversation: the same 404 as for none; an admin reads but never writes', async () => {
    for (const outsider of [otherCustomer, stranger, bidder]) {
      await refused(() => get(outsider, `/v1/conversations/${conversationId}`), 404, 'CONVERSATION_NOT_FOUND');
      await refused(() => get(outsider, `/v1/conversations/${conversationId}/messages`), 404, 'CONVERSATION_NOT_FOUND');
      await refused(() => send(outsider, conversationId, 'Let me in'), 404, 'CONVERSATION_NOT_FOUND');
      await refused(() => markRead(outsider, conversationId), 404, 'CONVERSATION_NOT_FOUND');
      expect((await inbox(outsider)).result.map((c: { uuid: string }) => c.uuid)).not.toContain(conversationId);
    }
    await refused(() => get(chatty, `/v1/conversations/${crypto.randomUUID()}`), 404, 'CONVERSATION_NOT_FOUND');
    expect((await t.asAdmin({ method: 'GET', url: `/v1/conversations/${conversationId}` })).statusCode).toBe(200);
    await refused(() => t.asAdmin({ method: 'POST', url: `/v1/conversations/${conversationId}/messages`, payload: { message: 'Moderator here' } }), 403, 'CONVERSATION_NOT_PARTY');
    // The post's conversations: the customer sees both, each provider only its own, an outsider none.
    const ofPost = (user: TestUser) => get(user, `/v1/posts/${post.postId}/conversations`);
    expect((await ofPost(post.owner)).json().total_records).toBe(2);
    expect((await ofPost(chatty)).json().result.map((c: { uuid: string }) => c.uuid)).toEqual([conversationId]);
    expect((await ofPost(stranger)).json().total_records).toBe(0);
    await refused(() => ofPost(otherCustomer), 404, 'POST_NOT_FOUND');
  });
});

describe('unread counters and the inbox', () => {
  it('count the other party’s messages since the reader last read, and reset when read', async () => {
    // The customer wrote last, so the provider has one unread and the customer none.
    expect((await get(chatty, '/v1/messages/status')).json()).toMatchObject({ enabled: true, unread_count: 1 });
    await send(chatty, conversationId, 'Rates are fixed for 2 years.');
    await send(chatty, conversationId, 'Shall we talk?');
    expect((await get(post.owner, '/v1/messages/status')).json().unread_count).toBe(2);
    expect((await get(chatty, '/v1/messages/status')).json().unread_count).toBe(0);
    expect((await markRead(post.owner, conversationId)).statusCode).toBe(204);
    expect((await get(post.owner, '/v1/messages/status')).json().unread_count).toBe(0);
    // Reading again writes nothing; an admin reading moves no marker.
    await refused(() => markRead(post.owner, conversationId), 204);
    await refused(() => t.asAdmin({ method: 'POST', url: `/v1/conversations/${conversationId}/read`, payload: {} }), 204);
  });

  it('sorts by unread count, then the latest message', async () => {
    const askMe = (await inbox(post.owner)).result.find((c: { provider: { uuid: string } }) => c.provider.uuid === bidder.id).uuid as string;
    await send(bidder, askMe, 'Happy to help.');
    let result = (await inbox(post.owner)).result;
    expect(result.map((c: { uuid: string; unread_count: number }) => [c.uuid, c.unread_count])).toEqual([
      [askMe, 1],
      [conversationId, 0],
    ]);
    expect(result[0].last_message).toMatchObject({ text: 'Happy to help.', sender_side: 'provider' });
    // The provider's view of the customer: the first name only.
    expect((await inbox(bidder)).result[0].customer.name).toBe('Test');
    await send(chatty, conversationId, 'One more thing');
    await send(chatty, conversationId, 'And another');
    result = (await inbox(post.owner)).result;
    expect(result.map((c: { uuid: string; unread_count: number }) => [c.uuid, c.unread_count])).toEqual([
      [conversationId, 2],
      [askMe, 1],
    ]);
    const admin = (await t.asAdmin({ method: 'GET', url: '/v1/messages' })).json();
    expect(admin.result.map((c: { uuid: string }) => c.uuid)).toEqual(expect.arrayContaining([conversationId, askMe]));
    expect(admin.result.every((c: { unread_count: number; my_side: null }) => c.unread_count === 0 && c.my_side === null)).toBe(true);
  });
});

describe('the away e-mail', () => {
  it('tells an away recipient once per unread stretch, without the text, through the outbox', async () => {
    const other = await activePost(t);
    const started = await start(chatty, other.postId);
    const id = started.json().uuid as string;
    await send(chatty, id, 'Secret offer 4.99%');
    let sent = await mails(other.owner.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', recipient: other.owner.email });
    expect(sent[0]!.text_body).toContain(`/posts/${other.postId}/messages`);
    expect(sent[0]!.text_body).not.toContain('4.99');
    await send(chatty, id, 'Still there?');
    expect(await mails(other.owner.id)).toHaveLength(1);
    await markRead(other.owner, id);
    await send(chatty, id, 'Following up');
    sent = await mails(other.owner.id);
    expect(sent).toHaveLength(2);
    // The customer's reply reaches the provider, who had nothing unread here: one more e-mail to the provider.
    const before = (await mails(chatty.id)).length;
    await send(other.owner, id, 'Call me');
    await send(other.owner, id, 'Today if possible');
    expect(await mails(chatty.id)).toHaveLength(before + 1);
  });
});
