import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachTemplateFile } from '../../application/bid-templates/attach-template-file';
import { changeBidTemplate } from '../../application/bid-templates/change-bid-template';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { bidTemplateView, optionalDocumentBody, optionalDocumentsView, requiredDocumentBody, requiredDocumentsView } from '../../contracts/bid-template';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { bidTemplateErrors } from '../../domain/bid-template/decider';
import type { TemplateDocumentKind } from '../../domain/bid-template/commands';
import type { TemplateFileField } from '../../domain/bid-template/documents';
import { pdfUploadLimits, pdfUploadMessages } from '../../domain/shared/limits';
import { findBidTemplate, findBidTemplateByDocument } from '../../projections/bid-templates/queries';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { answerChange, params, providerOrAdmin, READ_MODELS, TAGS, templateNotFound, templateRequestOf, templateResponses } from './bid-template-replies';

// spec 3 §7 "Bid template documents" (docs/bid-templates.md "Documents"): the required documents a template's bids
// ask the customer for (at least one), the optional ones, and the key fact sheet and product disclosure statement as
// uploaded PDFs (multipart, the part `file`). Each change answers the whole template, as the wizard shows it.

const documentNotFound = () => domainProblem({ code: bidTemplateErrors.documentNotFound, message: 'Document not found.' });
const listedIn = { required: 'required_documents', optional: 'optional_documents' } as const;
const uploads: { path: string; field: TemplateFileField; what: string }[] = [
  { path: 'key_fact_sheets', field: 'key_fact_sheets', what: 'key fact sheet' },
  { path: 'product_disclosure_statements', field: 'product_disclosure_statement', what: 'product disclosure statement' },
];
const fileProblem = (code: string, message: string, status = 422) => problem(status, code, message, { file: [message] });

export const bidTemplateDocumentRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const guard = providerOrAdmin(deps);
    const viewerOf = (request: FastifyRequest) => templateActorOf(templateRequestOf(request));
    // Only these routes take multipart bodies; the size limit is checked while the file streams in.
    await app.register(multipart, { limits: { fileSize: pdfUploadLimits.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 20 } });

    /** The template a document or list route names, if the caller may see it. */
    async function visibleTemplate(request: FastifyRequest, id: string) {
      await waitForRequestedPosition(db, request, READ_MODELS);
      const row = await findBidTemplate(db, id);
      return row && maySeeTemplate(viewerOf(request), row) ? row : null;
    }

    /** Saves (adds under a new uuid, or changes) or removes one document; a document of a template the caller cannot see is not found. */
    async function saveDocument(request: FastifyRequest, kind: TemplateDocumentKind, document: Record<string, unknown>, at: { templateId: string; documentId: string | null }, revision: number | undefined) {
      const adding = at.documentId === null;
      const data = { template_id: at.templateId, kind, adding, document: { ...document, uuid: at.documentId ?? deps.ids.uuid() }, expected_revision: revision ?? null };
      return changeBidTemplate(deps, templateRequestOf(request), { type: 'SaveTemplateDocument', data });
    }
    const templateOfDocument = async (request: FastifyRequest, kind: TemplateDocumentKind, id: string) => {
      const row = await findBidTemplateByDocument(db, listedIn[kind], id);
      return row && maySeeTemplate(viewerOf(request), row) ? row : null;
    };

    app.get(
      '/v3/home_loan_bid_templates/:id/required_documents',
      { onRequest: guard, schema: { tags: TAGS, summary: 'The documents the template’s bids ask the customer for', params, response: { 200: requiredDocumentsView, ...templateResponses } } },
      async (request, reply) => {
        const row = await visibleTemplate(request, request.params.id);
        if (!row) return sendProblem(reply, templateNotFound());
        return { records: row.details.required_documents.flatMap((d) => (d.uuid ? [{ ...d, uuid: d.uuid }] : [])) };
      },
    );

    app.post(
      '/v3/home_loan_bid_templates/:id/required_documents',
      { onRequest: guard, schema: { tags: TAGS, summary: 'Add a required document (quantity 1 to 1000, its type, description and whether it is mandatory)', params, body: requiredDocumentBody, response: { 201: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const result = await saveDocument(request, 'required', request.body.required_document, { templateId: request.params.id, documentId: null }, request.body.revision);
        return answerChange(deps, viewerOf(request), reply, request.params.id, result, { wrapper: 'required_document', status: 201 });
      },
    );

    for (const kind of ['required', 'optional'] as const) {
      const path = kind === 'required' ? '/v3/required_documents/:id' : '/v3/template_optional_documents/:id';
      app.patch(
        path,
        { onRequest: guard, schema: { tags: TAGS, summary: `Change one of a template’s ${kind} documents`, params, body: kind === 'required' ? requiredDocumentBody : optionalDocumentBody, response: { 200: bidTemplateView, ...templateResponses } } },
        async (request, reply) => {
          const row = await templateOfDocument(request, kind, request.params.id);
          if (!row) return sendProblem(reply, documentNotFound());
          const { revision, ...rest } = request.body;
          const document = 'required_document' in rest ? rest.required_document : rest;
          const result = await saveDocument(request, kind, document, { templateId: row.uuid, documentId: request.params.id }, revision);
          return answerChange(deps, viewerOf(request), reply, row.uuid, result, kind === 'required' ? { wrapper: 'required_document' } : {});
        },
      );
      app.delete(
        path,
        { onRequest: guard, schema: { tags: TAGS, summary: `Remove one of a template’s ${kind} documents${kind === 'required' ? ' (at least one stays)' : ''}`, params, response: { 200: bidTemplateView, ...templateResponses } } },
        async (request, reply) => {
          const row = await templateOfDocument(request, kind, request.params.id);
          if (!row) return sendProblem(reply, documentNotFound());
          const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'RemoveTemplateDocument', data: { template_id: row.uuid, kind, document_id: request.params.id } });
          return answerChange(deps, viewerOf(request), reply, row.uuid, result);
        },
      );
    }

    app.get(
      '/v3/home_loan_bid_templates/:id/template_optional_documents',
      { onRequest: guard, schema: { tags: TAGS, summary: 'The documents the provider attaches to the template’s bids', params, response: { 200: optionalDocumentsView, ...templateResponses } } },
      async (request, reply) => {
        const row = await visibleTemplate(request, request.params.id);
        if (!row) return sendProblem(reply, templateNotFound());
        return { records: row.details.optional_documents.flatMap((d) => (d.uuid ? [{ ...d, uuid: d.uuid }] : [])) };
      },
    );

    app.post(
      '/v3/home_loan_bid_templates/:id/template_optional_documents',
      { onRequest: guard, schema: { tags: TAGS, summary: 'Attach an optional document (a title or a link)', params, body: optionalDocumentBody, response: { 201: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const { revision, ...document } = request.body;
        const result = await saveDocument(request, 'optional', document, { templateId: request.params.id, documentId: null }, revision);
        return answerChange(deps, viewerOf(request), reply, request.params.id, result, { status: 201 });
      },
    );

    for (const { path, field, what } of uploads) {
      app.post(
        `/v3/home_loan_bid_templates/:id/${path}`,
        {
          onRequest: guard,
          schema: { tags: TAGS, summary: `Upload the template’s ${what}: multipart, the part \`file\`, a PDF of at most ${pdfUploadLimits.maxBytes / 1024 / 1024} MB`, params, response: { 200: bidTemplateView, ...templateResponses } },
        },
        async (request, reply) => {
          if (!request.isMultipart()) return sendProblem(reply, fileProblem('FILE_REQUIRED', pdfUploadMessages.missing));
          let content: Buffer;
          try {
            const part = await request.file();
            if (!part) return sendProblem(reply, fileProblem('FILE_REQUIRED', pdfUploadMessages.missing));
            content = await part.toBuffer();
          } catch (error) {
            if (error instanceof app.multipartErrors.RequestFileTooLargeError) return sendProblem(reply, fileProblem('TOO_LARGE', pdfUploadMessages.tooLarge));
            return sendProblem(reply, problem(400, 'BAD_REQUEST', 'The upload could not be read.'));
          }
          const result = await attachTemplateFile(deps, templateRequestOf(request), { templateId: request.params.id, field, content });
          return answerChange(deps, viewerOf(request), reply, request.params.id, result);
        },
      );
    }
  };
