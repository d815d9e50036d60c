import type { AcceptanceView } from '../../contracts/deal';
import { bidDecider, bidErrors } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { dealStream } from '../../domain/deal/events';
import { type ContactPreference, defaultContactPreference } from '../../domain/deal/schemas';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { CONTENDED_ATTEMPTS, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { dealIdOf } from '../../projections/deals/deal-opener';
import { findDeal } from '../../projections/deals/queries';
import { findPost } from '../../projections/posts/queries';
import { type ActorRequest, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels, READ_MODEL_WAIT_MS } from '../read-models';
import { postNotFound, type Refusal } from '../refusals';

// Acceptance (spec 1 §4, spec 3 §4, §5; docs/deals.md "Acceptance"): the post's owner or an admin accepts one bid of
// the post, with the customer's contact preference; the post stream owns "exactly one accepted bid" (DESIGN.md §2)
// and the deals reactor opens the deal. The e-mail link /connect-me/{post_uuid}/{bid_uuid} runs it too.

export type AcceptBidInput = ActorRequest & { postId: string; bidId: string; preference: ContactPreference | undefined };
export type AcceptBidResult = { ok: true; acceptance: AcceptanceView; position: Position | null } | { ok: false; error: Refusal };

const bidNotFound: Refusal = { code: bidErrors.notFound, message: 'Bid not found.' };

/** Accepts as the actor; answers once the deal is readable, or the bounded wait is over (`deal_opened` says which). */
export async function acceptBid(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, input: AcceptBidInput): Promise<AcceptBidResult> {
  const { db, store, ids, clock } = deps;
  const { actor, postId, bidId, preference } = input;
  const isAdmin = actor.userType === 'admin';
  const post = await findPost(db, postId);
  // Someone else's post is answered like a missing one (docs/security.md).
  if (!post || (!isAdmin && post.owner_id !== actor.userId)) return { ok: false, error: postNotFound };
  const bid = await loadState(store, bidStream(bidId), bidDecider);
  if (bid.state.status === 'absent' || bid.state.status === 'deleted' || bid.state.bid.post_id !== postId) return { ok: false, error: bidNotFound };
  const now = clock.now();
  const result = await handleCommand({
    store,
    ids,
    streamId: postStream(postId),
    decider: postDecider,
    command: {
      type: 'AcceptBid',
      data: { post_id: postId, bid_id: bidId, bid_status: bid.state.status, ...(preference ? { contact_preference: preference } : {}) },
      metadata: { actor: { user_id: actor.userId, admin: isAdmin }, now: now.toISOString() },
    },
    context: contextOf(input, now),
    // The post may be taking a burst of bids: the acceptance must not lose to them.
    attempts: CONTENDED_ATTEMPTS,
  });
  if (!result.ok) return { ok: false, error: result.error };
  const dealId = dealIdOf(bidId);
  // Read your writes: the reactor opens the deal after the acceptance; wait for it, then for the deals read model.
  // One budget for both waits: two full waits in a row kept a client waiting over 10 s under load.
  const deadline = Date.now() + READ_MODEL_WAIT_MS;
  await awaitReadModels(db, ['deal-opener'], result.position);
  const dealEvents = await store.readStream(dealStream(dealId));
  const last = dealEvents[dealEvents.length - 1];
  if (last) await awaitReadModels(db, ['deals'], last.position, Math.max(0, deadline - Date.now()));
  const deal = await findDeal(db, dealId);
  const contactPreference = deal?.contact_preference ?? preference ?? defaultContactPreference;
  return {
    ok: true,
    position: last ? last.position : result.position,
    acceptance: { post_id: postId, bid_id: bidId, deal_id: dealId, deal_opened: deal !== undefined, contact_preference: { uuid: dealId, ...contactPreference } },
  };
}
