import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type OutboxMessageSummary,
  type OutboxMessageView,
  outboxListQuery,
  outboxMessageSummary,
  outboxMessageView,
} from '../../domain/outbox/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import type { OutboxMessageRow } from '../../infrastructure/outbox/outbox-table';
import { findOutboxMessage, listOutboxMessages } from '../../infrastructure/outbox/queries';
import { adminOnly } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';

// The admin mailbox (docs/mail.md): mail and SMS in the outbox, so that without SMTP_URL a person trying the product
// can read the activation mail and click its link. Admin only; until log-in exists, development mode only.

const idParams = z.object({ id: z.uuid() });

function toSummary(row: OutboxMessageRow): OutboxMessageSummary {
  return {
    id: row.id,
    channel: row.channel,
    template: row.template,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' || row.status === 'sending' ? row.next_attempt_at.toISOString() : null,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}

/**
 * Bodies are shown for messages kept in the outbox (no transport: reading them here is the only way), and in
 * development mode. In production, mail that goes out by SMTP may hold one-time links (activation, password
 * recovery) meant for its recipient alone, so an admin sees who and when, not the content.
 */
function toView(row: OutboxMessageRow, developmentMode: boolean): OutboxMessageView {
  const withheld = !developmentMode && row.status !== 'kept' && row.status !== 'erased';
  return {
    ...toSummary(row),
    causation_id: row.causation_id,
    text_body: withheld ? null : row.text_body,
    html_body: withheld ? null : row.html_body,
    body_withheld: withheld,
  };
}

export const outboxRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;

    app.addHook('onRequest', adminOnly(deps));

    app.get(
      '/v1/outbox_messages',
      {
        schema: {
          tags: ['mailbox'],
          summary: 'Mail and SMS in the outbox (server-paged, newest first)',
          querystring: outboxListQuery,
          response: { 200: listResultSchema(outboxMessageSummary), ...problemResponses },
        },
      },
      async (request) => {
        const page = await listOutboxMessages(db, request.query);
        return { total_records: page.total_records, result: page.result.map(toSummary) };
      },
    );

    app.get(
      '/v1/outbox_messages/:id',
      {
        schema: {
          tags: ['mailbox'],
          summary: 'One message of the outbox, with its body',
          params: idParams,
          response: { 200: outboxMessageView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const row = await findOutboxMessage(db, request.params.id);
        if (!row) return sendProblem(reply, problem(404, 'OUTBOX_MESSAGE_NOT_FOUND', 'Message not found.'));
        return toView(row, config.developmentMode);
      },
    );
  };
