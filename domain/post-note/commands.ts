import type { PostNoteChanges, PostNoteInput } from './schemas';

// Commands of the post notes aggregate (stream `post_notes-<post uuid>`). The API checks, from the read models,
// that the post exists and that a provider bid on it; it passes the post's customer (whose key encrypts the texts).
// Ids, the acting user and the time come in the command: the decider reads no clock.

/** Who acts: an admin, or a provider who bid on the post (docs/post-notes.md "Who writes and reads"). */
export type PostNoteActor = { user_id: string; admin: boolean };
/** `now`: an ISO instant; it stamps the note and gives the current year for the date rule. */
export type PostNoteCommandMetadata = { actor: PostNoteActor; now: string };

type PostRef = { post_id: string; customer_id: string };

/** `note` is raw input, validated by the decider (422 field errors). */
export type AddPostNote = { type: 'AddPostNote'; data: PostRef & { note_id: string; note: PostNoteInput | Record<string, unknown> }; metadata: PostNoteCommandMetadata };
export type EditPostNote = { type: 'EditPostNote'; data: PostRef & { note_id: string; changes: PostNoteChanges | Record<string, unknown> }; metadata: PostNoteCommandMetadata };
export type DeletePostNote = { type: 'DeletePostNote'; data: PostRef & { note_id: string }; metadata: PostNoteCommandMetadata };

export type PostNoteCommand = AddPostNote | EditPostNote | DeletePostNote;
