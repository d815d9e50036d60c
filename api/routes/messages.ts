import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationCommand } from '../../domain/conversation/commands';
import { type ConversationError, type ConversationState, conversationDecider, conversationErrors, sideOf } from '../../domain/conversation/decider';
import { conversationStream, type MessageSent } from '../../domain/conversation/events';
import {
  chatStatusView,
  conversationList,
  conversationView,
  type ConversationView,
  messageList,
  messageView,
  type MessageView,
  sendMessageBody,
  startConversationBody,
} from '../../contracts/conversation';
import { handleCommand, RememberedFolds } from '../../infrastructure/command-handler';
import { derivedUuid } from '../../infrastructure/ids';
import { readSettings } from '../../infrastructure/system-settings';
import { type ChatMessageRow, type ConversationRow, chatMessageRowOf } from '../../projections/messages/messages';
import {
  type ChatPerson,
  chatPeopleOf,
  type ConversationScope,
  conversationsOfPost,
  findConversation,
  findMessage,
  listInbox,
  listMessages,
  providerBidOnPost,
  unreadTotal,
} from '../../projections/messages/queries';
import { waitForProjections } from '../../projections/projection-status';
import { findPost } from '../../projections/posts/queries';
import { findUser } from '../../projections/users/queries';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { MessageHub } from '../message-hub';
import { type Problem, problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

// Messages (spec 1 §1, §2 "/messages", "/posts/{postUuid}/messages", "Post detail", "Other screens", §5, §6, §7
// "Messages", §8 'Message sent.'; docs/messages.md). Only a conversation's two parties and admins (with `view`)
// read it; anyone else gets the same 404 as for a conversation that does not exist. Admins never write.

const TAGS = ['messages'];
const WAIT_MS = 5000;
const READ_MODELS = ['messages'];
/** Conversations whose folded stream a process keeps (their message ids and read markers; no text). */
const CONVERSATIONS_KEPT = 2000;

/** One conversation per (post, provider): its id derives from both, so starting twice finds the same one. */
export const conversationIdOf = (postId: string, providerId: string) => derivedUuid('conversation', postId, providerId);

const pageQuery = (defaultCount: number) =>
  z.strictObject({
    page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
    count: z.coerce.number().int().min(1).max(100, 'count is at most 100').default(defaultCount),
  });
const idParams = z.object({ id: z.uuid() });
const postParams = z.object({ postId: z.uuid() });

const conversationNotFound = () => problem(404, conversationErrors.notFound, 'Conversation not found.');
const postNotFound = () => problem(404, 'POST_NOT_FOUND', 'Post not found.');

const statusOf: Record<string, number> = {
  [conversationErrors.notFound]: 404,
  [conversationErrors.notParty]: 403,
  [conversationErrors.chatDisabled]: 403,
  [conversationErrors.notPermitted]: 403,
  [conversationErrors.postNotActive]: 409,
  [conversationErrors.notBidder]: 422,
  [conversationErrors.invalid]: 422,
};
function conversationProblem(error: ConversationError): Problem {
  const errors = error.code === conversationErrors.notBidder ? { provider_uuid: [error.message] } : error.errors;
  return problem(statusOf[error.code] ?? 409, error.code, error.message, errors);
}

/** An admin without `view` keeps only the system settings (api/access.ts adminOnly). */
const adminNeedsView: onRequestAsyncHookHandler = async (request, reply) => {
  if (request.caller?.userType === 'admin' && !request.caller.permissions.view) return sendProblem(reply, forbidden());
};

const scopeOf = (caller: Caller): ConversationScope =>
  caller.userType === 'customer' ? { kind: 'customer', userId: caller.userId } : caller.userType === 'fsp' ? { kind: 'provider', userId: caller.userId } : { kind: 'all' };

/** The parties and admins read a conversation; nobody else learns it exists. */
const mayRead = (caller: Caller, c: Pick<ConversationRow, 'customer_id' | 'provider_id'>) =>
  caller.userType === 'admin' || sideOf({ user_id: caller.userId, user_type: caller.userType }, c) !== null;

const fullName = (person: ChatPerson | undefined) => (person ? [person.first_name, person.last_name].filter(Boolean).join(' ') || null : null);

/** spec 1 §6: a full name is always shown in chat, except to a provider viewing others' messages (first name). */
function nameFor(caller: Caller, personId: string, person: ChatPerson | undefined): string | null {
  if (caller.userType === 'fsp' && personId !== caller.userId) return person?.first_name ?? null;
  return fullName(person);
}

const iso = (date: Date) => date.toISOString();
const INBOX_PREVIEW = 140;

function conversationViewOf(caller: Caller, c: ConversationRow, people: Map<string, ChatPerson>): ConversationView {
  const side = sideOf({ user_id: caller.userId, user_type: caller.userType }, c);
  const provider = people.get(c.provider_id);
  return {
    uuid: c.uuid,
    post_id: c.post_id,
    customer: { uuid: c.customer_id, name: nameFor(caller, c.customer_id, people.get(c.customer_id)) },
    provider: { uuid: c.provider_id, name: nameFor(caller, c.provider_id, provider), organisation_name: provider?.organisation_name ?? null },
    started_at: iso(c.started_at),
    updated_at: iso(c.updated_at),
    message_count: c.message_count,
    unread_count: side === 'customer' ? c.customer_unread : side === 'provider' ? c.provider_unread : 0,
    last_message:
      c.last_sender_side && c.last_sent_at
        ? { text: c.last_text === null ? null : c.last_text.slice(0, INBOX_PREVIEW), sender_side: c.last_sender_side, sent_at: iso(c.last_sent_at) }
        : null,
    my_side: side,
  };
}

function messageViewOf(caller: Caller, m: ChatMessageRow, people: Map<string, ChatPerson>): MessageView {
  return {
    uuid: m.uuid,
    conversation_id: m.conversation_id,
    seq: m.seq,
    sender_id: m.sender_id,
    sender_side: m.sender_side,
    sender_name: nameFor(caller, m.sender_id, people.get(m.sender_id)),
    mine: m.sender_id === caller.userId,
    text: m.text,
    sent_at: iso(m.sent_at),
  };
}

export const messageRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock } = deps;
    const access = [allow(deps, { userTypes: ['customer', 'fsp', 'admin'] }), adminNeedsView];
    const hub = deps.listen ? new MessageHub({ db, listen: deps.listen, log: app.log.child({ component: 'message-hub' }), ...deps.messageHub }) : null;
    // Graceful shutdown (api/server.ts): open streams would hold the server open, so they end first.
    app.addHook('preClose', async () => {
      await hub?.close();
    });

    const chatEnabled = async () => (await readSettings(store)).messages === 'active';

    async function viewsOf(caller: Caller, rows: ConversationRow[]): Promise<ConversationView[]> {
      const people = await chatPeopleOf(db, rows.flatMap((c) => [c.customer_id, c.provider_id]));
      return rows.map((c) => conversationViewOf(caller, c, people));
    }

    async function viewOf(caller: Caller, row: ConversationRow): Promise<ConversationView> {
      return conversationViewOf(caller, row, await chatPeopleOf(db, [row.customer_id, row.provider_id]));
    }

    async function readable(request: FastifyRequest, id: string): Promise<ConversationRow | null> {
      const conversation = await findConversation(db, id);
      return conversation && mayRead(callerOf(request), conversation) ? conversation : null;
    }

    const rememberedConversations = new RememberedFolds<ConversationState>(CONVERSATIONS_KEPT);

    async function run(request: FastifyRequest, streamId: string, command: Omit<ConversationCommand, 'metadata'>) {
      const caller = callerOf(request);
      const now = clock.now();
      // The body is one of the commands; only the metadata is added, so the union's member stays the same.
      const full = { ...command, metadata: { actor: { user_id: caller.userId, user_type: caller.userType }, now: now.toISOString() } } as ConversationCommand;
      return handleCommand({
        store,
        ids,
        streamId,
        decider: conversationDecider,
        command: full,
        context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
        personalData: 'withhold', // the conversation's state keeps no text: no key to read, nothing to decrypt
        // A conversation's stream grows by one event per message: kept folded, only what others appended is read.
        remembered: rememberedConversations,
      });
    }

    async function settle(reply: FastifyReply, position: Parameters<typeof answerPosition>[1]) {
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: WAIT_MS });
      answerPosition(reply, position);
    }

    app.get(
      '/v1/messages/status',
      {
        onRequest: access,
        schema: { tags: TAGS, summary: "Whether chat is enabled (system configuration `messages`) and the caller's unread messages", response: { 200: chatStatusView, ...problemResponses } },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const caller = callerOf(request);
        return { enabled: await chatEnabled(), unread_count: await unreadTotal(db, scopeOf(caller)) };
      },
    );

    app.get(
      '/v1/messages',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "The inbox: the caller's conversations by unread count, then latest message (admins: every conversation, latest first)",
          querystring: pageQuery(25),
          response: { 200: conversationList, ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const caller = callerOf(request);
        const { total_records, rows } = await listInbox(db, scopeOf(caller), request.query.page, request.query.count);
        return { total_records, result: await viewsOf(caller, rows) };
      },
    );

    app.get(
      '/v1/posts/:postId/conversations',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "A post's conversations the caller may read (customer: the post's own; fsp: its own one; admin: all)",
          params: postParams,
          response: { 200: conversationList, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const caller = callerOf(request);
        const post = await findPost(db, request.params.postId);
        if (!post || post.deleted || (caller.userType === 'customer' && post.owner_id !== caller.userId)) return sendProblem(reply, postNotFound());
        const rows = await conversationsOfPost(db, post.uuid, scopeOf(caller));
        return { total_records: rows.length, result: await viewsOf(caller, rows) };
      },
    );

    app.post(
      '/v1/posts/:postId/conversations',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: 'Start (or find) the conversation of a post with a provider: the provider itself (chat enabled, post active, initiate_chat_with_customer), or the customer asking a provider who bid (provider_uuid)',
          params: postParams,
          body: startConversationBody,
          response: { 200: conversationView, 201: conversationView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (caller.userType === 'admin') return sendProblem(reply, problem(403, conversationErrors.notParty, 'Only the customer and the provider of this chat can write in it.'));
        const post = await findPost(db, request.params.postId);
        if (!post || post.deleted || (caller.userType === 'customer' && post.owner_id !== caller.userId)) return sendProblem(reply, postNotFound());
        let providerId = caller.userId;
        if (caller.userType === 'customer') {
          const asked = request.body.provider_uuid;
          if (!asked) return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', { provider_uuid: ['This field is required'] }));
          const provider = await findUser(db, asked);
          if (!provider || provider.user_type !== 'fsp') return sendProblem(reply, problem(404, 'PROVIDER_NOT_FOUND', 'Provider not found.'));
          providerId = provider.uuid;
        } else if (request.body.provider_uuid && request.body.provider_uuid !== caller.userId) {
          return sendProblem(reply, forbidden());
        }
        const conversationId = conversationIdOf(post.uuid, providerId);
        const [enabled, bid] = await Promise.all([chatEnabled(), providerBidOnPost(db, post.uuid, providerId)]);
        const result = await run(request, conversationStream(conversationId), {
          type: 'StartConversation',
          data: {
            conversation_id: conversationId,
            post_id: post.uuid,
            customer_id: post.owner_id,
            provider_id: providerId,
            facts: { chat_enabled: enabled, post_status: post.status, provider_may_initiate: caller.permissions.initiate_chat_with_customer, provider_bid_on_post: bid },
          },
        });
        if (!result.ok) return sendProblem(reply, conversationProblem(result.error));
        // Found rather than started: another request (maybe in another process) started it a moment ago, and its
        // event may not be in the read model yet.
        await settle(reply, result.streamPosition);
        const conversation = await findConversation(db, conversationId);
        if (!conversation) return sendProblem(reply, conversationNotFound());
        return reply.code(result.eventCount > 0 ? 201 : 200).send(await viewOf(caller, conversation));
      },
    );

    app.get(
      '/v1/conversations/:id',
      {
        onRequest: access,
        schema: { tags: TAGS, summary: 'One conversation (its parties and admins)', params: idParams, response: { 200: conversationView, ...problemResponses } },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const conversation = await readable(request, request.params.id);
        if (!conversation) return sendProblem(reply, conversationNotFound());
        return viewOf(callerOf(request), conversation);
      },
    );

    app.get(
      '/v1/conversations/:id/messages',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "A conversation's messages, paged: page 1 holds the newest, each page oldest first",
          params: idParams,
          querystring: pageQuery(50),
          response: { 200: messageList, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const caller = callerOf(request);
        const conversation = await readable(request, request.params.id);
        if (!conversation) return sendProblem(reply, conversationNotFound());
        const { total_records, rows } = await listMessages(db, conversation.uuid, request.query.page, request.query.count);
        const people = await chatPeopleOf(db, [conversation.customer_id, conversation.provider_id]);
        return { total_records, result: rows.map((m) => messageViewOf(caller, m, people)) };
      },
    );

    app.post(
      '/v1/conversations/:id/messages',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "Send a message (the conversation's two parties; trimmed, not blank, at most 2000 characters): 'Message sent.'",
          params: idParams,
          body: sendMessageBody,
          response: { 201: messageView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const conversation = await readable(request, request.params.id);
        if (!conversation) return sendProblem(reply, conversationNotFound());
        const messageId = ids.uuid();
        const result = await run(request, conversationStream(conversation.uuid), {
          type: 'SendMessage',
          data: { conversation_id: conversation.uuid, message_id: messageId, text: request.body.message, chat_enabled: await chatEnabled() },
        });
        if (!result.ok) return sendProblem(reply, conversationProblem(result.error));
        await settle(reply, result.position);
        // The answer is the decided event (no read of it back); the read model holds it by now for the next reads.
        const sent = result.events.find((e): e is MessageSent => e.type === 'MessageSent');
        const message = sent ? chatMessageRowOf(sent.data) : await findMessage(db, messageId);
        if (!message) return sendProblem(reply, problem(503, 'NOT_YET_READABLE', 'The message was sent; reload to see it.'));
        const people = await chatPeopleOf(db, [conversation.customer_id, conversation.provider_id]);
        return reply.code(201).send(messageViewOf(caller, message, people));
      },
    );

    app.post(
      '/v1/conversations/:id/read',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "Mark the conversation read up to its latest message (the caller's side; nothing for an admin)",
          params: idParams,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const conversation = await readable(request, request.params.id);
        if (!conversation) return sendProblem(reply, conversationNotFound());
        // An admin reads without a read marker: the parties' unread counters are theirs.
        if (caller.userType === 'admin') return reply.code(204).send(null);
        const result = await run(request, conversationStream(conversation.uuid), { type: 'MarkConversationRead', data: { conversation_id: conversation.uuid } });
        if (!result.ok) return sendProblem(reply, conversationProblem(result.error));
        await settle(reply, result.position);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/messages/live',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary:
            'Server-sent events for the caller: `message`, `read` and `started` with {kind, conversation_id, post_id, seq} (ids only), a heartbeat comment every 25 s; the stream ends after 15 minutes (reconnect with a current token)',
          response: problemResponses,
        },
      },
      async (request, reply) => {
        if (!hub) return sendProblem(reply, problem(503, 'LIVE_UNAVAILABLE', 'Live messages are not available.'));
        const caller = callerOf(request);
        reply.hijack();
        try {
          await hub.open(caller.userId, caller.userType === 'admin', reply.raw);
        } catch (error) {
          request.log.error({ err: { message: (error as Error).message } }, 'live message stream not opened');
          if (!reply.raw.headersSent) reply.raw.writeHead(503, { 'content-type': 'application/problem+json' });
          reply.raw.end(JSON.stringify(problem(503, 'LIVE_UNAVAILABLE', 'Live messages are not available.')));
        }
      },
    );
  };
