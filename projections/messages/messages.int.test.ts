import { afterEach, expect, it } from 'vitest';
import { type ConversationEvent, conversationStream } from '../../domain/conversation/events';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { ProjectionRunner } from '../runner';
import { usersProjection } from '../users/users';
import { messagesProjection } from './messages';

// The messages read model applies a batch's events together (one read, one insert, one upsert of the conversations):
// given the same conversation's events in one batch, one by one, or in two batches (a read counting messages of the
// table and of its own batch), then the same rows.

let database: TestDatabase;
afterEach(async () => {
  await database?.close();
});

const post_id = 'aaaaaaaa-0000-4000-8000-000000000000';
const customer_id = 'bbbbbbbb-0000-4000-8000-000000000000';
const provider_id = 'cccccccc-0000-4000-8000-000000000000';

function conversationEvents(conversation_id: string): ConversationEvent[] {
  const ref = { conversation_id, post_id, customer_id, provider_id };
  const sent = (seq: number, side: 'customer' | 'provider', text: string): ConversationEvent => ({
    type: 'MessageSent',
    data: { ...ref, message_id: `${conversation_id.slice(0, 8)}-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, sender_id: side === 'customer' ? customer_id : provider_id, sender_side: side, text, sent_at: `2026-11-25T10:0${seq}:00.000Z` },
  });
  return [
    { type: 'ConversationStarted', data: { ...ref, started_by: provider_id, started_at: '2026-11-25T10:00:00.000Z' } },
    sent(1, 'provider', 'Hello'),
    sent(2, 'customer', 'Hi'),
    sent(3, 'provider', 'Our rate is 5.89%'),
    sent(4, 'provider', 'Any questions?'),
    { type: 'ConversationRead', data: { ...ref, reader_id: customer_id, reader_side: 'customer', up_to_seq: 2, read_at: '2026-11-25T10:05:00.000Z' } },
    sent(5, 'provider', 'Call me'),
  ];
}

it('given a conversation\'s events in one batch, one at a time or in two batches, then the same counters and messages', async () => {
  database = await createTestDatabase();
  const store = new PostgresEventStore(database.db);
  const metadata = { user_id: null, correlation_id: 'test', causation_id: null, occurred_at: '2026-11-25T10:00:00.000Z' };
  const [together, oneByOne, inTwo] = ['dddddddd-0000-4000-8000-000000000000', 'eeeeeeee-0000-4000-8000-000000000000', 'ffffffff-0000-4000-8000-000000000000'];
  await store.append(conversationStream(together!), conversationEvents(together!).map((e) => ({ id: crypto.randomUUID(), ...e, metadata })), 'no_stream');
  const runner = new ProjectionRunner({ db: database.db, store, consumers: [usersProjection, messagesProjection({ publicUrl: 'http://localhost' })] });
  await runner.catchUp();
  for (const [i, e] of conversationEvents(oneByOne!).entries()) {
    await store.append(conversationStream(oneByOne!), [{ id: crypto.randomUUID(), ...e, metadata }], i === 0 ? 'no_stream' : i - 1);
    await runner.catchUp();
  }
  const inTwoEvents = conversationEvents(inTwo!).map((e) => ({ id: crypto.randomUUID(), ...e, metadata }));
  await store.append(conversationStream(inTwo!), inTwoEvents.slice(0, 4), 'no_stream');
  await runner.catchUp();
  await store.append(conversationStream(inTwo!), inTwoEvents.slice(4), 3);
  await runner.catchUp();
  const expectRows = async () => {
    const conversations = await database.db
      .selectFrom('conversations' as never)
      .select(['uuid', 'message_count', 'customer_read_seq', 'provider_read_seq', 'customer_unread', 'provider_unread', 'last_text', 'last_sender_side'] as never[])
      .orderBy('uuid' as never)
      .execute();
    const expected = { message_count: 5, customer_read_seq: 2, provider_read_seq: 5, customer_unread: 3, provider_unread: 0, last_text: 'Call me', last_sender_side: 'provider' };
    expect(conversations).toEqual([
      { uuid: together, ...expected },
      { uuid: oneByOne, ...expected },
      { uuid: inTwo, ...expected },
    ]);
    const messages = await database.db.selectFrom('chat_messages' as never).select(['conversation_id', 'seq', 'sender_side', 'text'] as never[]).orderBy('conversation_id' as never).orderBy('seq' as never).execute();
    const texts = ['Hello', 'Hi', 'Our rate is 5.89%', 'Any questions?', 'Call me'];
    const sides = ['provider', 'customer', 'provider', 'provider', 'provider'];
    expect(messages).toEqual(
      [together, oneByOne, inTwo].flatMap((conversation_id) => texts.map((text, i) => ({ conversation_id, seq: i + 1, sender_side: sides[i], text }))),
    );
  };
  await expectRows();
  // Rebuilt from the log (one batch for all three conversations): the same rows again.
  await runner.createBuild(messagesProjection({ publicUrl: 'http://localhost' }));
  await runner.catchUp();
  await expectRows();
});
