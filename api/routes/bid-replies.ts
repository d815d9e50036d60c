import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BidRequest } from '../../application/bids/bid-facts';
import { sortKeyOf } from '../../application/bids/bid-facts';
import { editBid, type EditBidInput } from '../../application/bids/edit-bid';
import { type BidError, bidErrors } from '../../domain/bid/decider';
import { type BidProblem, bidProblemSchema } from '../../contracts/bid';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { BidRow } from '../../projections/bids/bids';
import { findBid } from '../../projections/bids/queries';
import { findPost } from '../../projections/posts/queries';
import { waitForProjections } from '../../projections/projection-status';
import { allow, callerOf } from '../access';
import type { Caller } from '../authentication';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';
import { postCommands } from './post-commands';
import { placesOfPost, toBidViews } from './bid-views';

// What the bid routes share (bids.ts, bid-lists.ts, bid-changes.ts, bid-documents.ts; docs/bids.md): who sees which
// bid, the answers after a read or a write, and the problems a refusal becomes.

export const TAGS = ['bids'];
export const params = z.object({ id: z.uuid() });
export const READ_MODELS = ['bids'] as const;
export const bidResponses = { ...problemResponses, 409: bidProblemSchema, 422: bidProblemSchema };

/** Providers and admins with `view` (an admin without it keeps only the system configurations; spec 1 §2). */
export const providerOrAdmin = (deps: AppDependencies) => allow(deps, { userTypes: ['fsp', 'admin'], permission: 'view' });
export const anyone = (deps: AppDependencies) => allow(deps, { userTypes: ['customer', 'fsp', 'admin'] });

/**
 * A bid refusal as problem+json (api/domain-problems.ts), with the warnings to confirm or the LVR block (docs/bids.md
 * "Refusals"). The form's field errors are named under the body's wrapper; `field`: a refusal about another field.
 */
export function bidProblem(error: BidError, field?: string): BidProblem {
  const options = field ? { field } : error.code === bidErrors.invalid ? { wrapper: 'home_loan_bid' } : {};
  return { ...domainProblem(error, options), ...(error.warnings ? { warnings: error.warnings } : {}), ...(error.lvr ? { lvr: error.lvr } : {}) };
}

export const bidNotFound = () => domainProblem({ code: bidErrors.notFound, message: 'Bid not found.' });

/** The caller and the request's id, as the bid workflows take them. */
export const bidRequestOf = (request: FastifyRequest): BidRequest => ({ caller: callerOf(request), correlationId: request.id });

export type BidReplies = ReturnType<typeof bidReplies>;

export function bidReplies(deps: AppDependencies) {
  const { db } = deps;
  const { readPost } = postCommands(deps);

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
  async function answerBid(request: FastifyRequest, reply: FastifyReply, row: BidRow, ownerId: string) {
    const read = await readPost(row.post_id);
    const places = read ? await placesOfPost(deps, row.post_id, sortKeyOf(read.state)) : new Map<string, string>();
    const [view] = await toBidViews(deps, [row], () => ({ caller: callerOf(request), postOwnerId: ownerId }), (r) => places.get(r.uuid) ?? null);
    return reply.code(200).send(view);
  }

  /** After a write on a bid: answer its position, wait for the read model, answer the bid. */
  async function answerAfterWrite(request: FastifyRequest, reply: FastifyReply, bidId: string, position: Position | null) {
    answerPosition(reply, position);
    if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: 5000 });
    const row = await findBid(db, bidId);
    const ownerId = row && (await ownerOf(row.post_id));
    if (!row || !ownerId) return sendProblem(reply, bidNotFound());
    return answerBid(request, reply, row, ownerId);
  }

  /** Edits the bid with its whole new form (application/bids/edit-bid.ts) and answers it. */
  async function answerEdit(request: FastifyRequest, reply: FastifyReply, row: BidRow, form: EditBidInput['form'], confirmedWarnings: EditBidInput['confirmedWarnings']) {
    const bid = { bid_id: row.uuid, post_id: row.post_id, provider_id: row.provider_id, placed_at: row.created_at.toISOString(), form: row.form };
    const result = await editBid(deps, bidRequestOf(request), { bid, form, confirmedWarnings });
    if (!result.ok) return sendProblem(reply, bidProblem(result.error));
    return answerAfterWrite(request, reply, row.uuid, result.position);
  }

  return { readPost, visibleBid, answerBid, answerAfterWrite, answerEdit };
}
