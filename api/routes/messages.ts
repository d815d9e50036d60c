import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageFields } from '../../domain/shared/list-query';
import { viewOfConversation, viewsOfConversations } from '../../application/messages/conversation-views';
import { chatEnabled, MESSAGE_READ_MODELS, scopeOf } from '../../application/messages/conversations';
import { startConversation } from '../../application/messages/start-conversation';
import { postNotFound } from '../../application/refusals';
import { chatStatusView, conversationList, conversationView, startConversationBody } from '../../contracts/conversation';
import { conversationErrors } from '../../domain/conversation/decider';
import { conversationsOfPost, listInbox, unreadTotal } from '../../projections/messages/queries';
import { findPost } from '../../projections/posts/queries';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { MessageHub } from '../message-hub';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Messages (spec 1 §1, §2 "/messages", "/posts/{postUuid}/messages", "Post detail", "Other screens", §6, §7
// "Messages"; docs/messages.md): the chat status, the inbox, a post's conversations and starting one, the live
// stream. One conversation's routes are in conversations.ts.

const TAGS = ['messages'];
const pageQuery = z.strictObject({
  ...pageFields(),
});
const postParams = z.object({ postId: z.uuid() });

export const messageRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store } = deps;
    const access = accessWithView(deps, ['customer', 'fsp', 'admin']);
    const hub = deps.listen ? new MessageHub({ db, listen: deps.listen, log: app.log.child({ component: 'message-hub' }), ...deps.messageHub }) : null;
    // Graceful shutdown (api/server.ts): open streams would hold the server open, so they end first.
    app.addHook('preClose', async () => {
      await hub?.close();
    });

    app.get(
      '/v1/messages/status',
      {
        onRequest: access,
        schema: { tags: TAGS, summary: "Whether chat is enabled (system configuration `messages`) and the caller's unread messages", response: { 200: chatStatusView, ...problemResponses } },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, MESSAGE_READ_MODELS);
        return { enabled: await chatEnabled(store), unread_count: await unreadTotal(db, scopeOf(callerOf(request))) };
      },
    );

    app.get(
      '/v1/messages',
      {
        onRequest: access,
        schema: {
          tags: TAGS,
          summary: "The inbox: the caller's conversations by unread count, then latest message (admins: every conversation, latest first)",
          querystring: pageQuery,
          response: { 200: conversationList, ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, MESSAGE_READ_MODELS);
        const caller = callerOf(request);
        const { total_records, rows } = await listInbox(db, scopeOf(caller), request.query.page, request.query.count);
        return { total_records, result: await viewsOfConversations(db, caller, rows) };
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
        await waitForRequestedPosition(db, request, MESSAGE_READ_MODELS);
        const caller = callerOf(request);
        const post = await findPost(db, request.params.postId);
        if (!post || post.deleted || (caller.userType === 'customer' && post.owner_id !== caller.userId)) {
          return sendProblem(reply, domainProblem(postNotFound));
        }
        const rows = await conversationsOfPost(db, post.uuid, scopeOf(caller));
        return { total_records: rows.length, result: await viewsOfConversations(db, caller, rows) };
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
        const result = await startConversation(deps, { actor: caller, correlationId: request.id, postId: request.params.postId, providerUuid: request.body.provider_uuid });
        // The customer named a provider who did not bid: the form shows it beside the provider.
        if (!result.ok) return sendProblem(reply, domainProblem(result.error, result.error.code === conversationErrors.notBidder ? { field: 'provider_uuid' } : {}));
        answerPosition(reply, result.position);
        return reply.code(result.created ? 201 : 200).send(await viewOfConversation(db, caller, result.conversation));
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
