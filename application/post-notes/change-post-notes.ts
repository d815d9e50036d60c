import type { PostNoteCommand } from '../../domain/post-note/commands';
import { postNoteDecider, postNoteErrors, postNoteRefusals } from '../../domain/post-note/decider';
import { postNotesStream } from '../../domain/post-note/events';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findPostNote, type PostNoteWithAuthor } from '../../projections/post-notes/queries';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import type { Refusal } from '../refusals';
import { noteReaderOf, notesPost } from './note-access';

// Adding, editing and deleting a note on a post (spec 1 §3 "Note (post activity)"; docs/post-notes.md): the note
// rules are the decider's; the answer is the note as the read model has it after (bounded wait).

type Deps = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>;
type NoteTarget = ActorRequest & { postId: string };
export type PostNoteChanged = { ok: true; note: PostNoteWithAuthor; position: Position | null } | { ok: false; error: Refusal };
export type PostNoteDeleted = { ok: true; position: Position | null } | { ok: false; error: Refusal };

const noteNotFound: Refusal = { code: postNoteErrors.notFound, message: postNoteRefusals.notFound };

/** Runs a note command on the post's notes stream as the actor, once the actor may keep notes on the post. */
async function changeNotes(deps: Deps, input: NoteTarget, body: (post: { post_id: string; customer_id: string }) => Omit<PostNoteCommand, 'metadata'>) {
  const { db, store, ids, clock } = deps;
  const access = await notesPost(db, input.actor, input.postId);
  if (!access.ok) return access;
  const { post } = access;
  const now = clock.now();
  // The body is one of the commands; only the metadata is added, so the union's member stays the same.
  const command = { ...body({ post_id: post.uuid, customer_id: post.owner_id }), metadata: adminFlagMetadata(input.actor, now) } as PostNoteCommand;
  const result = await handleCommand({ store, ids, streamId: postNotesStream(post.uuid), decider: postNoteDecider, command, context: contextOf(input, now) });
  if (!result.ok) return { ok: false as const, error: result.error };
  await awaitReadModels(db, ['post-notes'], result.position);
  return { ok: true as const, postId: post.uuid, noteId: command.data.note_id, position: result.position };
}

async function noteAfter(deps: Deps, input: NoteTarget, changed: Awaited<ReturnType<typeof changeNotes>>): Promise<PostNoteChanged> {
  if (!changed.ok) return changed;
  const note = await findPostNote(deps.db, changed.postId, changed.noteId, noteReaderOf(input.actor));
  return note ? { ok: true, note, position: changed.position } : { ok: false, error: noteNotFound };
}

/** A note: `note` (required, under 1000 characters), `contacted_at`, `private` (admins only), as the decider checks them. */
export async function addPostNote(deps: Deps, input: NoteTarget & { note: Record<string, unknown> }): Promise<PostNoteChanged> {
  return noteAfter(deps, input, await changeNotes(deps, input, (post) => ({ type: 'AddPostNote', data: { ...post, note_id: deps.ids.uuid(), note: input.note } })));
}

export async function editPostNote(deps: Deps, input: NoteTarget & { noteId: string; changes: Record<string, unknown> }): Promise<PostNoteChanged> {
  return noteAfter(deps, input, await changeNotes(deps, input, (post) => ({ type: 'EditPostNote', data: { ...post, note_id: input.noteId, changes: input.changes } })));
}

export async function deletePostNote(deps: Deps, input: NoteTarget & { noteId: string }): Promise<PostNoteDeleted> {
  const deleted = await changeNotes(deps, input, (post) => ({ type: 'DeletePostNote', data: { ...post, note_id: input.noteId } }));
  return deleted.ok ? { ok: true, position: deleted.position } : deleted;
}
