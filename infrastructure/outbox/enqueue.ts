import { z } from 'zod';
import type { Database } from '../database/database';
import { derivedUuid } from '../ids';
import { outboxDb } from './outbox-table';

// Putting a message in the outbox (docs/mail.md). Call it with the transaction that also appends the causing
// event (`PostgresEventStore.inTransaction(trx)`) or applies the causing event (a projection's `handle(events, trx)`):
// the message then exists if and only if that transaction commits, and once however often it is retried.

type MessageBase = {
  /** The id of the event that causes the message (a uuid). With `template` and `key` it makes the message's id. */
  causationId: string;
  /** What kind of message it is, e.g. 'activation', 'password-recovery', 'phone-code'. */
  template: string;
  /** Tells apart several messages of one template caused by one event (one per recipient); usually left out. */
  key?: string;
  /** Whose message it is (a user id, never personal data itself), so erasing that person finds it. */
  dataSubject?: string | null;
  /** Others the message names or quotes (user ids), so erasing any of them blanks it too. */
  mentions?: readonly string[];
  /** An e-mail address, or a phone number in E.164 form (+61412345678). Personal data: never logged. */
  to: string;
  /** Plain text body; the mailbox shows it with its links clickable. */
  text: string;
};
export type EmailMessage = MessageBase & { channel: 'email'; subject: string; html?: string | null };
/** `subject`: what the mailbox calls the message, for a person ('Text message: your verification code'); an SMS itself has none. */
export type SmsMessage = MessageBase & { channel: 'sms'; subject: string };
export type OutboxMessage = EmailMessage | SmsMessage;

const oneLine = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !/[\r\n]/.test(text), 'must be one line');
const base = {
  causationId: z.uuid(),
  template: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'lower-case letters, digits, . _ -'),
  key: z.string().max(200).optional(),
  dataSubject: z.string().min(1).max(200).nullable().optional(),
  mentions: z.array(z.string().min(1).max(200)).max(20).optional(),
};
const messageSchema = z.discriminatedUnion('channel', [
  z.object({
    ...base,
    channel: z.literal('email'),
    to: z.email().max(254),
    subject: oneLine(998),
    text: z.string().min(1).max(100_000),
    html: z.string().max(500_000).nullable().optional(),
  }),
  z.object({
    ...base,
    channel: z.literal('sms'),
    subject: oneLine(200),
    to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number'),
    text: z.string().min(1).max(1600),
  }),
]);

/** A message the outbox refuses (a caller's bug). The message names the fields only, never their values. */
export class InvalidOutboxMessageError extends Error {
  constructor(readonly fields: string[]) {
    super(`Invalid outbox message: ${fields.join(', ')}`);
    this.name = 'InvalidOutboxMessageError';
  }
}

/** The id a message gets: the same causing event and template always give the same id. */
export function outboxMessageId(causationId: string, template: string, key = ''): string {
  return derivedUuid('outbox', causationId, template, key);
}

/**
 * Writes the message through `trx`. Enqueuing the same (causationId, template, key) again does nothing and answers
 * `enqueued: false`. Delivery happens after the transaction commits, by `OutboxDelivery`.
 */
export async function enqueueMessage(trx: Database, message: OutboxMessage): Promise<{ id: string; enqueued: boolean }> {
  const [result] = await enqueueMessages(trx, [message]);
  return result!;
}

/** Rows per insert: 11 parameters a row stays far below PostgreSQL's 65,535 a statement. */
const ROWS_PER_INSERT = 1000;

/** `enqueueMessage` for many messages (a projection's batch), in one statement per thousand; answers in their order. */
export async function enqueueMessages(trx: Database, messages: readonly OutboxMessage[]): Promise<{ id: string; enqueued: boolean }[]> {
  const rows = messages.map((message) => {
    const parsed = messageSchema.safeParse(message);
    if (!parsed.success) throw new InvalidOutboxMessageError([...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]);
    const m = parsed.data;
    return {
      id: outboxMessageId(m.causationId, m.template, m.key),
      channel: m.channel,
      template: m.template,
      causation_id: m.causationId,
      data_subject: m.dataSubject ?? null,
      mentions: m.mentions ?? [],
      recipient: m.to,
      subject: m.subject,
      text_body: m.text,
      html_body: m.channel === 'email' ? (m.html ?? null) : null,
      status: 'pending' as const,
      attempts: 0,
    };
  });
  const enqueued = new Set<string>();
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const inserted = await outboxDb(trx)
      .insertInto('outbox_messages')
      .values(rows.slice(at, at + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    for (const { id } of inserted) enqueued.add(id);
  }
  // The same message twice in one call is enqueued once: its first mention.
  return rows.map(({ id }) => ({ id, enqueued: enqueued.delete(id) }));
}
