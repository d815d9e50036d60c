import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import type { PostNoteRow } from './post-notes';

// The post page's questions about notes (docs/post-notes.md "Who writes and reads").

/** Who reads: an admin reads every note; a provider the admins' public notes and its own (never a private one). */
export type NoteReader = { kind: 'admin' } | { kind: 'provider'; providerId: string };

export type PostNoteWithAuthor = PostNoteRow & { author_name: string | null };

function visibleNotes(database: Database, reader: NoteReader) {
  let query = database
    .selectFrom('post_notes')
    .leftJoin('users', 'users.uuid', 'post_notes.author_id')
    .selectAll('post_notes')
    .select(sql<string | null>`nullif(trim(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')), '')`.as('author_name'))
    .where('post_notes.deleted', '=', false);
  if (reader.kind === 'provider') {
    const { providerId } = reader;
    query = query
      .where('post_notes.private', '=', false)
      .where((eb) => eb.or([eb('post_notes.by_admin', '=', true), eb('post_notes.author_id', '=', providerId)]));
  }
  return query;
}

/** The post's notes the reader may see, latest contact first. */
export async function listPostNotes(database: Database, postId: string, reader: NoteReader): Promise<PostNoteWithAuthor[]> {
  return visibleNotes(database, reader)
    .where('post_notes.post_id', '=', postId)
    .orderBy('post_notes.contacted_at', 'desc')
    .orderBy('post_notes.created_at', 'desc')
    .orderBy('post_notes.note_id')
    .execute();
}

/** One note of the post, when the reader may see it. */
export async function findPostNote(database: Database, postId: string, noteId: string, reader: NoteReader): Promise<PostNoteWithAuthor | undefined> {
  return visibleNotes(database, reader).where('post_notes.post_id', '=', postId).where('post_notes.note_id', '=', noteId).executeTakeFirst();
}

/** Whether the provider placed a bid on the post that was not deleted (any status): it may then keep notes there. */
export async function providerBidOnPost(database: Database, postId: string, providerId: string): Promise<boolean> {
  const row = await database
    .selectFrom('bids')
    .select('uuid')
    .where('post_id', '=', postId)
    .where('provider_id', '=', providerId)
    .where('deleted', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
