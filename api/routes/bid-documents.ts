import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidView, requiredDocumentView } from '../../contracts/bid';
import { bidErrors } from '../../domain/bid/decider';
import { bidWarningCodes, type BidWarningCode } from '../../domain/bid/rules';
import { bidMessages, documentTypes, optionalDocumentSchema, requiredDocumentSchema } from '../../domain/bid/schemas';
import { findBidOfDocument } from '../../projections/bids/queries';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { anyone, bidNotFound, type BidReplies, bidResponses, params, providerOrAdmin, TAGS } from './bid-replies';

// Documents (spec 3 §7 "Bids"): kept in the bid's form, so every change is a BidEdited of the whole form
// (application/bids/edit-bid.ts).

const requiredDocumentBody = z.strictObject({ required_document: requiredDocumentSchema.omit({ uuid: true }) });
const optionalDocumentBody = z.strictObject({ home_loan_bid_optional_document: optionalDocumentSchema.omit({ uuid: true }) });
/** Document changes keep the bid's terms: its warnings were confirmed when it was placed or edited. */
const keepTerms: BidWarningCode[] = [...bidWarningCodes];
/** Not a domain refusal: the read model holds no bid with this document (or none the caller may see). */
const documentNotFound = () => problem(404, 'DOCUMENT_NOT_FOUND', 'Document not found.');

export const bidDocumentRoutes =
  (deps: AppDependencies, replies: BidReplies): FastifyPluginAsyncZod =>
  async (app) => {
    /** The bid holding a required or optional document, if the caller may see it. */
    async function bidOfDocument(request: FastifyRequest, documentId: string, kind: 'required_documents' | 'optional_documents' = 'required_documents') {
      const row = await findBidOfDocument(deps.db, kind, documentId);
      return row ? replies.visibleBid(request, row.uuid) : null;
    }

    app.get(
      '/v1/home_loan_bids/:id/required_documents',
      {
        onRequest: anyone(deps),
        schema: { tags: TAGS, summary: 'The documents the bid asks the customer for', params, response: { 200: z.object({ result: z.array(requiredDocumentView) }), ...problemResponses } },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        return { result: found.row.form.required_documents.flatMap((d) => (d.uuid ? [{ ...d, uuid: d.uuid }] : [])) };
      },
    );

    app.post(
      '/v1/home_loan_bids/:id/required_documents',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: 'Add a required document to an active bid (its provider or an admin)', params, body: requiredDocumentBody, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const form = found.row.form;
        const added = { ...request.body.required_document, uuid: deps.ids.uuid() };
        return replies.answerEdit(request, reply, found.row, { ...form, required_documents: [...form.required_documents, added] }, keepTerms);
      },
    );

    app.patch(
      '/v1/required_documents/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: "Change one of an active bid's required documents", params, body: requiredDocumentBody, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await bidOfDocument(request, request.params.id);
        if (!found) return sendProblem(reply, documentNotFound());
        const form = found.row.form;
        const changed = form.required_documents.map((d) => (d.uuid === request.params.id ? { ...request.body.required_document, uuid: d.uuid } : d));
        return replies.answerEdit(request, reply, found.row, { ...form, required_documents: changed }, keepTerms);
      },
    );

    app.delete(
      '/v1/required_documents/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: "Remove one of an active bid's required documents (at least one stays)", params, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await bidOfDocument(request, request.params.id);
        if (!found) return sendProblem(reply, documentNotFound());
        const form = found.row.form;
        const remaining = form.required_documents.filter((d) => d.uuid !== request.params.id);
        if (remaining.length === 0) {
          const missing = bidMessages.requiredDocumentMissing;
          return sendProblem(reply, domainProblem({ code: bidErrors.invalid, message: missing, errors: { required_documents: [missing] } }));
        }
        return replies.answerEdit(request, reply, found.row, { ...form, required_documents: remaining }, keepTerms);
      },
    );

    app.post(
      '/v1/home_loan_bids/:id/home_loan_bid_optional_documents',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: 'Attach an optional document (a link or file reference) to an active bid',
          params,
          body: optionalDocumentBody,
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const form = found.row.form;
        const optional_documents = [...form.optional_documents, { ...request.body.home_loan_bid_optional_document, uuid: deps.ids.uuid() }];
        return replies.answerEdit(request, reply, found.row, { ...form, optional_documents }, keepTerms);
      },
    );

    app.patch(
      '/v1/home_loan_bid_optional_documents/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: "Change one of an active bid's optional documents", params, body: optionalDocumentBody, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await bidOfDocument(request, request.params.id, 'optional_documents');
        if (!found) return sendProblem(reply, documentNotFound());
        const form = found.row.form;
        const changed = form.optional_documents.map((d) => (d.uuid === request.params.id ? { ...request.body.home_loan_bid_optional_document, uuid: d.uuid } : d));
        return replies.answerEdit(request, reply, found.row, { ...form, optional_documents: changed }, keepTerms);
      },
    );

    app.delete(
      '/v1/home_loan_bid_optional_documents/:id',
      { onRequest: providerOrAdmin(deps), schema: { tags: TAGS, summary: "Remove one of an active bid's optional documents", params, response: { 200: bidView, ...bidResponses } } },
      async (request, reply) => {
        const found = await bidOfDocument(request, request.params.id, 'optional_documents');
        if (!found) return sendProblem(reply, documentNotFound());
        const form = found.row.form;
        return replies.answerEdit(request, reply, found.row, { ...form, optional_documents: form.optional_documents.filter((d) => d.uuid !== request.params.id) }, keepTerms);
      },
    );

    app.get(
      '/v1/document_types',
      {
        onRequest: anyone(deps),
        schema: { tags: TAGS, summary: 'The document types a bid may ask for', response: { 200: z.object({ result: z.array(z.object({ name: z.string() })) }), ...problemResponses } },
      },
      async () => ({ result: documentTypes.map((name) => ({ name })) }),
    );
  };
