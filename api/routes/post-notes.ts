import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PostNoteCommand } from '../../domain/post-note/commands';
import { type PostNoteError, postNoteDecider, postNoteErrors } from '../../domain/post-note/decider';
import { postNotesStream } from '../../domain/post-note/events';
import { postNoteBody, postNoteListView, type PostNoteView, postNoteView } from '../../contracts/post-note';
import { handleCommand } from '../../infrastructure/command-handler';
import type { PostRow } from '../../projections/posts/posts';
import { findPost } from '../../projections/posts/queries';
import { findPostNote, listPostNotes, type NoteReader, type PostNoteWithAuthor, providerBidOnPost } from '../../projections/post-notes/queries';
import { waitForProjections } from '../../projections/projection-status';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { type Problem, problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Notes on a post (spec 1 §2 "Post detail": notes hidden from customers; §3 "Note (post activity)"; spec 3 §5, §6;
// docs/post-notes.md). Admins (with `view`) read and write every note; a provider who bid on the post reads the
// admins' public notes and its own, and writes its own; customers get 403. The note rules are the decider's.

const TAGS = ['post notes'];
const WAIT_MS = 5000;
const postParams = z.object({ id: z.uuid() });
const noteParams = z.object({ id: z.uuid(), noteId: z.uuid() });

const postNotFound = () => problem(404, 'POST_NOT_FOUND', 'Post not found.');
const noteNotFound = () => problem(404, postNoteErrors.notFound, 'Note not found.');
const notABidder = () => problem(403, 'POST_NOTE_NOT_A_BIDDER', 'Only admins and the providers who bid on this post keep notes on it.');

const statusOf: Record<string, number> = {
  [postNoteErrors.invalid]: 422,
  [postNoteErrors.notFound]: 404,
  [postNoteErrors.notYours]: 403,
  [postNoteErrors.privateAdminOnly]: 403,
  [postNoteErrors.exists]: 409,
  [postNoteErrors.erased]: 409,
};
const noteProblem = (error: PostNoteError): Problem => problem(statusOf[error.code] ?? 409, error.code, error.message, error.errors);

const readerOf = (caller: Caller): NoteReader => (caller.userType === 'admin' ? { kind: 'admin' } : { kind: 'provider', providerId: caller.userId });
const mayEdit = (caller: Caller, note: PostNoteWithAuthor) => caller.userType === 'admin' || note.author_id === caller.userId;

function viewOf(caller: Caller, note: PostNoteWithAuthor): PostNoteView {
  return {
    uuid: note.note_id,
    post_id: note.post_id,
    note: note.note,
    contacted_at: note.contacted_at,
    private: note.private,
    author: { uuid: note.author_id, name: note.author_name, admin: note.by_admin },
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
    editable: mayEdit(caller, note),
  };
}

/** Only the fields sent; null note or date read as empty (the decider answers 'This field is required'). */
function changesOf(body: z.infer<typeof postNoteBody>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value ?? '']));
}

export const postNoteRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock } = deps;
    // Customers never read notes (spec 1 §2); an admin needs `view` as for every post and deal screen.
    const providersAndAdmins = accessWithView(deps, ['fsp', 'admin']);

    /** The post when the caller may keep notes on it; otherwise the problem has been answered and null returned. */
    async function notesPost(request: FastifyRequest, reply: FastifyReply, postId: string): Promise<PostRow | null> {
      // A bid just placed (or a note just written) is there before the check that reads it.
      await waitForRequestedPosition(db, request, ['posts', 'bids', 'post-notes']);
      const post = await findPost(db, postId);
      if (!post) {
        sendProblem(reply, postNotFound());
        return null;
      }
      const caller = callerOf(request);
      if (caller.userType !== 'admin' && !(await providerBidOnPost(db, postId, caller.userId))) {
        sendProblem(reply, notABidder());
        return null;
      }
      return post;
    }

    /** Runs a note command as the caller; answers the note once the read model has it (or 204 for a deletion). */
    async function decide(request: FastifyRequest, reply: FastifyReply, post: PostRow, body: Omit<PostNoteCommand, 'metadata'>, status: 200 | 201 | 204) {
      const caller = callerOf(request);
      const now = clock.now();
      // The body is one of the commands; only the metadata is added, so the union's member stays the same.
      const command = { ...body, metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() } } as PostNoteCommand;
      const result = await handleCommand({
        store,
        ids,
        streamId: postNotesStream(post.uuid),
        decider: postNoteDecider,
        command,
        context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
      });
      if (!result.ok) return sendProblem(reply, noteProblem(result.error));
      if (result.position) await waitForProjections(db, ['post-notes'], result.position, { timeoutMs: WAIT_MS });
      answerPosition(reply, result.position);
      if (status === 204) return reply.code(204).send(null);
      const note = await findPostNote(db, post.uuid, body.data.note_id, readerOf(caller));
      if (!note) return sendProblem(reply, noteNotFound());
      return reply.code(status).send(viewOf(caller, note));
    }

    app.get(
      '/v1/posts/:id/notes',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "The post's notes, latest contact first: admins every note; a provider who bid on the post the admins' public notes and its own",
          params: postParams,
          response: { 200: postNoteListView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const post = await notesPost(request, reply, request.params.id);
        if (!post) return reply;
        const caller = callerOf(request);
        const notes = await listPostNotes(db, post.uuid, readerOf(caller));
        return reply.send({ total_records: notes.length, result: notes.map((note) => viewOf(caller, note)) });
      },
    );

    app.post(
      '/v1/posts/:id/notes',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Add a note: note (required, under 1000 characters), contacted_at (YYYY-MM-DD, 2017-01-01 to this year), private (admins only)',
          params: postParams,
          body: postNoteBody,
          response: { 201: postNoteView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const post = await notesPost(request, reply, request.params.id);
        if (!post) return reply;
        const note = changesOf(request.body);
        return decide(request, reply, post, { type: 'AddPostNote', data: { post_id: post.uuid, customer_id: post.owner_id, note_id: ids.uuid(), note } }, 201);
      },
    );

    app.patch(
      '/v1/posts/:id/notes/:noteId',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Edit a note (its author or an admin): note, contacted_at, private (admins only)',
          params: noteParams,
          body: postNoteBody,
          response: { 200: postNoteView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const post = await notesPost(request, reply, request.params.id);
        if (!post) return reply;
        const changes = changesOf(request.body);
        return decide(request, reply, post, { type: 'EditPostNote', data: { post_id: post.uuid, customer_id: post.owner_id, note_id: request.params.noteId, changes } }, 200);
      },
    );

    app.delete(
      '/v1/posts/:id/notes/:noteId',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Delete a note (its author or an admin)',
          params: noteParams,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const post = await notesPost(request, reply, request.params.id);
        if (!post) return reply;
        return decide(request, reply, post, { type: 'DeletePostNote', data: { post_id: post.uuid, customer_id: post.owner_id, note_id: request.params.noteId } }, 204);
      },
    );
  };
