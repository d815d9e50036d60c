import { type Selectable, sql } from 'kysely';
import { type PostNoteEvent, postNoteEventTypes } from '../../domain/post-note/events';
import type { PostDeleted } from '../../domain/post/events';
import type { UserDeleted } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { PostNotesTable } from './tables';

// The notes of each post as the post page reads them (spec 1 §2 "Post detail"; docs/post-notes.md). The note text
// is the customer's personal data (decrypted from the events): an erased customer's reads as null (from the events,
// and at UserDeleted). A deleted post's notes and deleted notes keep their row (`deleted`) so a replay finds them.

export type PostNoteRow = Selectable<PostNotesTable>;

const handledTypes = new Set<string>([...postNoteEventTypes, 'UserDeleted', 'PostDeleted']);

export const postNotesProjection: Projection = {
  kind: 'projection',
  name: 'post-notes',
  eventTypes: handledTypes,
  version: 1,
  tables: ['post_notes'],
  async createTables(trx) {
    await sql`
      create table post_notes (
        note_id uuid primary key,
        post_id uuid not null,
        customer_id uuid not null,
        note text,
        contacted_at text not null,
        private boolean not null,
        author_id uuid not null,
        by_admin boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted boolean not null default false
      )`.execute(trx);
    await sql`create index post_notes_post on post_notes (post_id, contacted_at desc, created_at desc)`.execute(trx);
    await sql`create index post_notes_customer on post_notes (customer_id)`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The post note, post and user deciders wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & (PostNoteEvent | UserDeleted | PostDeleted));
    }
  },
};

async function apply(db: Database, event: RecordedEvent & (PostNoteEvent | UserDeleted | PostDeleted)): Promise<void> {
  switch (event.type) {
    case 'UserDeleted':
      // The customer's erasure takes the texts about them (as a rebuild after erasure would show them).
      await db.updateTable('post_notes').set({ note: null }).where('customer_id', '=', event.data.user_id).execute();
      return;
    case 'PostDeleted':
      await db.updateTable('post_notes').set({ deleted: true }).where('post_id', '=', event.data.post_id).execute();
      return;
    case 'PostNoteAdded': {
      const { created_at, ...note } = event.data;
      const at = new Date(created_at);
      await db
        .insertInto('post_notes')
        .values({ ...note, created_at: at, updated_at: at, deleted: false })
        .onConflict((c) => c.column('note_id').doNothing())
        .execute();
      return;
    }
    case 'PostNoteEdited': {
      const { note_id, note, contacted_at, edited_at } = event.data;
      await db
        .updateTable('post_notes')
        .set({ note, contacted_at, private: event.data.private, updated_at: new Date(edited_at) })
        .where('note_id', '=', note_id)
        .execute();
      return;
    }
    case 'PostNoteDeleted':
      await db.updateTable('post_notes').set({ deleted: true, updated_at: new Date(event.data.deleted_at) }).where('note_id', '=', event.data.note_id).execute();
      return;
  }
}
