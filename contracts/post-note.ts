import { z } from 'zod';
import { notABoolean, required } from '../domain/shared/messages';

// What the API answers about post notes (docs/post-notes.md); the post page parses the answers with these schemas.

export const postNoteView = z.object({
  uuid: z.uuid(),
  post_id: z.uuid(),
  /** null when the customer was erased (crypto-shredding). */
  note: z.string().nullable(),
  /** YYYY-MM-DD: the day of the contact the note records. */
  contacted_at: z.string(),
  private: z.boolean(),
  author: z.object({ uuid: z.uuid(), name: z.string().nullable(), admin: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the reader may edit and delete it (its author or an admin). */
  editable: z.boolean(),
});
export type PostNoteView = z.infer<typeof postNoteView>;

export const postNoteListView = z.object({ total_records: z.number().int(), result: z.array(postNoteView) });
export type PostNoteListView = z.infer<typeof postNoteListView>;

/** POST /v1/posts/{id}/notes. Loose types here: the decider checks the rules and answers the spec's messages. */
export const postNoteBody = z.strictObject({
  note: z.string({ error: required }).nullable().optional(),
  contacted_at: z.string({ error: required }).nullable().optional(),
  private: z.boolean({ error: notABoolean }).optional(),
});
export type PostNoteBody = z.infer<typeof postNoteBody>;
