import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConversationEvent, ConversationSide } from '../../domain/conversation/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { cutAt, recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { messagesProjection } from './messages';

// The messages projection applies a batch set-based (projections/batch-rows.ts): any chat history, applied one event
// at a time as a running product does and in batches cut anywhere as a rebuild does, leaves the same rows. The events
// are older than a day: no away e-mail and no notification (those are the live path's, tested through the API).

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CONVERSATIONS = [0, 1, 2].map((n) => id(1, n));
const POSTS = [0, 1].map((n) => id(2, n));
const CUSTOMERS = [0, 1].map((n) => id(3, n));
const PROVIDERS = [0, 1].map((n) => id(4, n));
/** Conversation n: on post n % 2 (whose customer is customer n % 2), with provider ⌊n / 2⌋. */
const refOf = (n: number) => ({ conversation_id: CONVERSATIONS[n]!, post_id: POSTS[n % 2]!, customer_id: CUSTOMERS[n % 2]!, provider_id: PROVIDERS[Math.floor(n / 2)]! });

type Action =
  | { kind: 'send'; conversation: number; side: ConversationSide }
  | { kind: 'read'; conversation: number; side: ConversationSide; back: number }
  | { kind: 'delete-post'; post: number }
  | { kind: 'erase'; user: number; provider: boolean };

const conversation = fc.integer({ min: 0, max: CONVERSATIONS.length - 1 });
const side = fc.constantFrom<ConversationSide>('customer', 'provider');
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('send' as const), conversation, side }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), conversation, side, back: fc.integer({ min: 0, max: 3 }) }) },
  fc.record({ kind: fc.constant('delete-post' as const), post: fc.integer({ min: 0, max: POSTS.length - 1 }) }),
  fc.record({ kind: fc.constant('erase' as const), user: fc.integer({ min: 0, max: 1 }), provider: fc.boolean() }),
);

/** The events of `actions`: a conversation starts before its first message or read; a read marks `back` before the last. */
function historyOf(actions: readonly Action[]): RecordedEvent[] {
  const seqs = new Map<number, number>();
  const revisions = new Map<number, number>();
  const events: RecordedEvent[] = [];
  const at = () => `2026-11-21T10:${String(events.length).padStart(2, '0')}:00.000Z`;
  const on = (n: number, event: ConversationEvent) => {
    const revision = (revisions.get(n) ?? -1) + 1;
    revisions.set(n, revision);
    events.push(recorded(`conversation-${CONVERSATIONS[n]}`, revision, event, at()));
  };
  const started = (n: number) => {
    if (seqs.has(n)) return;
    seqs.set(n, 0);
    on(n, { type: 'ConversationStarted', data: { ...refOf(n), started_by: refOf(n).provider_id, started_at: at() } });
  };
  for (const a of [{ kind: 'send', conversation: 0, side: 'provider' } as const, ...actions]) {
    switch (a.kind) {
      case 'send': {
        started(a.conversation);
        const seq = seqs.get(a.conversation)! + 1;
        seqs.set(a.conversation, seq);
        const ref = refOf(a.conversation);
        const sender_id = a.side === 'customer' ? ref.customer_id : ref.provider_id;
        on(a.conversation, { type: 'MessageSent', data: { ...ref, message_id: id(5, events.length), seq, sender_id, sender_side: a.side, text: `message ${events.length}`, sent_at: at() } });
        break;
      }
      case 'read': {
        started(a.conversation);
        const ref = refOf(a.conversation);
        const reader_id = a.side === 'customer' ? ref.customer_id : ref.provider_id;
        const up_to_seq = Math.max(0, seqs.get(a.conversation)! - a.back);
        on(a.conversation, { type: 'ConversationRead', data: { ...ref, reader_id, reader_side: a.side, up_to_seq, read_at: at() } });
        break;
      }
      case 'delete-post':
        events.push(recorded(`post-${POSTS[a.post]}`, 0, { type: 'PostDeleted', data: { post_id: POSTS[a.post], owner_id: CUSTOMERS[a.post], deleted_by: id(6, 0) } }, at()));
        break;
      case 'erase': {
        const user_id = (a.provider ? PROVIDERS : CUSTOMERS)[a.user]!;
        events.push(recorded(`user-${user_id}`, 0, { type: 'UserDeleted', data: { user_id } }, at()));
        break;
      }
    }
  }
  return events;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('any chat history gives the same rows one event at a time, in one batch and in batches cut anywhere', async () => {
  const projection = messagesProjection({ publicUrl: 'http://localhost' });
  await fc.assert(
    fc.asyncProperty(fc.array(action, { maxLength: 30 }), fc.array(fc.nat(32), { maxLength: 4 }), async (actions, cuts) => {
      const events = historyOf(actions);
      const oneByOne = await rowsAfterBatches(database.db, projection, events.map((event) => [event]));
      // The comparison has rows to compare: every history sends a message.
      expect(oneByOne.chat_messages!.length).toBeGreaterThan(0);
      expect(await rowsAfterBatches(database.db, projection, [events])).toEqual(oneByOne);
      expect(await rowsAfterBatches(database.db, projection, cutAt(events, cuts))).toEqual(oneByOne);
    }),
    { numRuns: 20 },
  );
}, 180_000);
