import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { ConversationActor, ConversationCommand, StartFacts } from './commands';
import { conversationDecider, conversationErrors } from './decider';
import type { ConversationEvent, ConversationRead, ConversationStarted, MessageSent } from './events';
import { MESSAGE_MAX_LENGTH, messageTexts } from './schemas';

const given = specFor(conversationDecider);

describe('a conversation', () => {
  describe('when there is none', () => {
    it('is started by the provider when chat is enabled, the post is active and it holds initiate_chat_with_customer', () => {
      expect(given([]).when(start(provider))).toEqual({ ok: true, events: [started(provider)] });
    });

    it('is not started by the provider on a post that is not active', () => {
      for (const post_status of ['review', 'processing', 'closed', 'cancelled']) {
        expect(given([]).when(start(provider, { post_status }))).toMatchObject({ ok: false, error: { code: conversationErrors.postNotActive } });
      }
    });

    it('is not started by a provider without initiate_chat_with_customer', () => {
      expect(given([]).when(start(provider, { provider_may_initiate: false }))).toMatchObject({ ok: false, error: { code: conversationErrors.notPermitted } });
    });

    it('is not started by anyone while messages are disabled', () => {
      expect(given([]).when(start(provider, { chat_enabled: false }))).toMatchObject({ ok: false, error: { code: conversationErrors.chatDisabled } });
      expect(given([]).when(start(customer, { chat_enabled: false }))).toMatchObject({ ok: false, error: { code: conversationErrors.chatDisabled } });
    });

    it("is started by the customer as an ask-me message to a provider who bid on the post, whatever the post's status", () => {
      expect(given([]).when(start(customer, { post_status: 'review', provider_may_initiate: false }))).toEqual({ ok: true, events: [started(customer)] });
    });

    it('is not started by the customer with a provider who did not bid on the post', () => {
      expect(given([]).when(start(customer, { provider_bid_on_post: false }))).toMatchObject({ ok: false, error: { code: conversationErrors.notBidder } });
    });

    it('is started only by its two parties: not by an admin, another customer or another provider', () => {
      for (const actor of [admin, otherCustomer, otherProvider, { user_id: CUSTOMER, user_type: 'fsp' } as const]) {
        expect(given([]).when(start(actor))).toMatchObject({ ok: false, error: { code: conversationErrors.notParty } });
      }
    });

    it('takes no message and no read marker', () => {
      expect(given([]).when(send(customer, 'Hello'))).toMatchObject({ ok: false, error: { code: conversationErrors.notFound } });
      expect(given([]).when(read(customer))).toMatchObject({ ok: false, error: { code: conversationErrors.notFound } });
    });
  });

  describe('when it is started', () => {
    it('is not started twice: starting again (either side) is accepted with no event', () => {
      expect(given([started(provider)]).when(start(provider))).toEqual({ ok: true, events: [] });
      expect(given([started(provider)]).when(start(customer, { post_status: 'closed' }))).toEqual({ ok: true, events: [] });
    });

    it('takes messages from both parties, trimmed and numbered in order', () => {
      expect(given([started(provider)]).when(send(provider, '  Hello there  ', 'm1'))).toEqual({ ok: true, events: [sent(provider, 'Hello there', 1, 'm1')] });
      expect(given([started(provider), sent(provider, 'Hello there', 1, 'm1')]).when(send(customer, 'Hi', 'm2'))).toEqual({
        ok: true,
        events: [sent(customer, 'Hi', 2, 'm2')],
      });
    });

    it('refuses a message that is blank after trimming (spec 1 §5)', () => {
      for (const text of ['', '   ', '\n\t ']) {
        expect(given([started(provider)]).when(send(customer, text))).toEqual({
          ok: false,
          error: { code: conversationErrors.invalid, message: 'The message is not valid.', errors: { message: [messageTexts.blank] } },
        });
      }
    });

    it(`refuses a message longer than ${MESSAGE_MAX_LENGTH} characters after trimming`, () => {
      expect(given([started(provider)]).when(send(customer, `  ${'a'.repeat(MESSAGE_MAX_LENGTH)}  `))).toMatchObject({ ok: true });
      expect(given([started(provider)]).when(send(customer, 'a'.repeat(MESSAGE_MAX_LENGTH + 1)))).toMatchObject({
        ok: false,
        error: { code: conversationErrors.invalid, errors: { message: [messageTexts.tooLong] } },
      });
    });

    it('takes no message from an admin, another customer or another provider', () => {
      for (const actor of [admin, otherCustomer, otherProvider]) {
        expect(given([started(provider)]).when(send(actor, 'Hello'))).toMatchObject({ ok: false, error: { code: conversationErrors.notParty } });
      }
    });

    it('takes no message while messages are disabled', () => {
      expect(given([started(provider)]).when(send(customer, 'Hello', 'm1', false))).toMatchObject({ ok: false, error: { code: conversationErrors.chatDisabled } });
    });

    it('records a retried message (same id) once', () => {
      expect(given([started(provider), sent(provider, 'Hello', 1, 'm1')]).when(send(provider, 'Hello', 'm1'))).toEqual({ ok: true, events: [] });
    });

    it("marks the reader's side read up to the latest message, once", () => {
      const history = [started(provider), sent(provider, 'One', 1, 'm1'), sent(provider, 'Two', 2, 'm2')];
      expect(given(history).when(read(customer))).toEqual({ ok: true, events: [readUpTo(customer, 2)] });
      expect(given([...history, readUpTo(customer, 2)]).when(read(customer))).toEqual({ ok: true, events: [] });
    });

    it('counts writing as reading: the sender has nothing unread up to its own message', () => {
      expect(given([started(provider), sent(customer, 'Hi', 1, 'm1')]).when(read(customer))).toEqual({ ok: true, events: [] });
    });

    it('takes no read marker from an admin', () => {
      expect(given([started(provider), sent(customer, 'Hi', 1, 'm1')]).when(read(admin))).toMatchObject({ ok: false, error: { code: conversationErrors.notParty } });
    });
  });

  it('property: only the two parties ever write, messages are numbered 1, 2, 3 … and read markers never pass the last message', () => {
    const actors = [customer, provider, admin, otherCustomer, otherProvider];
    const command = fc.oneof(
      fc.record({ kind: fc.constant('start' as const), actor: fc.constantFrom(...actors), facts: fc.record({ chat_enabled: fc.boolean(), post_status: fc.constantFrom('active', 'review', 'closed'), provider_may_initiate: fc.boolean(), provider_bid_on_post: fc.boolean() }) }),
      fc.record({ kind: fc.constant('send' as const), actor: fc.constantFrom(...actors), text: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('  ', 'hello')), enabled: fc.boolean() }),
      fc.record({ kind: fc.constant('read' as const), actor: fc.constantFrom(...actors) }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state = conversationDecider.initialState();
        const events: ConversationEvent[] = [];
        commands.forEach((c, i) => {
          const cmd: ConversationCommand =
            c.kind === 'start' ? start(c.actor, c.facts) : c.kind === 'send' ? send(c.actor, c.text, `m${i}`, c.enabled) : read(c.actor);
          const decision = conversationDecider.decide(cmd, state);
          if (!decision.ok) return;
          for (const e of decision.events) {
            state = conversationDecider.evolve(state, e);
            events.push(e);
          }
        });
        const messages = events.filter((e): e is MessageSent => e.type === 'MessageSent');
        expect(messages.map((m) => m.data.seq)).toEqual(messages.map((_, i) => i + 1));
        for (const m of messages) {
          expect([CUSTOMER, PROVIDER]).toContain(m.data.sender_id);
          expect(m.data.text.trim()).toBe(m.data.text);
          expect(m.data.text.length).toBeGreaterThan(0);
        }
        for (const r of events.filter((e): e is ConversationRead => e.type === 'ConversationRead')) expect(r.data.up_to_seq).toBeLessThanOrEqual(messages.length);
        expect(events.filter((e) => e.type === 'ConversationStarted').length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

// Fixtures
const CONVERSATION = '0b1e9d0a-0000-4000-8000-000000000001';
const POST = '0b1e9d0a-0000-4000-8000-000000000002';
const CUSTOMER = '0b1e9d0a-0000-4000-8000-000000000003';
const PROVIDER = '0b1e9d0a-0000-4000-8000-000000000004';
const NOW = '2026-11-21T10:00:00.000Z';
const customer: ConversationActor = { user_id: CUSTOMER, user_type: 'customer' };
const provider: ConversationActor = { user_id: PROVIDER, user_type: 'fsp' };
const admin: ConversationActor = { user_id: '0b1e9d0a-0000-4000-8000-000000000005', user_type: 'admin' };
const otherCustomer: ConversationActor = { user_id: '0b1e9d0a-0000-4000-8000-000000000006', user_type: 'customer' };
const otherProvider: ConversationActor = { user_id: '0b1e9d0a-0000-4000-8000-000000000007', user_type: 'fsp' };
const refs = { conversation_id: CONVERSATION, post_id: POST, customer_id: CUSTOMER, provider_id: PROVIDER };
const metadata = (actor: ConversationActor) => ({ actor, now: NOW });

function start(actor: ConversationActor, facts: Partial<StartFacts> = {}): ConversationCommand {
  return {
    type: 'StartConversation',
    data: { ...refs, facts: { chat_enabled: true, post_status: 'active', provider_may_initiate: true, provider_bid_on_post: true, ...facts } },
    metadata: metadata(actor),
  };
}
const send = (actor: ConversationActor, text: string, message_id = 'm1', chat_enabled = true): ConversationCommand => ({
  type: 'SendMessage',
  data: { conversation_id: CONVERSATION, message_id, text, chat_enabled },
  metadata: metadata(actor),
});
const read = (actor: ConversationActor): ConversationCommand => ({ type: 'MarkConversationRead', data: { conversation_id: CONVERSATION }, metadata: metadata(actor) });
const started = (by: ConversationActor): ConversationStarted => ({ type: 'ConversationStarted', data: { ...refs, started_by: by.user_id, started_at: NOW } });
const sideOfActor = (actor: ConversationActor) => (actor.user_type === 'fsp' ? 'provider' : 'customer');
const sent = (by: ConversationActor, text: string, seq: number, message_id: string): MessageSent => ({
  type: 'MessageSent',
  data: { ...refs, message_id, seq, sender_id: by.user_id, sender_side: sideOfActor(by), text, sent_at: NOW },
});
const readUpTo = (by: ConversationActor, up_to_seq: number): ConversationRead => ({
  type: 'ConversationRead',
  data: { ...refs, reader_id: by.user_id, reader_side: sideOfActor(by), up_to_seq, read_at: NOW },
});
