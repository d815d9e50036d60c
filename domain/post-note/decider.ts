import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import { currentYearAt } from '../post/decider';
import type { AddPostNote, DeletePostNote, EditPostNote, PostNoteActor, PostNoteCommand } from './commands';
import type { PostNote, PostNoteEvent } from './events';
import { type FieldErrors, fieldErrorsOf, postNoteChangesSchema, postNoteInputSchema } from './schemas';

// The notes of one post (spec 1 §2 "Post detail", §3; spec 3 §5, §6; docs/post-notes.md). Admins and the providers
// who bid on the post write them (the API checks the bid); a private note is an admin's matter only: only an admin
// marks a note private, and nobody else can see, change or delete it. A note is changed or deleted by its author or
// an admin.

export type PostNotesState = { notes: readonly PostNote[] };

export type PostNoteError = DomainError & { errors?: FieldErrors };
export type PostNoteDecision = { ok: true; events: PostNoteEvent[] } | { ok: false; error: PostNoteError };

export const postNoteErrors = {
  invalid: 'POST_NOTE_INVALID',
  exists: 'POST_NOTE_EXISTS',
  notFound: 'POST_NOTE_NOT_FOUND',
  notYours: 'POST_NOTE_NOT_YOURS',
  privateAdminOnly: 'POST_NOTE_PRIVATE_ADMIN_ONLY',
  erased: 'POST_NOTE_ERASED',
} as const;

export const postNoteRefusals = {
  invalid: 'The note is not valid.',
  exists: 'This note already exists.',
  notFound: 'Note not found.',
  notYours: 'Only its author or an admin can change this note.',
  privateAdminOnly: 'Only an admin can mark a note private.',
  erased: 'This note was erased with the customer’s data; it can only be deleted.',
} as const;

/** One message per field, the first: a malformed date breaks the later date rules too, which would only add noise. */
const firstErrors = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.slice(0, 1)]));

const refuse = (code: string, message: string, errors?: FieldErrors): PostNoteDecision => ({ ok: false, error: { code, message, ...(errors ? { errors } : {}) } });

const initialState = (): PostNotesState => ({ notes: [] });

/**
 * Whether the actor may read the note: admins every note; a provider the admins' notes that are not private and its
 * own (a competitor's notes about the customer are not its business). projections/post-notes/queries.ts reads the same.
 */
export const mayReadNote = (actor: PostNoteActor, note: Pick<PostNote, 'private' | 'by_admin' | 'author_id'>) =>
  actor.admin || (!note.private && (note.by_admin || note.author_id === actor.user_id));

function add(command: AddPostNote, state: PostNotesState): PostNoteDecision {
  const { note_id, post_id, customer_id } = command.data;
  const { actor, now } = command.metadata;
  if (state.notes.some((n) => n.note_id === note_id)) return refuse(postNoteErrors.exists, postNoteRefusals.exists);
  const parsed = postNoteInputSchema(currentYearAt(now)).safeParse(command.data.note);
  if (!parsed.success) return refuse(postNoteErrors.invalid, postNoteRefusals.invalid, firstErrors(fieldErrorsOf(parsed)));
  if (parsed.data.private && !actor.admin) return refuse(postNoteErrors.privateAdminOnly, postNoteRefusals.privateAdminOnly);
  return accept({
    type: 'PostNoteAdded',
    data: { post_id, customer_id, note_id, ...parsed.data, author_id: actor.user_id, by_admin: actor.admin, created_at: now },
  });
}

/** The note the actor may change: it exists, the actor may read it, and wrote it or is an admin. */
function ownNote(state: PostNotesState, noteId: string, actor: PostNoteActor): PostNote | PostNoteDecision {
  const note = state.notes.find((n) => n.note_id === noteId);
  // A note the actor may not read is not there for them: the same answer as for a note that does not exist.
  if (!note || !mayReadNote(actor, note)) return refuse(postNoteErrors.notFound, postNoteRefusals.notFound);
  if (!actor.admin && note.author_id !== actor.user_id) return refuse(postNoteErrors.notYours, postNoteRefusals.notYours);
  return note;
}
const isDecision = (value: PostNote | PostNoteDecision): value is PostNoteDecision => 'ok' in value;

function edit(command: EditPostNote, state: PostNotesState): PostNoteDecision {
  const { actor, now } = command.metadata;
  const note = ownNote(state, command.data.note_id, actor);
  if (isDecision(note)) return note;
  // Erased with the customer (crypto-shredding: the text reads as null); the customer's data is gone for good.
  if (typeof note.note !== 'string') return refuse(postNoteErrors.erased, postNoteRefusals.erased);
  const parsed = postNoteChangesSchema(currentYearAt(now)).safeParse(command.data.changes);
  if (!parsed.success) return refuse(postNoteErrors.invalid, postNoteRefusals.invalid, firstErrors(fieldErrorsOf(parsed)));
  const after = { note: note.note, contacted_at: note.contacted_at, private: note.private, ...parsed.data };
  if (after.private !== note.private && !actor.admin) return refuse(postNoteErrors.privateAdminOnly, postNoteRefusals.privateAdminOnly);
  if (after.note === note.note && after.contacted_at === note.contacted_at && after.private === note.private) return accept();
  const { post_id, customer_id } = command.data;
  return accept({ type: 'PostNoteEdited', data: { post_id, customer_id, note_id: note.note_id, ...after, edited_by: actor.user_id, edited_at: now } });
}

function remove(command: DeletePostNote, state: PostNotesState): PostNoteDecision {
  const { actor, now } = command.metadata;
  const note = ownNote(state, command.data.note_id, actor);
  if (isDecision(note)) return note;
  const { post_id, customer_id } = command.data;
  return accept({ type: 'PostNoteDeleted', data: { post_id, customer_id, note_id: note.note_id, deleted_by: actor.user_id, deleted_at: now } });
}

function decide(command: PostNoteCommand, state: PostNotesState): PostNoteDecision {
  switch (command.type) {
    case 'AddPostNote':
      return add(command, state);
    case 'EditPostNote':
      return edit(command, state);
    case 'DeletePostNote':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: PostNotesState, event: PostNoteEvent): PostNotesState {
  switch (event.type) {
    case 'PostNoteAdded': {
      const { post_id: _post, customer_id: _customer, ...note } = event.data;
      return { notes: [...state.notes, note] };
    }
    case 'PostNoteEdited': {
      const { note_id, note, contacted_at } = event.data;
      return { notes: state.notes.map((n) => (n.note_id === note_id ? { ...n, note, contacted_at, private: event.data.private } : n)) };
    }
    case 'PostNoteDeleted':
      return { notes: state.notes.filter((n) => n.note_id !== event.data.note_id) };
    default:
      return assertNever(event);
  }
}

export const postNoteDecider: Decider<PostNotesState, PostNoteCommand, PostNoteEvent> & { decide: (command: PostNoteCommand, state: PostNotesState) => PostNoteDecision } = {
  initialState,
  decide,
  evolve,
};
