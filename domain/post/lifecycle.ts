import { accept, assertNever, type Decision, type DomainError } from '../shared/decider';
import type { PostActor } from './commands';
import type { PostOrigin } from './constants';
import type { PostPublished } from './events';
import type { PostSortKey } from './schemas';
import { type ContactPreference, defaultContactPreference } from '../deal/schemas';

// The post after publishing (spec 1 §4 "Post statuses", spec 3 §4 "Bid acceptance and bid eligibility"):
//
//   active (Bidding) ──end bidding──▶ review (Decision) ──review ends──▶ processing ──expiry──▶ expired
//        │                                │                                 │
//        └──────────── a bid accepted (once, ever) ─────────────────────────┴──▶ opportunity ──deal──▶ closed_won (Settled)
//                                                                                               └──▶ closed_lost (Not Proceeding)
//   active, review, processing without a winning bid ──admin closes──▶ closed_lost
//
// `processing` is the time after the review period in which no bid is accepted yet: Auto-Declare or an admin may
// still accept (an admin may accept expired bids, spec 3 §4); `expiration_date` ends it. The time-driven commands
// come from the scheduler (actor `system`) and are refused before their time, so a late or repeated firing is safe.

/** The scheduler and the reactors act as `system`; people act as the post's owner or as an admin. */
export type SystemActor = { system: 'scheduler' | 'auto-declare' | 'deals' | 'bids' };
export type LifecycleActor = PostActor | SystemActor;
export type LifecycleMetadata = { actor: LifecycleActor; now: string };

type PostId = { post_id: string };

/** Owner or admin early (`end_bidding_period`), or the scheduler once `bidding_period_expiry_on` has passed. */
export type EndBidding = { type: 'EndBidding'; data: PostId };
/** The scheduler at `review_bids_on`; `processing_period_days` (system configuration) dates the expiry. */
export type EndReviewPeriod = { type: 'EndReviewPeriod'; data: PostId & { processing_period_days: number } };
/** The scheduler at `expiration_date`. */
export type ExpirePost = { type: 'ExpirePost'; data: PostId };
/** `extend_review_period` (e-mail link or admin); the days and the limit come from the system configuration. */
export type ExtendReviewPeriod = {
  type: 'ExtendReviewPeriod';
  /** `link_id`: the trade e-mail's link that asks (docs/trade-mail.md "Using a link"); a link extends once. */
  data: PostId & { extension_days: number; max_extensions: number; link_id?: string };
};
/** `cancel_automatic_selection` (e-mail link or admin): Auto-Declare will not accept a bid for this post. */
export type CancelAutomaticSelection = { type: 'CancelAutomaticSelection'; data: PostId };
/** Admin `promote_as_priority` / `remove_priority`. */
export type ChangePriority = { type: 'ChangePriority'; data: PostId & { operation: 'promote_as_priority' | 'remove_priority' } };
/**
 * Admin `stop_auto_bids` / `resume_auto_bids` (spec 1 §2 auto-bidding controls, §4: an active auction post): while
 * stopped, the auto-bidder places no bid on the post (docs/post-lifecycle.md "Auto-bids on a post").
 */
export type ChangeAutoBids = { type: 'ChangeAutoBids'; data: PostId & { operation: 'stop_auto_bids' | 'resume_auto_bids' } };
/** Admin close (spec 1 §4): active, review or processing with no winning bid. */
export type ClosePost = { type: 'ClosePost'; data: PostId };
/**
 * Accept a bid of this post. The post knows which bids it registered and which were withdrawn, not their terms: the
 * caller reads the bid's status from the Bid stream and passes it in; the post stream owns "exactly one accepted
 * bid" and "never a withdrawn bid" (DESIGN.md §2).
 */
export type AcceptBid = {
  type: 'AcceptBid';
  /** `contact_preference`: when the customer likes to be called (spec 3 §5); omitted (Auto-Declare): the defaults. */
  data: PostId & { bid_id: string; bid_status: string; contact_preference?: ContactPreference };
};
/** The deal of the winning bid settled (closed_won) or did not proceed (closed_lost); sent by the deals reactor. */
export type RecordDealOutcome = { type: 'RecordDealOutcome'; data: PostId & { bid_id: string; outcome: 'closed_won' | 'closed_lost' } };

/** The two rates a bid ranks by (`rankBids`, domain/bid/rules.ts), as its form has them. */
export type BidRates = { interest_rate: number; comparison_rate: number };
/**
 * A bid joins the post (sent by the bid route as actor `bids`, after it checked the provider): recorded on the post
 * stream before the bid's own stream, so a bid racing the end of bidding is either recorded before `BiddingEnded`
 * or refused (optimistic concurrency on the post stream; docs/bids.md "Placing a bid"). Its rates come along, so the
 * post ranks its bids itself (`standingOf`).
 */
export type RegisterBid = { type: 'RegisterBid'; data: PostId & { bid_id: string } & BidRates };
/** A registered bid's rates changed (sent by the bid route with the bid's `EditBid`, in the same append). */
export type ChangeBidRates = { type: 'ChangeBidRates'; data: PostId & { bid_id: string } & BidRates };
/**
 * A bid is about to be cancelled or deleted (sent by the bid route as actor `bids`, before the bid's own command):
 * recorded on the post stream, so an acceptance racing the cancellation either lands first (and the deal then closes
 * lost) or is refused (optimistic concurrency on the post stream; docs/bids.md "Cancelling and deleting").
 */
export type WithdrawBid = { type: 'WithdrawBid'; data: PostId & { bid_id: string } };

type WithMetadata<C> = C extends unknown ? C & { metadata: LifecycleMetadata } : never;
export type LifecycleCommand = WithMetadata<
  EndBidding | EndReviewPeriod | ExpirePost | ExtendReviewPeriod | CancelAutomaticSelection | ChangePriority | ChangeAutoBids | ClosePost | AcceptBid | RecordDealOutcome | RegisterBid | ChangeBidRates | WithdrawBid
>;

export const lifecycleCommandTypes = [
  'EndBidding',
  'EndReviewPeriod',
  'ExpirePost',
  'ExtendReviewPeriod',
  'CancelAutomaticSelection',
  'ChangePriority',
  'ChangeAutoBids',
  'ClosePost',
  'AcceptBid',
  'RecordDealOutcome',
  'RegisterBid',
  'ChangeBidRates',
  'WithdrawBid',
] as const satisfies readonly LifecycleCommand['type'][];

export const isLifecycleCommand = <C extends { type: string }>(command: C | LifecycleCommand): command is LifecycleCommand =>
  (lifecycleCommandTypes as readonly string[]).includes(command.type);

// Events. `by` fields are user ids (null: the scheduler or a reactor); none carries personal data.
type PostRef = { post_id: string; owner_id: string };

/** active → review. `early` when a person ended it before `bidding_period_expiry_on`; the dates are the new ones. */
export type BiddingEnded = {
  type: 'BiddingEnded';
  data: PostRef & { ended_by: string | null; early: boolean; bidding_period_expiry_on: string; review_bids_on: string };
};
/** review → processing; `expiration_date` is when the post expires if no bid is accepted by then. */
export type ReviewPeriodEnded = { type: 'ReviewPeriodEnded'; data: PostRef & { expiration_date: string } };
/** The new end of the review period; `extensions` counts the extensions so far (this one included). */
export type ReviewPeriodExtended = {
  type: 'ReviewPeriodExtended';
  data: PostRef & { extended_by: string | null; review_bids_on: string; extensions: number; link_id?: string };
};
export type AutomaticSelectionCancelled = { type: 'AutomaticSelectionCancelled'; data: PostRef & { cancelled_by: string | null } };
export type PriorityChanged = { type: 'PriorityChanged'; data: PostRef & { prioritised: boolean; changed_by: string } };
/** An admin stopped (`stopped` true) or resumed the auto-bids on the post; bids already placed stay. */
export type AutoBidsOnPostChanged = { type: 'AutoBidsOnPostChanged'; data: PostRef & { stopped: boolean; changed_by: string } };
/** An admin closed the post without a winning bid: closed_lost (Not Proceeding). */
export type PostClosed = { type: 'PostClosed'; data: PostRef & { closed_by: string } };
/** processing → expired: nobody accepted a bid before `expiration_date`. */
export type PostExpired = { type: 'PostExpired'; data: PostRef & { expired_at: string } };
/** The one accepted bid of the post → opportunity. `accepted_by` null: Auto-Declare accepted it. */
export type BidAcceptedOnPost = {
  type: 'BidAcceptedOnPost';
  data: PostRef & { bid_id: string; accepted_by: string | null; at: string; contact_preference: ContactPreference };
};
/** opportunity → closed_won (Settled) or closed_lost (Not Proceeding), following the winning bid's deal. */
export type PostDealOutcomeRecorded = { type: 'PostDealOutcomeRecorded'; data: PostRef & { bid_id: string; outcome: 'closed_won' | 'closed_lost' } };

/**
 * A bid was placed while the post took bids (the status stays `active`); the bid's stream follows. The rates are
 * missing on bids registered before the post kept them (27/11/2026).
 */
export type BidRegistered = { type: 'BidRegistered'; data: PostRef & { bid_id: string; at: string } & Partial<BidRates> };
/** A registered bid was edited to other rates (the status stays). */
export type BidRatesChanged = { type: 'BidRatesChanged'; data: PostRef & { bid_id: string; at: string } & BidRates };
/** A registered bid is being cancelled or deleted: the post never accepts it from now on (the status stays). */
export type BidWithdrawn = { type: 'BidWithdrawn'; data: PostRef & { bid_id: string; at: string } };

export type LifecycleEvent =
  | BiddingEnded
  | ReviewPeriodEnded
  | ReviewPeriodExtended
  | AutomaticSelectionCancelled
  | PriorityChanged
  | AutoBidsOnPostChanged
  | PostClosed
  | PostExpired
  | BidAcceptedOnPost
  | PostDealOutcomeRecorded
  | BidRegistered
  | BidRatesChanged
  | BidWithdrawn;

export const lifecycleEventTypes = [
  'BiddingEnded',
  'ReviewPeriodEnded',
  'ReviewPeriodExtended',
  'AutomaticSelectionCancelled',
  'PriorityChanged',
  'AutoBidsOnPostChanged',
  'PostClosed',
  'PostExpired',
  'BidAcceptedOnPost',
  'PostDealOutcomeRecorded',
  'BidRegistered',
  'BidRatesChanged',
  'BidWithdrawn',
] as const satisfies readonly LifecycleEvent['type'][];

export const isLifecycleEvent = <E extends { type: string }>(event: E | LifecycleEvent): event is LifecycleEvent =>
  (lifecycleEventTypes as readonly string[]).includes(event.type);

// State: the published post's dates and flags; the winning bid exists exactly in the statuses that need one.
export type AcceptedBid = { bid_id: string; accepted_by: string | null; at: string };
/**
 * Bid ids as a list that shares its tail: recording one is O(1) however many bids the post has (the post stream is
 * folded on every bid placed), looking one up walks the list once per decision.
 */
export type BidIdList = { readonly bid_id: string; readonly rest: BidIdList } | null;
/**
 * Rates in basis points (5.45% → 545): exact, since the bid form allows two decimals, and small integers, which V8
 * keeps inside the list's nodes, so ranking a post's bids reads one object a bid (`standingOf`).
 */
type RatesInBasisPoints = { readonly interest_bp: number; readonly comparison_bp: number };
const basisPoints = (rate: number) => Math.round(rate * 100);
/** The registered bids, newest first, with when each was placed and its rates then (null: see BidRegistered). */
export type RegisteredBids =
  | { readonly bid_id: string; readonly at: string; readonly interest_bp: number | null; readonly comparison_bp: number | null; readonly rest: RegisteredBids }
  | null;
/** The rates of registered bids changed since, newest first. */
export type RateChanges = (RatesInBasisPoints & { readonly bid_id: string; readonly rest: RateChanges }) | null;
export function hasBidId(list: BidIdList | RegisteredBids, bidId: string): boolean {
  for (let node = list; node; node = node.rest) if (node.bid_id === bidId) return true;
  return false;
}
type Published = {
  published_at: string;
  bidding_period_expiry_on: string;
  review_bids_on: string;
  /** Set when the review period ends (processing); null before. */
  expiration_date: string | null;
  prioritised: boolean;
  /** An admin stopped the auto-bids on the post (`AutoBidsOnPostChanged`): the auto-bidder places none while true. */
  auto_bids_stopped: boolean;
  /** Auto-Declare: accept the leading eligible bid when the review period ends (auction posts, until cancelled). */
  auto_accept: boolean;
  review_extensions: number;
  /** The e-mail links that extended the review period: one used again (a crash lost the record of its use) does nothing. */
  extension_links: readonly string[];
  /** The bids the post registered (`BidRegistered`), their rates changed since (`BidRatesChanged`), and those withdrawn (`BidWithdrawn`). */
  registered_bids: RegisteredBids;
  rate_changes: RateChanges;
  withdrawn_bids: BidIdList;
};
export type LifecycleState = Published &
  (
    | { status: 'active' | 'review' | 'processing' | 'expired'; winning_bid: null }
    | { status: 'opportunity' | 'closed_won'; winning_bid: AcceptedBid }
    | { status: 'closed_lost'; winning_bid: AcceptedBid | null }
  );
export type LifecycleStatus = LifecycleState['status'];

/** What the lifecycle needs of the post around it (the post aggregate's state is assignable to this). */
type LifecyclePost = { post_id: string; owner_id: string; origin: PostOrigin };
export type PostLifecycleState = { status: 'absent' } | { status: 'pending'; post: LifecyclePost } | { status: 'cancelled'; post: LifecyclePost } | (LifecycleState & { post: LifecyclePost });

/** spec 1 §4: which statuses each transition leaves from; the property test checks every event against it. */
export const allowedTransitions: Record<LifecycleEvent['type'], { from: readonly LifecycleStatus[]; to: readonly LifecycleStatus[] | 'same' }> = {
  BiddingEnded: { from: ['active'], to: ['review'] },
  ReviewPeriodEnded: { from: ['review'], to: ['processing'] },
  ReviewPeriodExtended: { from: ['active', 'review'], to: 'same' },
  AutomaticSelectionCancelled: { from: ['active', 'review'], to: 'same' },
  PriorityChanged: { from: ['active', 'review', 'processing'], to: 'same' },
  AutoBidsOnPostChanged: { from: ['active'], to: 'same' },
  PostClosed: { from: ['active', 'review', 'processing'], to: ['closed_lost'] },
  PostExpired: { from: ['processing'], to: ['expired'] },
  BidAcceptedOnPost: { from: ['active', 'review', 'processing'], to: ['opportunity'] },
  PostDealOutcomeRecorded: { from: ['opportunity'], to: ['closed_won', 'closed_lost'] },
  BidRegistered: { from: ['active'], to: 'same' },
  BidRatesChanged: { from: ['active', 'review', 'processing', 'expired', 'opportunity', 'closed_won', 'closed_lost'], to: 'same' },
  BidWithdrawn: { from: ['active', 'review', 'processing', 'expired', 'opportunity', 'closed_won', 'closed_lost'], to: 'same' },
};

/** A cancelled post needs a reason (existing `CancelPost`); once a bid is accepted or the post ended, it cannot be. */
export const cancellableStatuses = ['pending', 'active', 'review', 'processing'] as const;

export const lifecycleErrors = {
  notFound: 'POST_NOT_FOUND',
  notAllowed: 'POST_ACTION_NOT_ALLOWED',
  wrongStatus: 'POST_STATUS_NOT_ALLOWED',
  notDue: 'POST_TRANSITION_NOT_DUE',
  invalidSettings: 'POST_LIFECYCLE_SETTINGS_INVALID',
  extensionLimit: 'REVIEW_PERIOD_EXTENSION_LIMIT',
  automaticSelectionCancelled: 'AUTOMATIC_SELECTION_ALREADY_CANCELLED',
  bidAlreadyAccepted: 'BID_ALREADY_ACCEPTED',
  bidNotAcceptable: 'BID_NOT_ACCEPTABLE',
  bidNotWinning: 'BID_NOT_WINNING',
  bidNotRegistered: 'BID_NOT_REGISTERED',
  outcomeRecorded: 'DEAL_OUTCOME_ALREADY_RECORDED',
} as const;

/** The spec's texts (spec 1 §4, §8), for the API's answers and the screens. */
export const lifecycleMessages = {
  extensionLimit: 'You have exceeded the limit to extend period.',
  automaticSelectionCancelled: 'You have already been cancelled automatic selection.',
  endBiddingConfirmation: (product: string) => `This ${product} won't be able to receive any new bids.`,
  biddingEnded: 'Bidding Period has ended',
  priorityChanged: 'Priority changed.',
  notAllowed: 'You are not allowed to do this to this post.',
} as const;

/** The state right after `PostPublished`: Auto-Declare is on for auction posts (spec 1 §4 auto-declare control). */
export function startLifecycle(published: PostPublished['data'], origin: PostOrigin): LifecycleState {
  const { published_at, bidding_period_expiry_on, review_bids_on } = published;
  return {
    status: 'active',
    published_at,
    bidding_period_expiry_on,
    review_bids_on,
    expiration_date: null,
    prioritised: false,
    auto_bids_stopped: false,
    auto_accept: origin === 'auction',
    review_extensions: 0,
    extension_links: [],
    registered_bids: null,
    rate_changes: null,
    withdrawn_bids: null,
    winning_bid: null,
  };
}

type LifecycleDecision = Decision<LifecycleEvent>;
const refuse = (code: string, message: string): LifecycleDecision => ({ ok: false, error: { code, message } satisfies DomainError });
const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
const validDays = (days: number, min: number) => Number.isInteger(days) && days >= min && days <= 365;

type Role = 'owner' | 'admin' | SystemActor['system'] | 'other';
function roleOf(actor: LifecycleActor, ownerId: string): Role {
  if ('system' in actor) return actor.system;
  if (actor.admin) return 'admin';
  return actor.user_id === ownerId ? 'owner' : 'other';
}
const byOf = (actor: LifecycleActor) => ('system' in actor ? null : actor.user_id);

/** Who may send each command (spec 1 §2 admin actions, §4; the e-mail links act for the owner). */
const allowedRoles: Record<LifecycleCommand['type'], readonly Role[]> = {
  EndBidding: ['owner', 'admin', 'scheduler'],
  EndReviewPeriod: ['scheduler'],
  ExpirePost: ['scheduler'],
  ExtendReviewPeriod: ['owner', 'admin'],
  CancelAutomaticSelection: ['owner', 'admin'],
  ChangePriority: ['admin'],
  ChangeAutoBids: ['admin'],
  ClosePost: ['admin'],
  AcceptBid: ['owner', 'admin', 'auto-declare'],
  RecordDealOutcome: ['deals'],
  RegisterBid: ['bids'],
  ChangeBidRates: ['bids'],
  WithdrawBid: ['bids'],
};

export function decideLifecycle(state: PostLifecycleState, command: LifecycleCommand): LifecycleDecision {
  if (state.status === 'absent' || state.post.post_id !== command.data.post_id) return refuse(lifecycleErrors.notFound, 'Post not found.');
  const { actor, now } = command.metadata;
  const role = roleOf(actor, state.post.owner_id);
  if (!allowedRoles[command.type].includes(role)) return notAllowed();
  // A cancelled post accepts no bid any more: withdrawing or changing one of its bids has nothing to record.
  if (state.status === 'cancelled' && (command.type === 'WithdrawBid' || command.type === 'ChangeBidRates')) return accept();
  if (state.status === 'pending' || state.status === 'cancelled') return wrongStatus();
  const ref = { post_id: state.post.post_id, owner_id: state.post.owner_id };
  const by = byOf(actor);
  const due = (at: string | null) => at !== null && Date.parse(now) >= Date.parse(at);

  switch (command.type) {
    case 'EndBidding': {
      if (state.status !== 'active') return wrongStatus();
      const early = !due(state.bidding_period_expiry_on);
      if (early && role === 'scheduler') return notDue();
      // Ended early: the review period keeps its length and starts now.
      const reviewLength = Date.parse(state.review_bids_on) - Date.parse(state.bidding_period_expiry_on);
      const bidding_period_expiry_on = early ? new Date(now).toISOString() : state.bidding_period_expiry_on;
      const review_bids_on = early ? new Date(Date.parse(now) + reviewLength).toISOString() : state.review_bids_on;
      return accept({ type: 'BiddingEnded', data: { ...ref, ended_by: by, early, bidding_period_expiry_on, review_bids_on } });
    }
    case 'EndReviewPeriod': {
      if (state.status !== 'review') return wrongStatus();
      if (!due(state.review_bids_on)) return notDue();
      if (!validDays(command.data.processing_period_days, 0)) return invalidSettings();
      return accept({ type: 'ReviewPeriodEnded', data: { ...ref, expiration_date: addDays(now, command.data.processing_period_days) } });
    }
    case 'ExpirePost':
      if (state.status !== 'processing') return wrongStatus();
      if (!due(state.expiration_date)) return notDue();
      return accept({ type: 'PostExpired', data: { ...ref, expired_at: new Date(now).toISOString() } });
    case 'ExtendReviewPeriod': {
      const { extension_days, max_extensions, link_id } = command.data;
      if (link_id !== undefined && state.extension_links.includes(link_id)) return accept(); // this link extended it already
      if (state.status !== 'active' && state.status !== 'review') return wrongStatus();
      if (!validDays(extension_days, 1) || !Number.isInteger(max_extensions) || max_extensions < 0) return invalidSettings();
      if (state.review_extensions >= max_extensions) return refuse(lifecycleErrors.extensionLimit, lifecycleMessages.extensionLimit);
      const review_bids_on = addDays(state.review_bids_on, extension_days);
      return accept({ type: 'ReviewPeriodExtended', data: { ...ref, extended_by: by, review_bids_on, extensions: state.review_extensions + 1, ...(link_id !== undefined ? { link_id } : {}) } });
    }
    case 'CancelAutomaticSelection':
      if (state.status !== 'active' && state.status !== 'review') return wrongStatus();
      if (!state.auto_accept) return refuse(lifecycleErrors.automaticSelectionCancelled, lifecycleMessages.automaticSelectionCancelled);
      return accept({ type: 'AutomaticSelectionCancelled', data: { ...ref, cancelled_by: by } });
    case 'ChangePriority': {
      if (!allowedTransitions.PriorityChanged.from.includes(state.status)) return wrongStatus();
      const prioritised = command.data.operation === 'promote_as_priority';
      // Asking for the priority the post already has changes nothing ('Priority changed.' all the same).
      if (by === null) return notAllowed(); // admins only (allowedRoles); narrows `by` for the event
      if (state.prioritised === prioritised) return accept();
      return accept({ type: 'PriorityChanged', data: { ...ref, prioritised, changed_by: by } });
    }
    case 'ChangeAutoBids': {
      // spec 1 §2: the control is for an active post that came to auction (a matching post has no auction, so no auto-bids).
      if (!allowedTransitions.AutoBidsOnPostChanged.from.includes(state.status) || state.post.origin !== 'auction') return wrongStatus();
      if (by === null) return notAllowed(); // admins only (allowedRoles); narrows `by` for the event
      const stopped = command.data.operation === 'stop_auto_bids';
      // Asking for what the post already has changes nothing.
      if (state.auto_bids_stopped === stopped) return accept();
      return accept({ type: 'AutoBidsOnPostChanged', data: { ...ref, stopped, changed_by: by } });
    }
    case 'ClosePost':
      if (state.winning_bid) return refuse(lifecycleErrors.bidAlreadyAccepted, 'This post has a winning bid.');
      if (by === null) return notAllowed();
      if (!allowedTransitions.PostClosed.from.includes(state.status)) return wrongStatus();
      return accept({ type: 'PostClosed', data: { ...ref, closed_by: by } });
    case 'AcceptBid':
      return acceptBid(state, command, role, ref);
    case 'RecordDealOutcome': {
      if (state.status === 'closed_won' || state.status === 'closed_lost') {
        const same = state.winning_bid?.bid_id === command.data.bid_id && state.status === command.data.outcome;
        return same ? accept() : refuse(lifecycleErrors.outcomeRecorded, 'The outcome of this deal is already recorded.');
      }
      if (state.status !== 'opportunity') return wrongStatus();
      if (state.winning_bid.bid_id !== command.data.bid_id) return refuse(lifecycleErrors.bidNotWinning, 'This bid is not the winning bid of the post.');
      return accept({ type: 'PostDealOutcomeRecorded', data: { ...ref, bid_id: command.data.bid_id, outcome: command.data.outcome } });
    }
    case 'RegisterBid':
      // spec 1 §4: only a post in Bidding takes bids ('This {product} won't be able to receive any new bids.').
      if (state.status !== 'active') return wrongStatus();
    {
      const { bid_id, interest_rate, comparison_rate } = command.data;
      return accept({ type: 'BidRegistered', data: { ...ref, bid_id, at: new Date(now).toISOString(), interest_rate, comparison_rate } });
    }
    case 'ChangeBidRates': {
      // Only the bids the post ranks: one it never registered (an external deal's) or has withdrawn records nothing,
      // and neither do rates it already has (a document added, a retried edit).
      const { bid_id, interest_rate, comparison_rate } = command.data;
      if (hasBidId(state.withdrawn_bids, bid_id)) return accept();
      const known = ratesOf(state, bid_id);
      if (known === undefined || (known?.interest_bp === basisPoints(interest_rate) && known.comparison_bp === basisPoints(comparison_rate))) return accept();
      return accept({ type: 'BidRatesChanged', data: { ...ref, bid_id, at: new Date(now).toISOString(), interest_rate, comparison_rate } });
    }
    case 'WithdrawBid': {
      // In any status: a withdrawn winning bid is allowed (its deal then closes lost, docs/deals.md).
      const { bid_id } = command.data;
      if (!hasBidId(state.registered_bids, bid_id)) return refuse(lifecycleErrors.bidNotRegistered, 'This bid is not a bid of this post.');
      if (hasBidId(state.withdrawn_bids, bid_id)) return accept(); // a retried cancellation: already recorded
      return accept({ type: 'BidWithdrawn', data: { ...ref, bid_id, at: new Date(now).toISOString() } });
    }
    default:
      return assertNever(command);
  }
}

/**
 * spec 3 §4: a customer accepts when the post is active or review and the bid active; an admin when the post is
 * active, review or processing and the bid active or expired; Auto-Declare once the review period has ended on a
 * post that still has automatic selection. Exactly one bid per post, ever.
 */
function acceptBid(state: LifecycleState, command: Extract<LifecycleCommand, { type: 'AcceptBid' }>, role: Role, ref: { post_id: string; owner_id: string }): LifecycleDecision {
  if (state.winning_bid) {
    // The same acceptance sent twice (a retried request) is already done.
    if (state.winning_bid.bid_id === command.data.bid_id) return accept();
    return refuse(lifecycleErrors.bidAlreadyAccepted, 'A bid of this post has already been accepted.');
  }
  if (role !== 'owner' && role !== 'admin' && role !== 'auto-declare') return notAllowed();
  const { now } = command.metadata;
  const rule = acceptanceRules[role];
  if (!rule.postStatuses.includes(state.status)) return wrongStatus();
  if (role === 'auto-declare' && !state.auto_accept) return refuse(lifecycleErrors.automaticSelectionCancelled, lifecycleMessages.automaticSelectionCancelled);
  if (role === 'auto-declare' && Date.parse(now) < Date.parse(state.review_bids_on)) return notDue();
  // The post's own record beats the bid status read a moment ago: a bid withdrawn since is never accepted.
  if (!hasBidId(state.registered_bids, command.data.bid_id)) return refuse(lifecycleErrors.bidNotRegistered, 'This bid is not a bid of this post.');
  if (hasBidId(state.withdrawn_bids, command.data.bid_id)) return refuse(lifecycleErrors.bidNotAcceptable, 'This bid cannot be accepted.');
  if (!rule.bidStatuses.includes(command.data.bid_status)) return refuse(lifecycleErrors.bidNotAcceptable, 'This bid cannot be accepted.');
  const accepted_by = 'system' in command.metadata.actor ? null : command.metadata.actor.user_id;
  const contact_preference = command.data.contact_preference ?? defaultContactPreference;
  return accept({ type: 'BidAcceptedOnPost', data: { ...ref, bid_id: command.data.bid_id, accepted_by, at: new Date(now).toISOString(), contact_preference } });
}

const acceptanceRules: Record<'owner' | 'admin' | 'auto-declare', { postStatuses: readonly LifecycleStatus[]; bidStatuses: readonly string[] }> = {
  owner: { postStatuses: ['active', 'review'], bidStatuses: ['active'] },
  admin: { postStatuses: ['active', 'review', 'processing'], bidStatuses: ['active', 'expired'] },
  // The review period ends as the scheduler moves the post to processing; Auto-Declare may act on either side.
  'auto-declare': { postStatuses: ['review', 'processing'], bidStatuses: ['active', 'expired'] },
};

const notAllowed = () => refuse(lifecycleErrors.notAllowed, lifecycleMessages.notAllowed);
const wrongStatus = () => refuse(lifecycleErrors.wrongStatus, 'This post cannot do this in its current status.');
const notDue = () => refuse(lifecycleErrors.notDue, 'It is not time for this yet.');
const invalidSettings = () => refuse(lifecycleErrors.invalidSettings, 'The lifecycle settings are out of range.');

export function evolveLifecycle(state: LifecycleState, event: LifecycleEvent): LifecycleState {
  switch (event.type) {
    case 'BiddingEnded':
      if (state.status !== 'active') return state;
      return { ...state, status: 'review', bidding_period_expiry_on: event.data.bidding_period_expiry_on, review_bids_on: event.data.review_bids_on };
    case 'ReviewPeriodEnded':
      if (state.status !== 'review') return state;
      return { ...state, status: 'processing', expiration_date: event.data.expiration_date };
    case 'ReviewPeriodExtended': {
      const { review_bids_on, extensions, link_id } = event.data;
      return { ...state, review_bids_on, review_extensions: extensions, ...(link_id !== undefined ? { extension_links: [...state.extension_links, link_id] } : {}) };
    }
    case 'AutomaticSelectionCancelled':
      return { ...state, auto_accept: false };
    case 'PriorityChanged':
      return { ...state, prioritised: event.data.prioritised };
    case 'AutoBidsOnPostChanged':
      return { ...state, auto_bids_stopped: event.data.stopped };
    case 'PostClosed':
      return { ...state, status: 'closed_lost', winning_bid: null };
    case 'PostExpired':
      return { ...state, status: 'expired', winning_bid: null };
    case 'BidAcceptedOnPost': {
      const { bid_id, accepted_by, at } = event.data;
      return { ...state, status: 'opportunity', winning_bid: { bid_id, accepted_by, at } };
    }
    case 'PostDealOutcomeRecorded':
      if (state.status !== 'opportunity') return state;
      return { ...state, status: event.data.outcome, winning_bid: state.winning_bid };
    case 'BidRegistered': {
      const { bid_id, at, interest_rate, comparison_rate } = event.data;
      const [interest_bp, comparison_bp] = interest_rate === undefined || comparison_rate === undefined ? [null, null] : [basisPoints(interest_rate), basisPoints(comparison_rate)];
      return { ...state, registered_bids: { bid_id, at, interest_bp, comparison_bp, rest: state.registered_bids } };
    }
    case 'BidRatesChanged': {
      const { bid_id, interest_rate, comparison_rate } = event.data;
      return { ...state, rate_changes: { bid_id, interest_bp: basisPoints(interest_rate), comparison_bp: basisPoints(comparison_rate), rest: state.rate_changes } };
    }
    case 'BidWithdrawn':
      return { ...state, withdrawn_bids: { bid_id: event.data.bid_id, rest: state.withdrawn_bids } };
    default:
      return assertNever(event);
  }
}

/** The latest rates of a registered bid: undefined when the post never registered it, null when it did without rates. */
function ratesOf(state: LifecycleState, bidId: string): RatesInBasisPoints | null | undefined {
  for (let node = state.rate_changes; node; node = node.rest) if (node.bid_id === bidId) return node;
  for (let node = state.registered_bids; node; node = node.rest) {
    if (node.bid_id === bidId) return node.interest_bp === null || node.comparison_bp === null ? null : { interest_bp: node.interest_bp, comparison_bp: node.comparison_bp };
  }
  return undefined;
}

/**
 * A bid about to be placed against one sort key of the post: the comparison rate of the leading bid (null: the post
 * has no open bid), and how many open bids rank before the new one (its place is one more).
 */
export type BidStanding = { leadingComparisonRate: number | null; ahead: number };
export type StandingAsk = BidRates & { bid_id: string; placed_at: string };

/** Of two bids with the same rate, the one placed first ranks first, then the lower id (ISO times and ids compare as text). */
const placedBefore = (at: string, id: string, otherAt: string, otherId: string) => at < otherAt || (at === otherAt && id < otherId);

/**
 * Where a new bid stands among the bids the post registered and has not withdrawn, at their latest rates, under
 * either sort key, in the order of `rankBids` (domain/bid/rules.ts: lower rate first, ties by who bid first, then by
 * id). While a post takes bids, its open bids are exactly these: a bid leaves the post's ranking only by being
 * cancelled or deleted, and both are withdrawn first. Null when an open bid was registered before the post kept
 * rates: the caller then counts from the bids read model. Called for every bid placed, on posts with dozens of bids:
 * one pass, nothing allocated unless bids were withdrawn or changed, and a bid's id and time read only on a tie.
 * `exceptBidId`: a bid left out (an edit's own bid, which must not count as the leader it is measured against).
 */
export function standingOf(state: LifecycleState, ask: StandingAsk, exceptBidId: string | null = null): Record<PostSortKey, BidStanding> | null {
  let withdrawn: Set<string> | null = null;
  for (let node = state.withdrawn_bids; node; node = node.rest) (withdrawn ??= new Set()).add(node.bid_id);
  let changed: Map<string, RatesInBasisPoints> | null = null;
  for (let node = state.rate_changes; node; node = node.rest) if (!changed?.has(node.bid_id)) (changed ??= new Map()).set(node.bid_id, node);
  const askCr = basisPoints(ask.comparison_rate);
  const askIr = basisPoints(ask.interest_rate);
  let aheadCr = 0;
  let aheadIr = 0;
  // The leader under each key: its node and rates (the interest-rate leader's comparison rate is what the warning shows).
  let crLeader: NonNullable<RegisteredBids> | null = null;
  let crLeaderCr = 0;
  let irLeader: NonNullable<RegisteredBids> | null = null;
  let irLeaderIr = 0;
  let irLeaderCr = 0;
  for (let node = state.registered_bids; node; node = node.rest) {
    if ((withdrawn !== null && withdrawn.has(node.bid_id)) || (exceptBidId !== null && node.bid_id === exceptBidId)) continue;
    let cr = node.comparison_bp;
    let ir = node.interest_bp;
    const change = changed === null ? undefined : changed.get(node.bid_id);
    if (change) ({ comparison_bp: cr, interest_bp: ir } = change);
    if (cr === null || ir === null) return null;
    if (cr < askCr || (cr === askCr && placedBefore(node.at, node.bid_id, ask.placed_at, ask.bid_id))) aheadCr++;
    if (ir < askIr || (ir === askIr && placedBefore(node.at, node.bid_id, ask.placed_at, ask.bid_id))) aheadIr++;
    if (crLeader === null || cr < crLeaderCr || (cr === crLeaderCr && placedBefore(node.at, node.bid_id, crLeader.at, crLeader.bid_id))) {
      crLeader = node;
      crLeaderCr = cr;
    }
    if (irLeader === null || ir < irLeaderIr || (ir === irLeaderIr && placedBefore(node.at, node.bid_id, irLeader.at, irLeader.bid_id))) {
      irLeader = node;
      irLeaderIr = ir;
      irLeaderCr = cr;
    }
  }
  return {
    comparison_rate: { leadingComparisonRate: crLeader === null ? null : crLeaderCr / 100, ahead: aheadCr },
    interest_rate: { leadingComparisonRate: irLeader === null ? null : irLeaderCr / 100, ahead: aheadIr },
  };
}
