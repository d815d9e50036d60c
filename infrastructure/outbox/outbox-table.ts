import type { Selectable } from 'kysely';
import type { Database } from '../database/database';
import type { OutboxMessagesTable } from '../database/tables';

// The `outbox_messages` table (migration 2026-11-21T1220-outbox-messages, docs/mail.md; its columns in
// ../database/tables.ts).

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;

/**
 * The handle seen with the outbox's table, always in `public`: projections run with `search_path` set to their
 * build's schema, and the outbox is not one of their tables.
 */
export function outboxDb(db: Database): Database {
  return db.withSchema('public');
}
