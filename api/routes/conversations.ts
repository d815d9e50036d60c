import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageFields } from '../../domain/shared/list-query';
import { viewOfConversation, viewOfMessage, viewsOfMessages } from '../../application/messages/conversation-views';
import { conversationNotFound, MESSAGE_READ_MODELS, readableConversation } from '../../application/messages/conversations';
import { markConversationRead } from '../../application/messages/mark-conversation-read';
import { sendMessage } from '../../application/messages/send-message';
import { conversationView, messageList, messageView, sendMessageBody } from '../../contracts/conversation';
import { listMessages } from '../../projections/messages/queries';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// One conversation (spec 1 §2 "/messages", §5, §7 "Messages", §8 'Message sent.'; docs/messages.md): its parties and
// admins (with `view`) read it; anyone else gets the same 404 as for a conversation that does not exist.

const TAGS = ['messages'];
const idParams = z.object({ id: z.uuid() });
const pageQuery = z.strictObject({
  ...pageFields(50),
});

export const conversationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const access = accessWithView(deps, ['customer', 'fsp', 'admin']);

    app.get(
      '/v1/conversations/:id',
      {
        onRequest: access,
        schema: { tags: TAGS, summary: 'One conversation (its parties and admins)', params: idParams, response: { 200: conversationView, ...problemResponses } },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, MESSAGE_READ_MODELS);
        const caller = callerOf(request);
        const conversation = await readableConversation(db, caller, request.params.id);
        if (!conversation) return sendProblem(reply, domainProblem(conversationNotFound));
        return viewOfConversation(db, caller, conversation);
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
          querystring: pageQuery,
          response: { 200: messageList, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, MESSAGE_READ_MODELS);
        const caller = callerOf(request);
        const conversation = await readableConversation(db, caller, request.params.id);
        if (!conversation) return sendProblem(reply, domainProblem(conversationNotFound));
        const { total_records, rows } = await listMessages(db, conversation.uuid, request.query.page, request.query.count);
        return { total_records, result: await viewsOfMessages(db, caller, conversation, rows) };
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
        const result = await sendMessage(deps, { actor: caller, correlationId: request.id, conversationId: request.params.id, text: request.body.message });
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        if (!result.message) return sendProblem(reply, problem(503, 'NOT_YET_READABLE', 'The message was sent; reload to see it.'));
        return reply.code(201).send(await viewOfMessage(db, caller, result.conversation, result.message));
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
        const result = await markConversationRead(deps, { actor: callerOf(request), correlationId: request.id, conversationId: request.params.id });
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };
