import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sortKeyOf } from '../../application/bids/bid-facts';
import { bidListQuery, bidView, postBidsView } from '../../contracts/bid';
import { bidStatuses } from '../../domain/bid/schemas';
import { postErrors } from '../../domain/post/decider';
import { listResultSchema } from '../../domain/shared/list-query';
import type { BidRow } from '../../projections/bids/bids';
import { type BidScope, bidsOfPost, listBids } from '../../projections/bids/queries';
import { postOwnersOf } from '../../projections/posts/queries';
import { adminOnly, allow, callerOf } from '../access';
import type { Caller } from '../authentication';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { anyone, type BidReplies, params, READ_MODELS, TAGS } from './bid-replies';
import { isWinning, placesOfPost, toBidViews } from './bid-views';

// spec 3 §7 "Bids" (docs/bids.md): the lists of bids, a provider's, every bid (admin), and a post's.

const fspBidsQuery = bidListQuery.extend({ status: z.enum(bidStatuses, { error: 'Unknown bid status.' }).optional() });

/** A provider's own bids; with view_all_within_organisation the organisation's (spec 1 §2 `/bids`). */
const providerScope = (caller: Caller): BidScope =>
  caller.permissions.view_all_within_organisation && caller.organisationUuid ? { organisation_uuid: caller.organisationUuid } : { provider_id: caller.userId };

export const bidListRoutes =
  (deps: AppDependencies, replies: BidReplies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    /** A page of bids with their owners shown as the caller may see them. */
    async function answerList(request: FastifyRequest, scope: BidScope, query: z.infer<typeof bidListQuery>) {
      await waitForRequestedPosition(db, request, READ_MODELS);
      const page = await listBids(db, scope, query);
      // One query for the page's posts: a query per post made this list the slowest read under load.
      const owners = await postOwnersOf(db, page.result.map((row) => row.post_id));
      const result = await toBidViews(deps, page.result, (row) => ({ caller: callerOf(request), postOwnerId: owners.get(row.post_id) ?? '' }));
      return { total_records: page.total_records, result };
    }

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
        const read = await replies.readPost(request.params.id);
        const notFound = () => sendProblem(reply, domainProblem({ code: postErrors.notFound, message: 'Post not found.' }));
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
  };

/** Cancelled bids have no place: they come last. */
function placeOrder(places: Map<string, string>, row: BidRow): number {
  const place = Number.parseInt(places.get(row.uuid) ?? '', 10);
  return Number.isNaN(place) ? Number.MAX_SAFE_INTEGER : place;
}
