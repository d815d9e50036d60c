import type { Generated, Kysely, Selectable } from 'kysely';
import type { OutboxChannel, OutboxStatus } from '../../domain/outbox/schemas';
import type { Database } from '../database/database';

// The `outbox_messages` table (migration 2026-11-21T1220-outbox-messages, docs/mail.md).

export interface OutboxMessagesTable {
  id: string;
  channel: OutboxChannel;
  /** Which kind of message ('activation', 'sms-code'): with the causing event it makes the id. */
  template: string;
  /** The event (or request) that caused the message. */
  causation_id: string;
  /** The person the message is about (their user id), so erasing them finds it. Not personal data itself. */
  data_subject: string | null;
  /** Others the message names (user ids): erasing any of them blanks it too. */
  mentions: Generated<string[]>;
  /** Personal data, null once erased. */
  recipient: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  /** While 'sending': the claim's lease; after it a worker may take the message again. */
  claimed_until: Date | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  /** Insertion order, for ties of `created_at`. */
  seq: Generated<string>;
  sent_at: Date | null;
}
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type OutboxDatabase = { outbox_messages: OutboxMessagesTable };

/**
 * The handle seen with the outbox's table, always in `public`: projections run with `search_path` set to their
 * build's schema, and the outbox is not one of their tables.
 */
export function outboxDb(db: Database): Kysely<OutboxDatabase> {
  return (db as Kysely<OutboxDatabase>).withSchema('public');
}
