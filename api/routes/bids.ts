import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidErrors } from '../../domain/bid/decider';
import { bidWarningCodes, type BidWarningCode } from '../../domain/bid/rules';
import {
  type BidForm,
  bidCancellationReason,
  bidMessages,
  bidStatuses,
  documentTypes,
  optionalDocumentSchema,
  requiredDocumentSchema,
} from '../../domain/bid/schemas';
import { bidListQuery, bidProblemSchema, bidRequestBody, bidView, postBidsView } from '../../contracts/bid';
import { listResultSchema } from '../../domain/shared/list-query';
import type { Caller } from '../authentication';
import { waitForProjections } from '../../projections/projection-status';
import type { BidRow } from '../../projections/bids/bids';
import { type BidScope, bidsOfPost, findBid, findBidOfRequiredDocument, listBids } from '../../projections/bids/queries';
import { findPost, postOwnersOf } from '../../projections/posts/queries';
import { adminOnly, allow, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { bidCommands, bidNotFound, bidProblem, isWinning, placesOfPost, sortKeyOf, toBidViews } from './bid-commands';

// spec 3 §7 "Bids" (docs/bids.md): placing, reading, editing, cancelling and deleting bids, the post's bids, and
// the bid's documents. Every route checks who asks; a bid is 404 to anyone who may not see it.

const TAGS = ['bids'];
const params = z.object({ id: z.uuid() });
const READ_MODELS = ['bids'] as const;
const bidResponses = { ...problemResponses, 409: bidProblemSchema, 422: bidProblemSchema };

/** Providers and admins with `view` (an admin without it keeps only the system configurations; spec 1 §2). */
const providerOrAdmin = (deps: AppDependencies) => allow(deps, { userTypes: ['fsp', 'admin'], permission: 'view' });
const anyone = (deps: AppDependencies) => allow(deps, { userTypes: ['customer', 'fsp', 'admin'] });

const editBody = bidRequestBody.omit({ fsp_user_uuid: true });
const requiredDocumentBody = z.strictObject({ required_document: requiredDocumentSchema.omit({ uuid: true }) });
const fspBidsQuery = bidListQuery.extend({ status: z.enum(bidStatuses, { error: 'Unknown bid status.' }).optional() });
const requiredDocumentView = z.object({ uuid: z.uuid(), document_type: z.string(), description: z.string().nullable(), quantity: z.number(), mandatory: z.boolean() });

export const bidRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const commands = bidCommands(deps);

    /** The post's owner, for the audience of a bid (the posts read model has every published post). */
    async function ownerOf(postId: string): Promise<string | null> {
      return (await findPost(db, postId))?.owner_id ?? null;
    }

    /** Who may see one bid: its provider, its organisation's viewers, an admin, and the post's customer. */
    function maySee(caller: Caller, row: BidRow, postOwnerId: string | null): boolean {
      if (caller.userType === 'admin') return caller.permissions.view;
      if (caller.userType === 'customer') return caller.userId === postOwnerId;
      if (caller.userId === row.provider_id) return true;
      return caller.permissions.view_all_within_organisation && caller.organisationUuid === row.organisation_uuid;
    }

    /** The bid as the caller may see it (deleted: gone), or null. */
    async function visibleBid(request: FastifyRequest, bidId: string): Promise<{ row: BidRow; ownerId: string } | null> {
      const row = await findBid(db, bidId);
      if (!row || row.deleted) return null;
      const ownerId = await ownerOf(row.post_id);
      return ownerId && maySee(callerOf(request), row, ownerId) ? { row, ownerId } : null;
    }

    /** One bid as the caller sees it, with its place on the post. */
    async function answerBid(request: FastifyRequest, reply: FastifyReply, row: BidRow, ownerId: string, status = 200) {
      const read = await commands.readPost(row.post_id);
      const places = read ? await placesOfPost(deps, row.post_id, sortKeyOf(read.state)) : new Map<string, string>();
      const [view] = await toBidViews(deps, [row], () => ({ caller: callerOf(request), postOwnerId: ownerId }), (r) => places.get(r.uuid) ?? null);
      return reply.code(status).send(view);
    }

    /** After a write on a bid: answer its position, wait for the read model, answer the bid. */
    async function answerAfterWrite(request: FastifyRequest, reply: FastifyReply, bidId: string, position: Parameters<typeof answerPosition>[1]) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: 5000 });
      const row = await findBid(db, bidId);
      const ownerId = row && (await ownerOf(row.post_id));
      if (!row || !ownerId) return sendProblem(reply, bidNotFound());
      return answerBid(request, reply, row, ownerId);
    }

    /** EditBid with the form changed (the whole form is decided again against the post as it is now). */
    async function edit(request: FastifyRequest, reply: FastifyReply, row: BidRow, bid: BidForm, confirmed: BidWarningCode[]) {
      const caller = callerOf(request);
      const read = await commands.readPost(row.post_id);
      if (!read) return sendProblem(reply, bidNotFound());
      if (caller.userType === 'fsp' && caller.userId !== row.provider_id) return sendProblem(reply, problem(403, bidErrors.notAllowed, 'Only the provider of this bid can change it.'));
      // The provider's permissions as the provider holds them now (the caller's own when it is the provider).
      const provider = await commands.providerById(row.provider_id, caller.userType === 'fsp' ? caller.permissions : null);
      if (!provider) return sendProblem(reply, problem(409, bidErrors.notEditable, 'The provider of this bid can no longer bid.'));
      const ask = { bid_id: row.uuid, interest_rate: bid.interest_rate, comparison_rate: bid.comparison_rate, placed_at: row.created_at.toISOString() };
      const result = await commands.edit(request, row.uuid, { bid_id: row.uuid, post: await commands.postFacts(read.state, ask), provider, bid, confirmed_warnings: confirmed });
      if (!result.ok) return sendProblem(reply, bidProblem(result.error));
      return answerAfterWrite(request, reply, row.uuid, result.position);
    }

    app.post(
      '/v4/home_loans/:id/bids',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Place a bid on the post of this home loan (a provider; an admin for a provider with fsp_user_uuid). 409 BID_NEEDS_CONFIRMATION lists the warnings to resend in confirmed_warnings; 422 BID_LVR_TOO_HIGH the LVR block",
          params,
          body: bidRequestBody,
          response: { 201: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const postId = await commands.postOfHomeLoan(request.params.id);
        if (!postId) return sendProblem(reply, problem(404, 'POST_NOT_FOUND', 'Post not found.'));
        const { home_loan_bid, confirmed_warnings, fsp_user_uuid } = request.body;
        const placed = await commands.place(request, postId, { bid: home_loan_bid, confirmed_warnings, fsp_user_uuid });
        if (!placed.ok) return sendProblem(reply, placed.problem);
        answerPosition(reply, placed.position);
        // Written without the response schema's check: the view is built field by field from the decided bid
        // (toBidViews), and checking it again cost 4% of the server's CPU a bid (docs/performance-history.md "Fewer
        // copies and checks a bid"); the API tests hold every answer of this route to bidView, unknown fields included.
        return reply.code(201).serializer(JSON.stringify).send(placed.view);
      },
    );

    /** A page of bids with their owners shown as the caller may see them. */
    async function answerList(request: FastifyRequest, scope: BidScope, query: z.infer<typeof bidListQuery>) {
      await waitForRequestedPosition(db, request, READ_MODELS);
      const page = await listBids(db, scope, query);
      // One query for the page's posts: a query per post made this list the slowest read under load.
      const owners = await postOwnersOf(db, page.result.map((row) => row.post_id));
      const result = await toBidViews(deps, page.result, (row) => ({ caller: callerOf(request), postOwnerId: owners.get(row.post_id) ?? '' }));
      return { total_records: page.total_records, result };
    }

    /** A provider's own bids; with view_all_within_organisation the organisation's (spec 1 §2 `/bids`). */
    const providerScope = (caller: Caller): BidScope =>
      caller.permissions.view_all_within_organisation && caller.organisationUuid ? { organisation_uuid: caller.organisationUuid } : { provider_id: caller.userId };

    app.get(
      '/v4/home_loan_bids',
      {
        onRequest: allow(deps, { userTypes: ['fsp'] }),
        schema: {
          tags: TAGS,
          summary: "The provider's own bids, or its organisation's with view_all_within_organisation; newest first; filter[status], filter[post_id]",
          querystring: bidListQuery,
          response: { 200: listResultSchema(bidView), ...problemResponses },
        },
      },
      async (request) => answerList(request, providerScope(callerOf(request)), request.query),
    );

    app.get(
      '/v1/fsps/bids',
      {
        onRequest: allow(deps, { userTypes: ['fsp'] }),
        schema: {
          tags: TAGS,
          summary: 'The same list as GET /v4/home_loan_bids, with status as a plain parameter',
          querystring: fspBidsQuery,
          response: { 200: listResultSchema(bidView), ...problemResponses },
        },
      },
      async (request) => {
        const { status, ...query } = request.query;
        return answerList(request, providerScope(callerOf(request)), { ...query, filter: { ...query.filter, ...(status ? { status } : {}) } });
      },
    );

    app.get(
      '/v5/home_loan_bids',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: 'Every bid (admin); newest first; filter[status], filter[post_id]',
          querystring: bidListQuery,
          response: { 200: listResultSchema(bidView), ...problemResponses },
        },
      },
      async (request) => answerList(request, 'all', request.query),
    );

    app.get(
      '/v4/home_loan_bids/:id',
      {
        onRequest: anyone(deps),
        schema: {
          tags: TAGS,
          summary: "A bid: its provider, its organisation's viewers (view_all_within_organisation), an admin, the post's customer",
          params,
          response: { 200: bidView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        return answerBid(request, reply, found.row, found.ownerId);
      },
    );

    app.patch(
      '/v4/home_loan_bids/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Edit a bid (its provider or an admin): an active bid while the post takes bids, or the bid of an open deal (accepted, contacted, applied, on hold; 409 BID_NOT_EDITABLE once the deal is closed or the bid cancelled); the same form rules, LVR block and warnings as placing",
          params,
          body: editBody,
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const { home_loan_bid, confirmed_warnings } = request.body;
        // The bid's documents keep their ids; any other (new, or an id not of this bid) gets a new one.
        const own = new Set(found.row.form.required_documents.map((d) => d.uuid));
        const bid = { ...home_loan_bid, required_documents: home_loan_bid.required_documents.map((d) => ({ ...d, uuid: d.uuid && own.has(d.uuid) ? d.uuid : deps.ids.uuid() })) };
        return edit(request, reply, found.row, bid, confirmed_warnings);
      },
    );

    app.patch(
      '/v4/home_loan_bids/:id/cancel',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Cancel a bid with a reason (own bid with cancel_active_bids, or an admin); never once closed_won, closed_lost or cancelled. The screens toast 'Bid was Canceled'",
          params,
          body: z.strictObject({ reason: bidCancellationReason }),
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const result = await commands.withdraw(request, found.row.uuid, { type: 'CancelBid', data: { bid_id: found.row.uuid, reason: request.body.reason } });
        if (!result.ok) return sendProblem(reply, bidProblem(result.error, 'body'));
        return answerAfterWrite(request, reply, found.row.uuid, result.position);
      },
    );

    app.delete(
      '/v4/home_loan_bids/:id',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: "Delete a bid that is not a deal (admin); it leaves every list. The screens toast 'Bid was Removed'",
          params,
          response: { 204: z.null(), ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const result = await commands.withdraw(request, found.row.uuid, { type: 'DeleteBid', data: { bid_id: found.row.uuid } });
        if (!result.ok) return sendProblem(reply, bidProblem(result.error));
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, READ_MODELS, result.position, { timeoutMs: 5000 });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/posts/:id/home_loan_bids',
      {
        onRequest: anyone(deps),
        schema: {
          tags: TAGS,
          summary:
            "The post's bids in place order with place labels, groups (retention, standard, cancelled, anonymous) and the winning bid: its customer, an admin, and providers while the post is in bidding, review or processing (or holding a bid on it)",
          params,
          querystring: z.strictObject({ status: z.enum(bidStatuses, { error: 'Unknown bid status.' }).optional() }),
          response: { 200: postBidsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const caller = callerOf(request);
        const read = await commands.readPost(request.params.id);
        const notFound = () => sendProblem(reply, problem(404, 'POST_NOT_FOUND', 'Post not found.'));
        if (!read || read.state.status === 'pending') return notFound();
        const ownerId = read.state.post.owner_id;
        const rows = await bidsOfPost(db, request.params.id);
        if (caller.userType === 'customer' && caller.userId !== ownerId) return notFound();
        if (caller.userType === 'admin' && !caller.permissions.view) return notFound();
        if (caller.userType === 'fsp') {
          // Like an auction room: open posts show their bids to every provider; later only to those who bid.
          const open = ['active', 'review', 'processing'].includes(read.state.status);
          if (!open && !rows.some((row) => row.provider_id === caller.userId || row.organisation_uuid === caller.organisationUuid)) return notFound();
        }
        const places = await placesOfPost(deps, request.params.id, sortKeyOf(read.state));
        const ranked = [...rows].sort((a, b) => placeOrder(places, a) - placeOrder(places, b));
        const shown = request.query.status ? ranked.filter((row) => row.status === request.query.status) : ranked;
        const result = await toBidViews(deps, shown, () => ({ caller, postOwnerId: ownerId }), (row) => places.get(row.uuid) ?? null);
        return { total_records: result.length, result, winning_bid_uuid: rows.find(isWinning)?.uuid ?? null };
      },
    );

    // Documents (spec 3 §7): kept in the bid's form, so every change is a BidEdited of the whole form.

    app.get(
      '/v1/home_loan_bids/:id/required_documents',
      {
        onRequest: anyone(deps),
        schema: { tags: TAGS, summary: 'The documents the bid asks the customer for', params, response: { 200: z.object({ result: z.array(requiredDocumentView) }), ...problemResponses } },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        return { result: found.row.form.required_documents.flatMap((d) => (d.uuid ? [{ ...d, uuid: d.uuid }] : [])) };
      },
    );

    /** Document changes keep the bid's terms: its warnings were confirmed when it was placed or edited. */
    const keepTerms: BidWarningCode[] = [...bidWarningCodes];

    app.post(
      '/v1/home_loan_bids/:id/required_documents',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: 'Add a required document to an active bid (its provider or an admin)', params, body: requiredDocumentBody, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const form = found.row.form;
        const added = { ...request.body.required_document, uuid: deps.ids.uuid() };
        return edit(request, reply, found.row, { ...form, required_documents: [...form.required_documents, added] }, keepTerms);
      },
    );

    /** The bid holding a required document, if the caller may see it. */
    async function bidOfDocument(request: FastifyRequest, documentId: string) {
      const row = await findBidOfRequiredDocument(db, documentId);
      return row ? visibleBid(request, row.uuid) : null;
    }

    app.patch(
      '/v1/required_documents/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: "Change one of an active bid's required documents", params, body: requiredDocumentBody, response: { 200: bidView, ...bidResponses } },
      },
      async (request, reply) => {
        const found = await bidOfDocument(request, request.params.id);
        if (!found) return sendProblem(reply, problem(404, 'DOCUMENT_NOT_FOUND', 'Document not found.'));
        const form = found.row.form;
        const changed = form.required_documents.map((d) => (d.uuid === request.params.id ? { ...request.body.required_document, uuid: d.uuid } : d));
        return edit(request, reply, found.row, { ...form, required_documents: changed }, keepTerms);
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
        if (!found) return sendProblem(reply, problem(404, 'DOCUMENT_NOT_FOUND', 'Document not found.'));
        const form = found.row.form;
        const remaining = form.required_documents.filter((d) => d.uuid !== request.params.id);
        if (remaining.length === 0) {
          return sendProblem(reply, problem(422, bidErrors.invalid, bidMessages.requiredDocumentMissing, { required_documents: [bidMessages.requiredDocumentMissing] }));
        }
        return edit(request, reply, found.row, { ...form, required_documents: remaining }, keepTerms);
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
          body: z.strictObject({ home_loan_bid_optional_document: optionalDocumentSchema }),
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const form = found.row.form;
        const optional_documents = [...form.optional_documents, request.body.home_loan_bid_optional_document];
        return edit(request, reply, found.row, { ...form, optional_documents }, keepTerms);
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

/** Cancelled bids have no place: they come last. */
function placeOrder(places: Map<string, string>, row: BidRow): number {
  const place = Number.parseInt(places.get(row.uuid) ?? '', 10);
  return Number.isNaN(place) ? Number.MAX_SAFE_INTEGER : place;
}
