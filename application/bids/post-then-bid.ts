import type { BidCommand } from '../../domain/bid/commands';
import { type BidContent, bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { type LifecycleCommand, lifecycleErrors } from '../../domain/post/lifecycle';
import { CONTENDED_ATTEMPTS, type CommandContext, ConcurrencyConflictError, handleCommand, loadState } from '../../infrastructure/command-handler';
import { WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store';
import type { WorkflowDependencies } from '../dependencies';
import { type BidRequest, bidActorOf, bidEventMetadata } from './bid-facts';
import { oneAtATimeOnPost } from './bid-posts';

// A bid command that the post records too (docs/bids.md "Editing a bid", "Cancelling and deleting"): the rates an
// edit changes, the bid a cancellation or deletion withdraws. Used by edit-bid.ts, cancel-bid.ts and delete-bid.ts.

type Deps = Pick<WorkflowDependencies, 'store' | 'ids' | 'clock'>;
/** A bid command as a workflow builds it (the metadata is the caller's). */
export type BidCommandBody = BidCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;
type PostCommandBody = Extract<LifecycleCommand, { type: 'WithdrawBid' | 'ChangeBidRates' }> extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;
/** The post's side of a bid command, given the bid as its stream has it (null: the post has nothing to record). */
export type PostCommandOf = (bid: BidContent) => PostCommandBody | null;

const contextOf = ({ caller, correlationId }: BidRequest, now: Date): CommandContext => ({ userId: caller.userId, correlationId, causationId: null, now });

/** Runs a bid command on the bid's stream as the caller. */
export function runBidCommand({ store, ids, clock }: Deps, request: BidRequest, bidId: string, body: BidCommandBody) {
  const command = { ...body, metadata: { actor: bidActorOf(request), now: clock.now().toISOString() } } as BidCommand;
  return handleCommand({ store, ids, streamId: bidStream(bidId), decider: bidDecider, command, context: contextOf(request, clock.now()) });
}

/**
 * A bid command the post records first: the bid command is decided without writing (a refusal writes nothing),
 * then the post's command, then the bid's, together where the store can (`postThenBidTogether`). When the post has
 * nothing to record, the bid command runs alone.
 */
export async function runPostThenBid(deps: Deps, request: BidRequest, bidId: string, body: BidCommandBody, onPostOf: PostCommandOf) {
  const { store, ids, clock } = deps;
  const now = clock.now().toISOString();
  const { state } = await loadState(store, bidStream(bidId), bidDecider);
  const decided = bidDecider.decide({ ...body, metadata: { actor: bidActorOf(request), now } } as BidCommand, state);
  // Refused (a missing bid too): `runBidCommand` answers the same refusal and writes nothing.
  if (!decided.ok || state.status === 'absent') return runBidCommand(deps, request, bidId, body);
  const onPost = onPostOf(state.bid);
  if (!onPost) return runBidCommand(deps, request, bidId, body);
  const postId = state.bid.post_id;
  if (store.appendTogether) return postThenBidTogether(deps, request, bidId, postId, body, onPost);
  const onPostDone = await handleCommand({
    store,
    ids,
    streamId: postStream(postId),
    decider: postDecider,
    command: { ...onPost, metadata: { actor: { system: 'bids' }, now } },
    context: contextOf(request, clock.now()),
    attempts: CONTENDED_ATTEMPTS,
  });
  // Withdrawn already: an earlier attempt stopped between the two streams; this one finishes it.
  const finishing =
    !onPostDone.ok &&
    onPostDone.error.code === lifecycleErrors.bidNotRegistered &&
    (await store.readStream(postStream(postId))).some((e) => e.type === 'BidWithdrawn' && (e.data as { bid_id: string }).bid_id === bidId);
  if (!onPostDone.ok && !finishing) return onPostDone;
  return runBidCommand(deps, request, bidId, body);
}

/** `runPostThenBid` where the store appends to both streams in one transaction: a crash leaves both or neither. */
async function postThenBidTogether({ store, ids, clock }: Deps, request: BidRequest, bidId: string, postId: string, body: BidCommandBody, onPostCommand: PostCommandBody) {
  const at = clock.now();
  const now = at.toISOString();
  const metadata = bidEventMetadata(request, at);
  const toEvent = (e: { type: string; data: unknown }) => ({ id: ids.uuid(), type: e.type, data: e.data, metadata });
  // Queued with the post's bids, so a burst of them cannot outrun it.
  return oneAtATimeOnPost(postId, async () => {
    for (let attempt = 1; ; attempt++) {
      const [post, bid] = await Promise.all([loadState(store, postStream(postId), postDecider), loadState(store, bidStream(bidId), bidDecider)]);
      const onPost = postDecider.decide({ ...onPostCommand, metadata: { actor: { system: 'bids' }, now } }, post.state);
      if (!onPost.ok) return onPost;
      const onBid = bidDecider.decide({ ...body, metadata: { actor: bidActorOf(request), now } } as BidCommand, bid.state);
      if (!onBid.ok) return onBid;
      try {
        const [, appended] = await store.appendTogether!([
          { streamId: postStream(postId), events: onPost.events.map(toEvent), expectedRevision: post.revision },
          { streamId: bidStream(bidId), events: onBid.events.map(toEvent), expectedRevision: bid.revision },
        ]);
        return { ok: true as const, state: onBid.events.reduce(bidDecider.evolve, bid.state), position: appended!.position, eventCount: onBid.events.length, events: onBid.events };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= CONTENDED_ATTEMPTS) throw new ConcurrencyConflictError(postStream(postId));
      }
    }
  });
}

/** The post's side of cancelling or deleting a bid: the post withdraws it, so an acceptance racing it is refused. */
export const withdrawFromPost =
  (bidId: string): PostCommandOf =>
  (bid) => ({ type: 'WithdrawBid', data: { post_id: bid.post_id, bid_id: bidId } });
