import type { PostRow } from '../../projections/posts/posts';
import { findPost } from '../../projections/posts/queries';
import { type NoteReader, type PostNoteWithAuthor, providerBidOnPost } from '../../projections/post-notes/queries';
import type { Actor } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { postNotFound, type Refusal } from '../refusals';

// Who keeps notes on a post (spec 1 §2 "Post detail", spec 3 §5, §6; docs/post-notes.md): admins every note; a
// provider who bid on the post the admins' public notes and its own. Customers never reach them (the routes' access).

export const postNoteAccessErrors = { notABidder: 'POST_NOTE_NOT_A_BIDDER' } as const;
const notABidder: Refusal = { code: postNoteAccessErrors.notABidder, message: 'Only admins and the providers who bid on this post keep notes on it.' };

export const noteReaderOf = (actor: Actor): NoteReader => (actor.userType === 'admin' ? { kind: 'admin' } : { kind: 'provider', providerId: actor.userId });
export const mayEditNote = (actor: Actor, note: PostNoteWithAuthor) => actor.userType === 'admin' || note.author_id === actor.userId;

/** The post when the actor may keep notes on it. */
export async function notesPost(db: WorkflowDependencies['db'], actor: Actor, postId: string): Promise<{ ok: true; post: PostRow } | { ok: false; error: Refusal }> {
  const post = await findPost(db, postId);
  if (!post) return { ok: false, error: postNotFound };
  if (actor.userType !== 'admin' && !(await providerBidOnPost(db, postId, actor.userId))) return { ok: false, error: notABidder };
  return { ok: true, post };
}
