import { z } from 'zod';
import { listQuerySchema } from '../shared/list-query';

// The admin mailbox (docs/mail.md): what the API answers about the outbox of mail and SMS, shared with the UI.
// The outbox itself is infrastructure; these are only its views.

export const outboxChannels = ['email', 'sms'] as const;
export const outboxChannel = z.enum(outboxChannels);
export type OutboxChannel = z.infer<typeof outboxChannel>;

/**
 * pending: waiting for its (next) attempt; sending: claimed by a delivery worker; sent: the SMTP server accepted it;
 * failed: gave up after the last attempt; kept: no transport for its channel, readable only in the mailbox;
 * erased: the person was erased, recipient and bodies are gone.
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed', 'kept', 'erased'] as const;
export const outboxStatus = z.enum(outboxStatuses);
export type OutboxStatus = z.infer<typeof outboxStatus>;

/** One line of the mailbox. */
export const outboxMessageSummary = z.object({
  id: z.uuid(),
  channel: outboxChannel,
  template: z.string(),
  /** null once erased. */
  recipient: z.string().nullable(),
  /** What the mailbox calls the message (an SMS's is for the mailbox only); null once erased, or for SMS kept before SMS had one. */
  subject: z.string().nullable(),
  status: outboxStatus,
  attempts: z.number().int().min(0),
  next_attempt_at: z.string().nullable(),
  /** Why the last attempt failed (an SMTP code and reply, never the recipient or the body). */
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessageSummary = z.infer<typeof outboxMessageSummary>;

/** One message with its bodies. */
export const outboxMessageView = outboxMessageSummary.extend({
  causation_id: z.uuid(),
  /** null when withheld (see `body_withheld`) or erased. */
  text_body: z.string().nullable(),
  html_body: z.string().nullable(),
  /** In production, bodies of mail handed to SMTP are not shown: they may hold one-time links meant for one person. */
  body_withheld: z.boolean(),
});
export type OutboxMessageView = z.infer<typeof outboxMessageView>;

export const outboxSortable = ['created_at'] as const;
export const outboxFilter = z.strictObject({
  channel: outboxChannel.optional(),
  status: outboxStatus.optional(),
  /** Part of an e-mail address or phone number. */
  recipient: z
    .string()
    .trim()
    .max(254)
    .regex(/^[\w.@+\- ]*$/, 'Only letters, digits and . @ + - are allowed.')
    .optional(),
});
export type OutboxFilter = z.infer<typeof outboxFilter>;

export const outboxListQuery = listQuerySchema(outboxSortable, outboxFilter);
export type OutboxListQuery = z.infer<typeof outboxListQuery>;
