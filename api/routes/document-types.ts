import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeDocumentTypes, type DocumentTypeChange } from '../../application/document-types/change-document-types';
import { documentTypeList, documentTypeView, toDocumentTypeView } from '../../contracts/document-type';
import { documentTypeBody, documentTypeListQuery } from '../../domain/document-type/catalogue';
import { documentTypeErrors } from '../../domain/document-type/decider';
import { documentTypeNames, findDocumentType, listDocumentTypes } from '../../projections/document-types/queries';
import { waitForProjections } from '../../projections/projection-status';
import { adminOnly, allow } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

// spec 1 §7 "Document types" (docs/document-types.md): the list a bid's and a template's required documents choose
// from. Providers and admins read it (providers need it for their bids and templates); admins change it.

const TAGS = ['document types'];
const READ_MODELS = ['document_types'] as const;
const params = z.object({ uuid: z.uuid() });
const notFound = () => domainProblem({ code: documentTypeErrors.notFound, message: 'Document type not found.' });
/** The name's faults are the name field's. */
const nameFaults: readonly string[] = [documentTypeErrors.invalid, documentTypeErrors.nameTaken];

export const documentTypeRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    const readers = allow(deps, { userTypes: ['fsp', 'admin'], permission: 'view' });
    const active = allow(deps);

    /** Runs a change and answers the type after it (or 204 once deleted). */
    async function answer(request: FastifyRequest, reply: FastifyReply, change: DocumentTypeChange, status = 200) {
      const context = commandContext(request, clock);
      const result = await changeDocumentTypes(deps, change, { ...context, userId: context.userId ?? '' });
      if (!result.ok) return sendProblem(reply, domainProblem(result.error, nameFaults.includes(result.error.code) ? { field: 'document_type.name' } : {}));
      if (result.position) await waitForProjections(db, READ_MODELS, result.position);
      answerPosition(reply, result.position);
      if (change.type === 'delete') return reply.code(204).send(null);
      const row = await findDocumentType(db, result.uuid);
      return row ? reply.code(status).send(toDocumentTypeView(row)) : sendProblem(reply, notFound());
    }

    app.get(
      '/v1/document_types',
      { onRequest: active, schema: { tags: TAGS, summary: 'The names a required document may have, by name', response: { 200: z.object({ result: z.array(z.object({ name: z.string() })) }), ...problemResponses } } },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        return { result: (await documentTypeNames(db)).map((name) => ({ name })) };
      },
    );

    app.get(
      '/v2/document_types',
      { onRequest: readers, schema: { tags: TAGS, summary: 'The document types, by name, 25 a page; filter[name] finds names containing the text', querystring: documentTypeListQuery, response: { 200: documentTypeList, ...problemResponses } } },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const list = await listDocumentTypes(db, request.query);
        return { total_records: list.total_records, result: list.result.map(toDocumentTypeView) };
      },
    );

    app.get(
      '/v2/document_types/:uuid',
      { onRequest: readers, schema: { tags: TAGS, summary: 'One document type', params, response: { 200: documentTypeView, ...problemResponses } } },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findDocumentType(db, request.params.uuid);
        return row ? toDocumentTypeView(row) : sendProblem(reply, notFound());
      },
    );

    app.post(
      '/v2/document_types',
      { onRequest: adminOnly(deps), schema: { tags: TAGS, summary: 'Add a document type (admins): {document_type: {name}}, unique whatever its case', body: documentTypeBody, response: { 201: documentTypeView, ...problemResponses } } },
      async (request, reply) => answer(request, reply, { type: 'add', name: request.body.document_type.name }, 201),
    );

    app.patch(
      '/v2/document_types/:uuid',
      { onRequest: adminOnly(deps), schema: { tags: TAGS, summary: 'Rename a document type (admins); one a bid or template uses is not renamed (409 DOCUMENT_TYPE_IN_USE)', params, body: documentTypeBody, response: { 200: documentTypeView, ...problemResponses } } },
      async (request, reply) => answer(request, reply, { type: 'rename', uuid: request.params.uuid, name: request.body.document_type.name }),
    );

    app.delete(
      '/v2/document_types/:uuid',
      { onRequest: adminOnly(deps), schema: { tags: TAGS, summary: 'Delete a document type (admins); one a bid or template uses is not deleted (409 DOCUMENT_TYPE_IN_USE)', params, response: { 204: z.null(), ...problemResponses } } },
      async (request, reply) => answer(request, reply, { type: 'delete', uuid: request.params.uuid }),
    );
  };
