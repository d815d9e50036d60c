import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../application/caller';
import { addPostNote, deletePostNote, editPostNote, type PostNoteChanged } from '../../application/post-notes/change-post-notes';
import { mayEditNote, noteReaderOf, notesPost } from '../../application/post-notes/note-access';
import { postNoteBody, postNoteListView, type PostNoteView, postNoteView } from '../../contracts/post-note';
import { listPostNotes, type PostNoteWithAuthor } from '../../projections/post-notes/queries';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Notes on a post (spec 1 §2 "Post detail": notes hidden from customers; §3 "Note (post activity)"; spec 3 §5, §6;
// docs/post-notes.md). Admins (with `view`) read and write every note; a provider who bid on the post reads the
// admins' public notes and its own, and writes its own (application/post-notes/); customers get 403.

const TAGS = ['post notes'];
const postParams = z.object({ id: z.uuid() });
const noteParams = z.object({ id: z.uuid(), noteId: z.uuid() });

function viewOf(actor: Actor, note: PostNoteWithAuthor): PostNoteView {
  return {
    uuid: note.note_id,
    post_id: note.post_id,
    note: note.note,
    contacted_at: note.contacted_at,
    private: note.private,
    author: { uuid: note.author_id, name: note.author_name, admin: note.by_admin },
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
    editable: mayEditNote(actor, note),
  };
}

/** Only the fields sent; null note or date read as empty (the decider answers 'This field is required'). */
function changesOf(body: z.infer<typeof postNoteBody>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value ?? '']));
}

/** A bid just placed (or a note just written) is there before the check that reads it. */
const waitForNotes = (deps: AppDependencies, request: FastifyRequest) => waitForRequestedPosition(deps.db, request, ['posts', 'bids', 'post-notes']);

function answerNote(reply: FastifyReply, actor: Actor, result: PostNoteChanged, status: 200 | 201) {
  if (!result.ok) return sendProblem(reply, domainProblem(result.error));
  answerPosition(reply, result.position);
  return reply.code(status).send(viewOf(actor, result.note));
}

export const postNoteRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    // Customers never read notes (spec 1 §2); an admin needs `view` as for every post and deal screen.
    const providersAndAdmins = accessWithView(deps, ['fsp', 'admin']);

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
        await waitForNotes(deps, request);
        const caller = callerOf(request);
        const access = await notesPost(deps.db, caller, request.params.id);
        if (!access.ok) return sendProblem(reply, domainProblem(access.error));
        const notes = await listPostNotes(deps.db, access.post.uuid, noteReaderOf(caller));
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
        await waitForNotes(deps, request);
        const caller = callerOf(request);
        const result = await addPostNote(deps, { actor: caller, correlationId: request.id, postId: request.params.id, note: changesOf(request.body) });
        return answerNote(reply, caller, result, 201);
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
        await waitForNotes(deps, request);
        const caller = callerOf(request);
        const { id, noteId } = request.params;
        const result = await editPostNote(deps, { actor: caller, correlationId: request.id, postId: id, noteId, changes: changesOf(request.body) });
        return answerNote(reply, caller, result, 200);
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
        await waitForNotes(deps, request);
        const result = await deletePostNote(deps, { actor: callerOf(request), correlationId: request.id, postId: request.params.id, noteId: request.params.noteId });
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };
