import type { AutoBidRecord } from '../../domain/bid/auto-bid';
import type { BidCommand, ProviderFacts } from '../../domain/bid/commands';
import { type BidError, bidDecider, bidErrors } from '../../domain/bid/decider';
import { type BidEvent, type BidPlaced, bidStream } from '../../domain/bid/events';
import { type BidWarningCode, placeLabel } from '../../domain/bid/rules';
import type { BidForm } from '../../domain/bid/schemas';
import { bidLimitLevel, bidLimitReachedMessage } from '../../domain/deal/figures';
import { postDecider, type PostState } from '../../domain/post/decider';
import { type PostEvent, postStream } from '../../domain/post/events';
import { type BidStanding, lifecycleErrors, lifecycleMessages, standingOf, type StandingAsk } from '../../domain/post/lifecycle';
import type { PostSortKey } from '../../domain/post/schemas';
import { effectivePermissions, type PermissionMap } from '../../domain/user/permissions';
import { Batcher } from '../../infrastructure/batcher';
import { ConcurrencyConflictError } from '../../infrastructure/command-handler';
import { type AppendResult, type EventMetadata, type Position, type StreamAppend, WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store';
import { bidRowOf, type BidRow } from '../../projections/bids/bids';
import { type BidOrganisation, type BidderRow, biddersOf, bidStandingOf } from '../../projections/bids/queries';
import type { WorkflowDependencies } from '../dependencies';
import { unknownDocumentTypeErrors } from '../document-types/known-document-types';
import { type BidRequest, bidActorOf, bidEventMetadata, chosenProductFacts, type OpenPost, postFactsOf, productNameOf, sortKeyOf } from './bid-facts';
import { type BidPosts, type FoldedPost, oneAtATimeOnPost } from './bid-posts';

/** How often placing retries when other bids of the same post were registered at the same moment. */
const REGISTER_ATTEMPTS = 5;
/** Reads of the providers placing bids in flight at once, and the most bids one read serves. */
const BIDDER_BATCHES = { concurrency: 4, maxItems: 64 };

export type PlaceBidInput = {
  postId: string;
  bid: BidForm;
  confirmedWarnings: BidWarningCode[];
  /** An admin's: the provider the bid is for. */
  providerId?: string | undefined;
  /**
   * The auto-bidder's: the bid's id, derived from its template and post. The bid's stream must not exist yet, so a
   * second placement with the same id appends nothing (the caller checks first; a race ends in a conflict).
   */
  bidId?: string;
  /** The auto-bidder's: its template, bid action, replaced bids and rule trace, kept in `BidPlaced`. */
  autoBid?: AutoBidRecord;
};

/**
 * Placed: the bid as the read model will hold it, its place on the post, and what its view shows of its provider
 * (read already, so the answer waits for no read model). Refused: the error, and the request's field it is about
 * when it is not one of the form's.
 */
export type PlaceBidResult =
  | { ok: true; row: BidRow; place: string; postOwnerId: string; organisation: BidOrganisation; providerName: string; position: Position }
  | { ok: false; error: BidError; field?: 'fsp_user_uuid' };

type Refused = Extract<PlaceBidResult, { ok: false }>;
const refused = (code: string, message: string, field?: 'fsp_user_uuid'): Refused => ({ ok: false, error: { code, message }, ...(field ? { field } : {}) });
const postNotFound = () => refused(lifecycleErrors.notFound, 'Post not found.');
/** spec 1 §4: the post no longer takes bids ('This {product} won't be able to receive any new bids.'). */
const postNotOpen = (post: OpenPost) => refused(bidErrors.postNotOpen, lifecycleMessages.endBiddingConfirmation(productNameOf(post)));

/** The provider a bid is placed for; null when it is no active provider of an organisation. */
function bidderFrom(row: BidderRow | undefined, permissions: PermissionMap | null) {
  if (!row || row.user_type !== 'fsp' || row.status !== 'active' || !row.organisation_uuid) return null;
  const provider: ProviderFacts = {
    user_id: row.uuid,
    organisation_uuid: row.organisation_uuid,
    organisation_type: row.organisation_type ?? 'broker',
    permissions: permissions ?? effectivePermissions('fsp', row.permissions),
  };
  const limitMaxed = bidLimitLevel(row.accepted_deals, row.bids_accepted_limit) === 'maxed' || bidLimitLevel(row.contacted_deals, row.bids_contacted_limit) === 'maxed';
  const organisation: BidOrganisation = { uuid: row.organisation_uuid, name: row.organisation_name ?? '', logo_file_id: row.logo_file_id };
  return { provider, limitMaxed, organisation, fullName: row.full_name };
}

/**
 * The workflow placing bids, made once per app: it keeps the posts' folds (`posts`) and reads the providers of bids
 * placed at the same time in one statement (docs/performance-history.md "Reads in batches").
 */
export function placeBidWorkflow(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, posts: BidPosts) {
  const { db, store, ids, clock } = deps;
  const bidders = new Batcher<string, BidderRow | undefined>((userIds) => biddersOf(db, userIds), BIDDER_BATCHES);

  /**
   * Places a bid (docs/bids.md "Placing a bid"): decided against the post as this process last knew it, then
   * `RegisterBid` on the post stream at that revision (refused once bidding has ended, serialised with `EndBidding`)
   * and the bid's new stream, in one append. When the post moved on meanwhile (the revision no longer matches) or
   * a decision refuses on the remembered post, the post's new events are read and the whole decision is made again,
   * so a bid is never judged on a stale post. The answer is built from the decided event and the facts already
   * read, without waiting for the read models (read-your-writes is the client's, through the answered position).
   */
  return async function placeBid(request: BidRequest, input: PlaceBidInput): Promise<PlaceBidResult> {
    const { caller } = request;
    const { postId } = input;
    const forAdmin = caller.userType === 'admin';
    if (forAdmin && !input.providerId) return refused(bidErrors.invalid, 'Choose the provider this bid is for.', 'fsp_user_uuid');
    const bidId = input.bidId ?? ids.uuid();
    const metadata = bidEventMetadata(request, clock.now());
    const [remembered, bidderRow, product, documentTypeErrors] = await Promise.all([
      posts.postForBid(postId, { fresh: false }),
      bidders.submit(forAdmin ? (input.providerId ?? '') : caller.userId),
      chosenProductFacts(db, input.bid),
      unknownDocumentTypeErrors(db, input.bid.required_documents),
    ]);
    const bidder = bidderFrom(bidderRow, forAdmin ? null : caller.permissions);
    if (!remembered) return postNotFound();
    if (!bidder) {
      if (forAdmin) return refused(bidErrors.invalid, 'No such active provider.', 'fsp_user_uuid');
      return refused(bidErrors.notAllowed, 'Only an active provider of an organisation can bid.');
    }
    if (bidder.limitMaxed) return refused(bidErrors.biddingLimitReached, bidLimitReachedMessage);
    if (Object.keys(documentTypeErrors).length > 0) return { ok: false, error: { code: bidErrors.invalid, message: 'The bid has invalid fields.', errors: documentTypeErrors } };
    // Ids of documents are the server's (so /v1/required_documents/{id} and /v1/home_loan_bid_optional_documents/{id} name one).
    const withId = <D>(document: D) => ({ ...document, uuid: ids.uuid() });
    const bid: BidForm = { ...input.bid, required_documents: input.bid.required_documents.map(withId), optional_documents: input.bid.optional_documents.map(withId) };
    const toEvent = (e: { type: string; data: unknown }) => ({ id: ids.uuid(), type: e.type, data: e.data, metadata });
    const ask: StandingAsk = { bid_id: bidId, interest_rate: bid.interest_rate, comparison_rate: bid.comparison_rate, placed_at: metadata.occurred_at };
    const decide = (post: OpenPost, standing: Record<PostSortKey, BidStanding> | null) =>
      decidePlacement(post, standing, { bid_id: bidId, provider: bidder.provider, bid, confirmed_warnings: input.confirmedWarnings, product, ...(input.autoBid ? { auto_bid: input.autoBid } : {}) }, request, metadata);

    // One bid of a post at a time in this process, queued with the commands that compete with them (the end of
    // bidding): the next one starts from the fold the last one left, instead of meeting it at the same revision and
    // going the long way round (9% of bids under the bench's load).
    const placed = await oneAtATimeOnPost(postId, async () => {
      // The fold as the bid before this one in the queue left it.
      let loaded: FoldedPost | null = await posts.postForBid(postId, { fresh: false });
      for (let attempt = 1; ; attempt++) {
        if (!loaded) return postNotFound();
        const { post, revision, fresh } = loaded;
        // From the post's own record of its bids, exact at this revision; from the read model for posts with bids
        // registered before the post kept their rates. None: the post takes no bids.
        const standing = post.status === 'active' ? (standingOf(post, ask) ?? (await bidStandingOf(db, { ...ask, post_id: postId }))) : null;
        const decided = decide(post, standing);
        if (decided.ok) {
          try {
            const appended = await appendBoth(
              { streamId: postStream(postId), events: decided.onPost.map(toEvent), expectedRevision: revision },
              { streamId: bidStream(bidId), events: decided.onBid.map(toEvent), expectedRevision: 'no_stream' },
            );
            posts.remember(postId, { state: decided.onPost.reduce(postDecider.evolve, post as PostState), revision: appended[0]!.nextRevision, position: appended[0]!.position });
            return { ok: true as const, post, standing: decided.standing, placedBid: (decided.onBid[0] as BidPlaced).data, position: appended[1]!.position };
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            if (attempt >= REGISTER_ATTEMPTS) throw new ConcurrencyConflictError(postStream(postId));
          }
        } else if (fresh) {
          return decided;
        }
        loaded = await posts.postForBid(postId, { fresh: true });
      }
    });
    if (!placed.ok) return placed;
    return {
      ok: true,
      row: bidRowOf(placed.placedBid, new Date(metadata.occurred_at), metadata.causation_id),
      place: placeLabel(placed.standing[sortKeyOf(placed.post)].ahead + 1),
      postOwnerId: placed.post.post.owner_id,
      organisation: bidder.organisation,
      providerName: bidder.fullName,
      position: placed.position,
    };
  };

  /**
   * `RegisterBid` on the post and the bid's new stream: together where the store can (PostgreSQL, one transaction),
   * so a process killed between the two leaves neither; on EventStoreDB the post first (a crash then leaves a
   * registration without a bid, which the readers skip).
   */
  async function appendBoth(onPost: StreamAppend, onBid: StreamAppend): Promise<AppendResult[]> {
    if (store.appendTogether) return store.appendTogether([onPost, onBid]);
    const post = await store.append(onPost.streamId, onPost.events, onPost.expectedRevision);
    return [post, await store.append(onBid.streamId, onBid.events, onBid.expectedRevision)];
  }
}

type Placement = Omit<Extract<BidCommand, { type: 'PlaceBid' }>['data'], 'post'>;

/** The events placing a bid appends on the post (`RegisterBid`) and on the bid's new stream, or the refusal. */
function decidePlacement(
  post: OpenPost,
  standing: Record<PostSortKey, BidStanding> | null,
  placement: Placement,
  request: BidRequest,
  metadata: EventMetadata,
): { ok: true; onPost: PostEvent[]; onBid: BidEvent[]; standing: Record<PostSortKey, BidStanding> } | Refused {
  if (post.status !== 'active' || !standing) return postNotOpen(post);
  const command: BidCommand = {
    type: 'PlaceBid',
    data: { ...placement, post: postFactsOf(post, standing[sortKeyOf(post)].leadingComparisonRate) },
    metadata: { actor: bidActorOf(request), now: metadata.occurred_at },
  };
  const onBid = bidDecider.decide(command, bidDecider.initialState());
  if (!onBid.ok) return { ok: false, error: onBid.error };
  // The rates as the bid records them (its form as the decider checked it).
  const { interest_rate, comparison_rate } = (onBid.events[0] as BidPlaced).data.bid;
  const register = { post_id: post.post.post_id, bid_id: placement.bid_id, interest_rate, comparison_rate };
  const onPost = postDecider.decide({ type: 'RegisterBid', data: register, metadata: { actor: { system: 'bids' }, now: metadata.occurred_at } }, post);
  if (!onPost.ok) return postNotOpen(post);
  return { ok: true, onPost: onPost.events, onBid: onBid.events, standing };
}
