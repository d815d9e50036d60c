import type { FastifyRequest } from 'fastify';
import type { BidActor, BidCommand, PostFacts, ProviderFacts } from '../../domain/bid/commands';
import { type BidContent, type BidError, bidDecider, bidErrors } from '../../domain/bid/decider';
import { type BidEvent, type BidPlaced, bidStream } from '../../domain/bid/events';
import type { BidWarningCode } from '../../domain/bid/rules';
import { placeLabel, placeLabels } from '../../domain/bid/rules';
import { type BidForm, bidStatusLabelOf, isDealStatus } from '../../domain/bid/schemas';
import { bidGroupOf, type BidProblem, type BidView } from '../../contracts/bid';
import { loanToValueRatio } from '../../domain/post/calculations';
import { postDecider, type PostState } from '../../domain/post/decider';
import { type PostEvent, postStream } from '../../domain/post/events';
import { type BidStanding, type LifecycleCommand, lifecycleErrors, lifecycleMessages, standingOf, type StandingAsk } from '../../domain/post/lifecycle';
import type { PostSortKey } from '../../domain/post/schemas';
import { findProduct } from '../../domain/product/products';
import { effectivePermissions, type PermissionMap } from '../../domain/user/permissions';
import { bidLimitLevel, bidLimitReachedMessage } from '../../domain/deal/figures';
import { CONTENDED_ATTEMPTS, ConcurrencyConflictError, handleCommand, loadState, oneAtATime, RememberedFolds } from '../../infrastructure/command-handler';
import { type AppendResult, type EventMetadata, type Position, type StreamAppend, WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store';
import { Batcher } from '../../infrastructure/batcher';
import { fileUrl } from '../../infrastructure/files';
import { bidRowOf, type BidRow } from '../../projections/bids/bids';
import { type BidOrganisation, type BidderRow, biddersOf, bidStandingOf, leadingBidOf, organisationsOf, providerNamesOf, rankedBidsOf } from '../../projections/bids/queries';
import { findOrganisation } from '../../projections/organisations/queries';
import { findPostOfPart } from '../../projections/posts/queries';
import { findUser } from '../../projections/users/queries';
import type { Caller } from '../authentication';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem } from '../problem';
import { postCommands } from './post-commands';

// What the bid routes share (api/routes/bids.ts): the facts a bid is decided against, placing a bid serialised with
// its post, who sees what of a bid, and the problems a refusal becomes (docs/bids.md).

type OpenPost = Exclude<PostState, { status: 'absent' }>;
/** A bid command as a route sends it (the metadata is the caller's). */
type BidBody = BidCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;
/** The post's side of a bid command, given the bid as its stream has it (null: the post has nothing to record). */
type PostCommandOf = (bid: BidContent) => (Extract<LifecycleCommand, { type: 'WithdrawBid' | 'ChangeBidRates' }> extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never) | null;

const statusOf: Record<string, number> = {
  [bidErrors.notFound]: 404,
  [bidErrors.notAllowed]: 403,
  [bidErrors.invalid]: 422,
  [bidErrors.lvrTooHigh]: 422,
  [bidErrors.reasonRequired]: 422,
};

/** Field paths under the body's wrapper ('interest_rate' → 'home_loan_bid.interest_rate'). */
const underWrapper = (errors: Record<string, string[]>, wrapper: string) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field === 'body' ? wrapper : `${wrapper}.${field}`, messages]));

/** A bid refusal as problem+json, with the warnings to confirm or the LVR block (docs/bids.md "Refusals"). */
export function bidProblem(error: BidError, wrapper = 'home_loan_bid'): BidProblem {
  const status = statusOf[error.code] ?? 409;
  const errors = error.errors && (error.code === bidErrors.invalid ? underWrapper(error.errors, wrapper) : error.errors);
  return { ...problem(status, error.code, error.message, errors), ...(error.warnings ? { warnings: error.warnings } : {}), ...(error.lvr ? { lvr: error.lvr } : {}) };
}

export const bidNotFound = () => problem(404, bidErrors.notFound, 'Bid not found.');

/** spec 1 §4: the post no longer takes bids ('This {product} won't be able to receive any new bids.'). */
export const postNotOpen = (product: string) => problem(409, bidErrors.postNotOpen, lifecycleMessages.endBiddingConfirmation(product));

const productNameOf = (post: OpenPost) => findProduct(post.post.product_id)?.name ?? 'post';
export const sortKeyOf = (post: OpenPost): PostSortKey => post.post.sort_by ?? 'comparison_rate';

/** A provider with either bidding limit at 100% places no new bid (docs/deals.md "Bidding limits"). */
export const BIDDING_LIMIT_REACHED = 'BIDDING_LIMIT_REACHED';

/** How often placing retries when other bids of the same post were registered at the same moment. */
const REGISTER_ATTEMPTS = 5;
/** Posts whose folded stream a process keeps for the next bid (a few kilobytes each, personal data withheld). */
const FOLDED_POSTS_KEPT = 2000;
/** Home loans whose post a process remembers (two ids each; a home loan never moves to another post). */
const HOME_LOAN_POSTS_KEPT = 20_000;
/** Reads of the providers placing bids in flight at once, and the most bids one read serves. */
const BIDDER_BATCHES = { concurrency: 4, maxItems: 64 };

export function bidCommands(deps: AppDependencies) {
  const { db, store, ids, clock } = deps;
  const posts = postCommands(deps);
  const rememberedPosts = new RememberedFolds<PostState>(FOLDED_POSTS_KEPT);
  const homeLoanPosts = new Map<string, string>();
  /** Bids placed at the same time read their providers in one statement (docs/performance-history.md "Reads in batches"). */
  const bidders = new Batcher<string, BidderRow | undefined>((userIds) => biddersOf(db, userIds), BIDDER_BATCHES);

  /**
   * The post of a home loan (the id bids are placed on), remembered: the link never changes, and the post's own
   * state (deleted too) comes from its stream when the bid is decided. Undefined: no such home loan.
   */
  async function postOfHomeLoan(homeLoanId: string): Promise<string | undefined> {
    const known = homeLoanPosts.get(homeLoanId);
    if (known) return known;
    const part = await findPostOfPart(db, homeLoanId, 'home_loan');
    if (!part || part.removed) return undefined;
    if (homeLoanPosts.size >= HOME_LOAN_POSTS_KEPT) homeLoanPosts.delete(homeLoanPosts.keys().next().value!);
    homeLoanPosts.set(homeLoanId, part.post_id);
    return part.post_id;
  }

  /**
   * The post as an edit of `bid` is decided against it; the leading bid leaves out the bid being edited. While the
   * post takes bids the leader comes from the post's own record of its bids, as for a new bid (exact at the revision
   * read); after that, and for posts with bids from before the post kept rates, from the bids read model.
   */
  async function postFacts(post: OpenPost, bid: StandingAsk): Promise<PostFacts> {
    const standing = post.status === 'active' ? standingOf(post, bid, bid.bid_id) : null;
    if (standing) return factsOf(post, standing[sortKeyOf(post)].leadingComparisonRate);
    const leading = await leadingBidOf(db, post.post.post_id, sortKeyOf(post), bid.bid_id);
    return factsOf(post, leading?.comparison_rate ?? null);
  }

  function factsOf(post: OpenPost, leadingComparisonRate: number | null): PostFacts {
    const loan = post.post.home_loan;
    return {
      post_id: post.post.post_id,
      product: productNameOf(post),
      status: post.status,
      lvr: loan?.loan_amount && loan.property_market_value ? loanToValueRatio(loan.loan_amount, loan.property_market_value) : 0,
      loan_type: loan?.loan_type ?? 'new_loan',
      loan_amount: loan?.loan_amount ?? 0,
      current_interest_rate: loan?.interest_rate ?? null,
      split_requested: post.post.preferences?.rate_type === 'split',
      leading_comparison_rate: leadingComparisonRate,
      current_lender_organisation_uuid: loan?.organisation_uuid ?? null,
    };
  }

  /** An active provider of an organisation, with its permissions (`permissions` given: the caller's own). */
  async function providerById(userId: string, permissions: PermissionMap | null): Promise<ProviderFacts | null> {
    const user = await findUser(db, userId);
    if (!user || user.user_type !== 'fsp' || user.status !== 'active' || !user.organisation_uuid) return null;
    const organisation = await findOrganisation(db, user.organisation_uuid);
    return {
      user_id: user.uuid,
      organisation_uuid: user.organisation_uuid,
      organisation_type: organisation?.organisation_type ?? 'broker',
      permissions: permissions ?? effectivePermissions('fsp', user.permissions),
    };
  }

  const actorOf = (caller: Caller): BidActor => ({ user_id: caller.userId, user_type: caller.userType === 'admin' ? 'admin' : caller.userType === 'fsp' ? 'fsp' : 'customer', permissions: caller.permissions });
  const contextOf = (request: FastifyRequest, caller: Caller) => ({ userId: caller.userId, correlationId: request.id, causationId: null, now: clock.now() });
  const metadataOf = (request: FastifyRequest, caller: Caller): EventMetadata => ({
    user_id: caller.userId,
    correlation_id: request.id,
    causation_id: null,
    occurred_at: clock.now().toISOString(),
  });

  /** `fresh`: read from the store just now, not only remembered. */
  type FoldedPost = { post: OpenPost; revision: number; fresh: boolean };

  /**
   * The post stream folded for a bid: its personal fields withheld, not decrypted (the bid rules use only the loan's
   * terms and the status), with the revision the registration appends after. The fold is kept (`rememberedPosts`),
   * with this process's own registrations evolved into it, so a bid on a post this process knows reads nothing: the
   * append's revision check tells when other events came in, and then only those are read (`{ fresh: true }`). A
   * post's stream grows by one event per bid; reading and folding all of it per bid cost more with each.
   */
  async function postForBid(postId: string, { fresh }: { fresh: boolean }): Promise<FoldedPost | null> {
    const streamId = postStream(postId);
    const known = rememberedPosts.get(streamId);
    if (known && !fresh) return { post: known.state as OpenPost, revision: known.revision, fresh: false };
    const folded = await loadState(store, streamId, postDecider, { personalData: 'withhold' }, known);
    if (folded.state.status === 'absent' || folded.revision === 'no_stream') {
      rememberedPosts.forget(streamId);
      return null;
    }
    rememberedPosts.remember(streamId, folded);
    return { post: folded.state, revision: folded.revision, fresh: true };
  }

  /** The provider a bid is placed for; null when it is no active provider of an organisation. */
  function bidderFrom(row: BidderRow | undefined, permissions: PermissionMap | null) {
    if (!row || row.user_type !== 'fsp' || row.status !== 'active' || !row.organisation_uuid) return null;
    const provider: ProviderFacts = {
      user_id: row.uuid,
      organisation_uuid: row.organisation_uuid,
      organisation_type: row.organisation_type ?? 'broker',
      permissions: permissions ?? effectivePermissions('fsp', row.permissions),
    };
    const limitMaxed =
      bidLimitLevel(row.accepted_deals, row.bids_accepted_limit) === 'maxed' || bidLimitLevel(row.contacted_deals, row.bids_contacted_limit) === 'maxed';
    const organisation: BidOrganisation = { uuid: row.organisation_uuid, name: row.organisation_name ?? '', logo_file_id: row.logo_file_id };
    return { provider, limitMaxed, organisation, fullName: row.full_name };
  }

  /**
   * Places a bid (docs/bids.md "Placing a bid"): decided against the post as this process last knew it, then
   * `RegisterBid` on the post stream at that revision (refused once bidding has ended, serialised with `EndBidding`)
   * and the bid's new stream, in one append. When the post moved on meanwhile (the revision no longer matches) or
   * a decision refuses on the remembered post, the post's new events are read and the whole decision is made again,
   * so a bid is never judged on a stale post. The answer is built from the decided event and the facts already
   * read, without waiting for the read models (read-your-writes is the client's, through the answered position).
   */
  async function place(
    request: FastifyRequest,
    postId: string,
    input: { bid: BidForm; confirmed_warnings: BidWarningCode[]; fsp_user_uuid?: string | undefined },
  ): Promise<{ ok: true; view: BidView; position: Position } | { ok: false; problem: BidProblem }> {
    const caller = callerOf(request);
    if (caller.userType === 'admin' && !input.fsp_user_uuid) {
      return { ok: false, problem: problem(422, bidErrors.invalid, 'Choose the provider this bid is for.', { fsp_user_uuid: ['Choose the provider this bid is for.'] }) };
    }
    const bidId = ids.uuid();
    const metadata = metadataOf(request, caller);
    const [remembered, bidderRow] = await Promise.all([
      postForBid(postId, { fresh: false }),
      bidders.submit(caller.userType === 'admin' ? (input.fsp_user_uuid ?? '') : caller.userId),
    ]);
    const bidder = bidderFrom(bidderRow, caller.userType === 'admin' ? null : caller.permissions);
    if (!remembered) return { ok: false, problem: problem(404, lifecycleErrors.notFound, 'Post not found.') };
    if (!bidder) {
      if (caller.userType === 'admin') return { ok: false, problem: problem(422, bidErrors.invalid, 'No such active provider.', { fsp_user_uuid: ['No such active provider.'] }) };
      return { ok: false, problem: problem(403, bidErrors.notAllowed, 'Only an active provider of an organisation can bid.') };
    }
    if (bidder.limitMaxed) return { ok: false, problem: problem(403, BIDDING_LIMIT_REACHED, bidLimitReachedMessage) };
    // Ids of required documents are the server's (so /v1/required_documents/{id} names one).
    const bid: BidForm = { ...input.bid, required_documents: input.bid.required_documents.map((document) => ({ ...document, uuid: ids.uuid() })) };
    const toEvent = (e: { type: string; data: unknown }) => ({ id: ids.uuid(), type: e.type, data: e.data, metadata });
    const ask: StandingAsk = { bid_id: bidId, interest_rate: bid.interest_rate, comparison_rate: bid.comparison_rate, placed_at: metadata.occurred_at };

    // One bid of a post at a time in this process, queued with the commands that compete with them (the end of
    // bidding): the next one starts from the fold the last one left, instead of meeting it at the same revision and
    // going the long way round (9% of bids under the bench's load).
    const placed = await oneAtATime(postStream(postId), async () => {
      // The fold as the bid before this one in the queue left it.
      let loaded: FoldedPost | null = await postForBid(postId, { fresh: false });
      for (let attempt = 1; ; attempt++) {
        if (!loaded) return { ok: false as const, problem: problem(404, lifecycleErrors.notFound, 'Post not found.') };
        const { post, revision, fresh } = loaded;
        // From the post's own record of its bids, exact at this revision; from the read model for posts with bids
        // registered before the post kept their rates. None: the post takes no bids.
        const standing = post.status === 'active' ? (standingOf(post, ask) ?? (await bidStandingOf(db, { ...ask, post_id: postId }))) : null;
        const decided = decidePlacement(post, bidId, bidder.provider, bid, input.confirmed_warnings, standing, caller, metadata);
        if (decided.ok) {
          try {
            const appended = await appendBoth(
              { streamId: postStream(postId), events: decided.onPost.map(toEvent), expectedRevision: revision },
              { streamId: bidStream(bidId), events: decided.onBid.map(toEvent), expectedRevision: 'no_stream' },
            );
            rememberedPosts.remember(postStream(postId), { state: decided.onPost.reduce(postDecider.evolve, post as PostState), revision: appended[0]!.nextRevision, position: appended[0]!.position });
            return { ok: true as const, post, standing: decided.standing, placedBid: (decided.onBid[0] as BidPlaced).data, position: appended[1]!.position };
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            if (attempt >= REGISTER_ATTEMPTS) throw new ConcurrencyConflictError(postStream(postId));
          }
        } else if (fresh) {
          return { ok: false as const, problem: decided.problem };
        }
        loaded = await postForBid(postId, { fresh: true });
      }
    });
    if (!placed.ok) return placed;
    const row = bidRowOf(placed.placedBid, new Date(metadata.occurred_at));
    const place = placeLabel(placed.standing[sortKeyOf(placed.post)].ahead + 1);
    const [view] = await toBidViews(deps, [row], () => ({ caller, postOwnerId: placed.post.post.owner_id }), () => place, {
      organisations: new Map([[bidder.organisation.uuid, bidder.organisation]]),
      names: new Map([[row.provider_id, bidder.fullName]]),
    });
    return { ok: true, view: view!, position: placed.position };
  }

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

  /** The events placing a bid appends on the post (`RegisterBid`) and on the bid's new stream, or the refusal. */
  function decidePlacement(
    post: OpenPost,
    bidId: string,
    provider: ProviderFacts,
    bid: BidForm,
    confirmedWarnings: BidWarningCode[],
    standing: Record<PostSortKey, BidStanding> | null,
    caller: Caller,
    metadata: EventMetadata,
  ): { ok: true; onPost: PostEvent[]; onBid: BidEvent[]; standing: Record<PostSortKey, BidStanding> } | { ok: false; problem: BidProblem } {
    if (post.status !== 'active' || !standing) return { ok: false, problem: postNotOpen(productNameOf(post)) };
    const command: BidCommand = {
      type: 'PlaceBid',
      data: { bid_id: bidId, post: factsOf(post, standing[sortKeyOf(post)].leadingComparisonRate), provider, bid, confirmed_warnings: confirmedWarnings },
      metadata: { actor: actorOf(caller), now: metadata.occurred_at },
    };
    const onBid = bidDecider.decide(command, bidDecider.initialState());
    if (!onBid.ok) return { ok: false, problem: bidProblem(onBid.error) };
    // The rates as the bid records them (its form as the decider checked it).
    const { interest_rate, comparison_rate } = (onBid.events[0] as BidPlaced).data.bid;
    const register = { post_id: post.post.post_id, bid_id: bidId, interest_rate, comparison_rate };
    const onPost = postDecider.decide({ type: 'RegisterBid', data: register, metadata: { actor: { system: 'bids' }, now: metadata.occurred_at } }, post);
    if (!onPost.ok) return { ok: false, problem: postNotOpen(productNameOf(post)) };
    return { ok: true, onPost: onPost.events, onBid: onBid.events, standing };
  }

  /** Runs a bid command on the bid's stream as the caller. */
  function run(request: FastifyRequest, bidId: string, body: BidBody) {
    const caller = callerOf(request);
    const command = { ...body, metadata: { actor: actorOf(caller), now: clock.now().toISOString() } } as BidCommand;
    return handleCommand({ store, ids, streamId: bidStream(bidId), decider: bidDecider, command, context: contextOf(request, caller) });
  }

  /**
   * Cancels or deletes a bid (docs/bids.md "Cancelling and deleting"): `WithdrawBid` is recorded on the post stream
   * first, where an acceptance racing it is serialised and refused.
   */
  function withdraw(request: FastifyRequest, bidId: string, body: { type: 'CancelBid'; data: { bid_id: string; reason: string } } | { type: 'DeleteBid'; data: { bid_id: string } }) {
    return postThenBid(request, bidId, body, (bid) => ({ type: 'WithdrawBid', data: { post_id: bid.post_id, bid_id: bidId } }));
  }

  /**
   * Edits a bid (docs/bids.md "Editing a bid"): new rates are recorded on the post stream too (`ChangeBidRates`), so
   * the post ranks the next bid against them; an edit that keeps the rates touches the bid's stream only.
   */
  function edit(request: FastifyRequest, bidId: string, data: Extract<BidCommand, { type: 'EditBid' }>['data']) {
    const { interest_rate, comparison_rate } = data.bid;
    return postThenBid(request, bidId, { type: 'EditBid', data }, (bid) =>
      bid.form.interest_rate === interest_rate && bid.form.comparison_rate === comparison_rate
        ? null
        : { type: 'ChangeBidRates', data: { post_id: bid.post_id, bid_id: bidId, interest_rate, comparison_rate } },
    );
  }

  /**
   * A bid command the post records first: the bid command is decided without writing (a refusal writes nothing),
   * then the post's command, then the bid's, together where the store can (`postThenBidTogether`). When the post has
   * nothing to record, the bid command runs alone.
   */
  async function postThenBid(request: FastifyRequest, bidId: string, body: BidBody, onPostOf: PostCommandOf) {
    const caller = callerOf(request);
    const now = clock.now().toISOString();
    const { state } = await loadState(store, bidStream(bidId), bidDecider);
    const decided = bidDecider.decide({ ...body, metadata: { actor: actorOf(caller), now } } as BidCommand, state);
    // Refused (a missing bid too): `run` answers the same refusal and writes nothing.
    if (!decided.ok || state.status === 'absent') return run(request, bidId, body);
    const onPost = onPostOf(state.bid);
    if (!onPost) return run(request, bidId, body);
    const postId = state.bid.post_id;
    if (store.appendTogether) return postThenBidTogether(request, bidId, postId, body, onPost);
    const onPostDone = await handleCommand({
      store,
      ids,
      streamId: postStream(postId),
      decider: postDecider,
      command: { ...onPost, metadata: { actor: { system: 'bids' }, now } },
      context: contextOf(request, caller),
      attempts: CONTENDED_ATTEMPTS,
    });
    // Withdrawn already: an earlier attempt stopped between the two streams; this one finishes it.
    const finishing = !onPostDone.ok && onPostDone.error.code === lifecycleErrors.bidNotRegistered && (await store.readStream(postStream(postId))).some((e) => e.type === 'BidWithdrawn' && (e.data as { bid_id: string }).bid_id === bidId);
    if (!onPostDone.ok && !finishing) return onPostDone;
    return run(request, bidId, body);
  }

  /** `postThenBid` where the store appends to both streams in one transaction: a crash leaves both or neither. */
  async function postThenBidTogether(request: FastifyRequest, bidId: string, postId: string, body: BidBody, onPostCommand: NonNullable<ReturnType<PostCommandOf>>) {
    const caller = callerOf(request);
    const context = contextOf(request, caller);
    const now = context.now.toISOString();
    const metadata: EventMetadata = { user_id: context.userId, correlation_id: context.correlationId, causation_id: null, occurred_at: now };
    const toEvent = (e: { type: string; data: unknown }) => ({ id: ids.uuid(), type: e.type, data: e.data, metadata });
    // Queued with the post's bids (`oneAtATime`), so a burst of them cannot outrun it.
    return oneAtATime(postStream(postId), async () => {
      for (let attempt = 1; ; attempt++) {
        const [post, bid] = await Promise.all([loadState(store, postStream(postId), postDecider), loadState(store, bidStream(bidId), bidDecider)]);
        const onPost = postDecider.decide({ ...onPostCommand, metadata: { actor: { system: 'bids' }, now } }, post.state);
        if (!onPost.ok) return onPost;
        const onBid = bidDecider.decide({ ...body, metadata: { actor: actorOf(caller), now } } as BidCommand, bid.state);
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

  return { place, run, edit, withdraw, postFacts, providerById, postOfHomeLoan, readPost: posts.readPost };
}

/** What a caller may see of a bid (docs/bids.md "Privacy"). */
export type BidAudience = {
  caller: Caller;
  /** The customer who owns the bid's post. */
  postOwnerId: string;
};

/** The organisation and provider of an anonymous bid with show_private are hidden from everyone but the customer. */
export function organisationHidden(row: Pick<BidRow, 'bid_type' | 'show_private' | 'provider_id' | 'organisation_uuid'>, audience: BidAudience): boolean {
  if (row.bid_type !== 'anonymous' || !row.show_private) return false;
  const { caller, postOwnerId } = audience;
  if (caller.userId === postOwnerId || caller.userType === 'admin') return false;
  // Its own provider and colleagues know whose bid it is (spec 1 §6: an fsp "sees own anonymous bids").
  return caller.userId !== row.provider_id && caller.organisationUuid !== row.organisation_uuid;
}

/** The provider's name: admins, the post's customer and the organisation's own people. */
function providerNameShown(row: BidRow, audience: BidAudience): boolean {
  const { caller, postOwnerId } = audience;
  return caller.userType === 'admin' || caller.userId === postOwnerId || caller.organisationUuid === row.organisation_uuid;
}

/** Bid rows as the caller may see them, with the names and logos they need. */
export async function toBidViews(
  deps: AppDependencies,
  rows: readonly BidRow[],
  audienceOf: (row: BidRow) => BidAudience,
  placeOf: (row: BidRow) => string | null = () => null,
  /** Organisations and names already read (placing a bid), instead of looking them up. */
  known?: { organisations: Map<string, BidOrganisation>; names: Map<string, string> },
): Promise<BidView[]> {
  const [organisations, names] = known
    ? [known.organisations, known.names]
    : await Promise.all([organisationsOf(deps.db, rows.map((row) => row.organisation_uuid)), providerNamesOf(deps.db, rows.map((row) => row.provider_id))]);
  return rows.map((row) => {
    const audience = audienceOf(row);
    const hidden = organisationHidden(row, audience);
    const organisation = organisations.get(row.organisation_uuid);
    return {
      uuid: row.uuid,
      post_id: row.post_id,
      status: row.status,
      status_label: bidStatusLabelOf(row.status, row.not_chosen),
      not_chosen: row.not_chosen,
      bid_type: row.bid_type,
      show_private: row.show_private,
      origin: row.origin,
      organisation: hidden
        ? null
        : { uuid: row.organisation_uuid, name: organisation?.name ?? null, logo: organisation?.logo_file_id ? fileUrl(organisation.logo_file_id) : null },
      provider: hidden ? null : { uuid: row.provider_id, full_name: providerNameShown(row, audience) ? (names.get(row.provider_id) ?? null) : null },
      interest_rate: row.interest_rate,
      comparison_rate: row.comparison_rate,
      maximum_lvr: row.maximum_lvr,
      rate_type: row.rate_type,
      fixed_period: row.fixed_period,
      repayment_type: row.repayment_type,
      loan_amount: row.loan_amount,
      monthly_repayment: row.monthly_repayment,
      monthly_savings: row.monthly_savings,
      auto_declare_eligible: row.auto_declare_eligible,
      home_loan_bid: { ...row.form, organisation_uuid: hidden ? null : row.form.organisation_uuid },
      place_label: placeOf(row),
      group: bidGroupOf(row),
      winning: isWinning(row),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/** The post's accepted bid: it became a deal (or is on hold as one). */
export const isWinning = (row: Pick<BidRow, 'status'>) => isDealStatus(row.status) || row.status === 'on_hold';

/** The place labels of a post's bids (spec 1 §4), by bid id. */
export async function placesOfPost(deps: AppDependencies, postId: string, sortBy: PostSortKey): Promise<Map<string, string>> {
  return placeLabels(await rankedBidsOf(deps.db, postId), sortBy);
}
