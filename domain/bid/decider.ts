import { mayOffer } from '../financial-institution-product/offer';
import { productMessages } from '../financial-institution-product/schemas';
import { fieldErrorsOf, type FieldErrors } from '../post/schemas';
import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import type { BidCommand, BidCommandMetadata, BidStatusCommand, EditBid, PlaceBid } from './commands';
import { type BidEvent, bidStatusAfter, type BidStatusMoved, type BidTerms } from './events';
import { beatsLeadingBid, bidRepayments, type BidWarning, bidWarnings, lvrBlock } from './rules';
import {
  type BidForm,
  type BidOrigin,
  type BidStatus,
  bidCancellationReason,
  bidFormSchema,
  bidMessages,
  isEditableBidStatus,
  openDealStatuses,
} from './schemas';

// The bid aggregate (spec 1 §4 "Bid statuses", §5, §6; spec 3 §4, §5). A bid is placed `active` on an active post,
// edited while active and while its deal is open ("update bid", spec 1 §2), cancelled with a reason (never once
// closed_won, closed_lost or cancelled), expired when the post's bidding ends, and moved through the deal's statuses
// once the post accepts it. docs/events.md "Bid" has the transition table.

export type BidContent = {
  bid_id: string;
  post_id: string;
  provider_id: string;
  organisation_uuid: string;
  origin: BidOrigin;
  placed_at: string;
  form: BidForm;
};

/** `was_deal`: the bid was accepted once, so it stays a deal's bid (never deleted) even if cancelled later. */
export type BidState = { status: 'absent' } | { status: BidStatus; bid: BidContent; was_deal?: true } | { status: 'deleted'; bid: BidContent };

/**
 * spec 1 §4: the moves between statuses. The spec shows the graph only in part ("not shown" beyond it), so the rest
 * is ours: an active or expired bid is accepted (an admin accepts expired bids) and becomes a deal; the deal's stream
 * orders its steps (domain/deal/stages.ts, where deleting a step or a hold moves the stage back), so the bid follows
 * it freely among the open deal statuses; closed and cancelled bids never move again.
 */
const openDeal = (...others: BidStatus[]): BidStatus[] =>
  [...openDealStatuses.filter((s) => !others.includes(s)), 'closed_won', 'closed_lost', 'cancelled'];
export const bidTransitions: Record<BidStatus, readonly BidStatus[]> = {
  active: ['accepted', 'cancelled', 'expired'],
  expired: ['accepted', 'cancelled'],
  accepted: openDeal('accepted'),
  contacted: openDeal('contacted'),
  applied: openDeal('applied'),
  on_hold: openDeal('on_hold'),
  closed_won: [],
  closed_lost: [],
  cancelled: [],
};
/** An admin deletes a bid that is not a deal (a deal's history stays for its auditors). */
export const deletableStatuses: readonly BidStatus[] = ['active', 'expired', 'cancelled'];

export const bidErrors = {
  alreadyExists: 'BID_ALREADY_EXISTS',
  notFound: 'BID_NOT_FOUND',
  /** Only a provider (or an admin for a provider) places a bid; only its provider or an admin changes it. */
  notAllowed: 'BID_NOT_ALLOWED',
  postNotOpen: 'POST_NOT_OPEN_FOR_BIDS',
  invalid: 'BID_INVALID',
  lvrTooHigh: 'BID_LVR_TOO_HIGH',
  needsConfirmation: 'BID_NEEDS_CONFIRMATION',
  notEditable: 'BID_NOT_EDITABLE',
  notCancellable: 'BID_NOT_CANCELLABLE',
  reasonRequired: 'CANCELLATION_REASON_REQUIRED',
  notDeletable: 'BID_NOT_DELETABLE',
  transitionNotAllowed: 'BID_TRANSITION_NOT_ALLOWED',
  /**
   * A provider with either bidding limit at 100% places no new bid (docs/deals.md "Bidding limits"): a count across
   * the provider's deals, so the placing workflow checks it (application/bids/place-bid.ts), not this decider.
   */
  biddingLimitReached: 'BIDDING_LIMIT_REACHED',
} as const;

/** A refusal; with field errors (422), the warnings to confirm, or the LVR block's figures. */
export type BidError = DomainError & {
  errors?: FieldErrors;
  warnings?: BidWarning[];
  lvr?: { post_lvr: number; maximum_lvr: number; detail: string };
};
type Refusal = { ok: false; error: BidError };
export type BidDecision = { ok: true; events: BidEvent[] } | Refusal;

const refuse = (code: string, message: string, extra: Omit<BidError, 'code' | 'message'> = {}): Refusal => ({ ok: false, error: { code, message, ...extra } });
const invalid = (errors: FieldErrors) => refuse(bidErrors.invalid, 'The bid has invalid fields.', { errors });

const initialState = (): BidState => ({ status: 'absent' });

function decide(command: BidCommand, state: BidState): BidDecision {
  if (command.type === 'PlaceBid') {
    if (state.status !== 'absent') return refuse(bidErrors.alreadyExists, 'This bid already exists.');
    return place(command, command.metadata);
  }
  if (state.status === 'absent' || state.status === 'deleted' || state.bid.bid_id !== command.data.bid_id) {
    return refuse(bidErrors.notFound, 'Bid not found.');
  }
  const { actor, now } = command.metadata;
  const bid = state.bid;
  const ref = { bid_id: bid.bid_id, post_id: bid.post_id, provider_id: bid.provider_id, organisation_uuid: bid.organisation_uuid };
  const isAdmin = actor.user_type === 'admin';
  switch (command.type) {
    case 'EditBid':
      if (!isAdmin && actor.user_id !== bid.provider_id) return refuse(bidErrors.notAllowed, 'Only the provider of this bid can change it.');
      if (!isEditableBidStatus(state.status)) return refuse(bidErrors.notEditable, notEditableMessage(state.status));
      // The bid follows its deal's stage (the deals reactor), so its own status says whether the deal is open. An
      // open deal's bid is updated after bidding ended: the post no longer takes bids, which does not matter here.
      return edit(command, state.bid, command.metadata, state.status === 'active');
    case 'CancelBid': {
      // spec 1 §6: a provider cancels only its own bids (with the permission to); a customer never.
      const ownCancel = actor.user_type === 'fsp' && actor.user_id === bid.provider_id && actor.permissions.cancel_active_bids;
      if (!isAdmin && !ownCancel) return refuse(bidErrors.notAllowed, 'You cannot cancel this bid.');
      if (!bidTransitions[state.status].includes('cancelled')) return refuse(bidErrors.notCancellable, 'This bid can no longer be cancelled.');
      const reason = bidCancellationReason.safeParse(command.data.reason);
      if (!reason.success) return refuse(bidErrors.reasonRequired, bidMessages.reasonRequired, { errors: fieldErrorsOf(reason, 'reason') });
      return accept({ type: 'BidCancelled', data: { ...ref, reason: reason.data, cancelled_by: actor.user_id, cancelled_at: now } });
    }
    case 'DeleteBid':
      if (!isAdmin) return refuse(bidErrors.notAllowed, 'Only an admin can delete a bid.');
      if (!deletableStatuses.includes(state.status) || state.was_deal) return refuse(bidErrors.notDeletable, 'A bid that became a deal cannot be deleted.');
      return accept({ type: 'BidDeleted', data: { ...ref, deleted_by: actor.user_id, deleted_at: now } });
    case 'ExpireBid':
      return move(state.status, 'expired', () => ({ type: 'BidExpired', data: { ...ref, expired_at: now } }));
    case 'MarkBidAccepted':
    case 'MarkBidContacted':
    case 'MarkBidApplied':
    case 'MarkBidClosedWon':
    case 'MarkBidClosedLost':
    case 'MarkBidOnHold': {
      const [target, type] = statusMoves[command.type];
      return move(state.status, target, () => ({ type, data: { ...ref, at: now, by: actor.user_id } }) as BidStatusMoved);
    }
    default:
      return assertNever(command);
  }
}

const statusMoves: Record<BidStatusCommand['type'], [BidStatus, BidStatusMoved['type']]> = {
  MarkBidAccepted: ['accepted', 'BidAccepted'],
  MarkBidContacted: ['contacted', 'BidContacted'],
  MarkBidApplied: ['applied', 'BidApplied'],
  MarkBidClosedWon: ['closed_won', 'BidClosedWon'],
  MarkBidClosedLost: ['closed_lost', 'BidClosedLost'],
  MarkBidOnHold: ['on_hold', 'BidPutOnHold'],
};

/** Why a bid cannot be changed (the spec has no text for it): its deal is closed, or it is neither active nor a deal. */
const notEditableMessage = (status: BidStatus) =>
  status === 'closed_won' || status === 'closed_lost' ? 'This deal is closed: its bid can no longer be updated.' : 'Only an active bid or the bid of an open deal can be changed.';

/** A move the table allows; a move to the status the bid is already in changes nothing (reactors retry). */
function move(from: BidStatus, to: BidStatus, event: () => BidEvent): BidDecision {
  if (from === to) return accept();
  if (!bidTransitions[from].includes(to)) return refuse(bidErrors.transitionNotAllowed, `A bid that is ${from} cannot become ${to}.`);
  return accept(event());
}

/**
 * The checks placing and editing share: who bids, the form, the bid type, the LVR block and the warnings.
 * `postMustTakeBids`: false only for the bid of an open deal, whose post has left bidding.
 */
function decideTerms(command: PlaceBid | EditBid, metadata: BidCommandMetadata, postMustTakeBids = true, keptProduct: string | null = null): Refusal | { ok: true; terms: BidTerms } {
  const { actor } = metadata;
  const { post, provider, confirmed_warnings } = command.data;
  // spec 1 §6: only a provider bids (for itself); an admin may bid for a provider (spec 3 §5).
  if (actor.user_type === 'customer' || (actor.user_type === 'fsp' && actor.user_id !== provider.user_id)) {
    return refuse(bidErrors.notAllowed, 'Only a provider can bid.');
  }
  if (postMustTakeBids && post.status !== 'active') return refuse(bidErrors.postNotOpen, 'This post is not open for bids.');
  const parsed = bidFormSchema.safeParse(command.data.bid);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const form = parsed.data;

  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  // spec 3 §5: a provider of a financial institution bids for its own organisation.
  if (provider.organisation_type === 'financial_institution' && form.organisation_uuid !== provider.organisation_uuid) {
    add('organisation_uuid', 'A provider of a financial institution bids for its own organisation.');
  }
  // docs/products.md: a product the provider may offer; an edit may keep the product the bid already names.
  const product = form.financial_institution_product;
  if (product !== null && product !== keptProduct && !(command.data.product && mayOffer(command.data.product, provider.organisation_uuid))) {
    add('financial_institution_product', productMessages.notOffered);
  }
  if (form.bid_type === 'anonymous' && !provider.permissions.create_anonymous_bid) add('bid_type', 'You are not allowed to place anonymous bids.');
  if (form.bid_type === 'retention') {
    // spec 3 §5: retention needs the permission, never comes from a template, and only keeps the provider's own
    // customer: the bid is for the provider's organisation, which is the customer's current lender.
    if (!provider.permissions.create_retention_bid) add('bid_type', 'You are not allowed to place retention bids.');
    if (form.home_loan_bid_template_uuid !== null) add('home_loan_bid_template_uuid', 'A retention bid cannot come from a bid template.');
    if (form.organisation_uuid !== provider.organisation_uuid || post.current_lender_organisation_uuid !== provider.organisation_uuid) {
      add('organisation_uuid', "A retention bid is only for your own organisation's customer.");
    }
  }
  if (Object.keys(errors).length > 0) return invalid(errors);

  const block = lvrBlock(post.lvr, form.maximum_lvr, post.product);
  if (block) return refuse(bidErrors.lvrTooHigh, block.message, { lvr: { post_lvr: block.post_lvr, maximum_lvr: block.maximum_lvr, detail: block.detail } });

  const warnings = bidWarnings(form, post);
  const unconfirmed = warnings.filter((warning) => !confirmed_warnings.includes(warning.code));
  if (unconfirmed.length > 0) return refuse(bidErrors.needsConfirmation, 'This bid needs your confirmation.', { warnings: unconfirmed });

  const loan_amount = form.amount ?? post.loan_amount;
  const currentRate = post.loan_type === 'refinance' ? post.current_interest_rate : null;
  return {
    ok: true,
    terms: {
      bid: form,
      loan_amount,
      repayments: bidRepayments(loan_amount, form.interest_rate, currentRate, form.bid_type),
      auto_declare_eligible: beatsLeadingBid(form.comparison_rate, post.leading_comparison_rate),
      confirmed_warnings: warnings.map((warning) => warning.code),
    },
  };
}

function place(command: PlaceBid, metadata: BidCommandMetadata): BidDecision {
  const decided = decideTerms(command, metadata);
  if (!decided.ok) return decided;
  const { bid_id, post, provider } = command.data;
  return accept({
    type: 'BidPlaced',
    data: {
      bid_id,
      post_id: post.post_id,
      provider_id: provider.user_id,
      organisation_uuid: decided.terms.bid.organisation_uuid,
      origin: 'auction',
      placed_at: metadata.now,
      placed_by: metadata.actor.user_id,
      ...decided.terms,
      ...(command.data.auto_bid ? { auto_bid: command.data.auto_bid } : {}),
    },
  });
}

function edit(command: EditBid, bid: BidContent, metadata: BidCommandMetadata, postMustTakeBids: boolean): BidDecision {
  if (command.data.post.post_id !== bid.post_id || command.data.provider.user_id !== bid.provider_id) {
    return refuse(bidErrors.notAllowed, 'A bid stays on its post and with its provider.');
  }
  const decided = decideTerms(command, metadata, postMustTakeBids, bid.form.financial_institution_product);
  if (!decided.ok) return decided;
  return accept({
    type: 'BidEdited',
    data: {
      bid_id: bid.bid_id,
      post_id: bid.post_id,
      provider_id: bid.provider_id,
      organisation_uuid: decided.terms.bid.organisation_uuid,
      edited_at: metadata.now,
      edited_by: metadata.actor.user_id,
      ...decided.terms,
    },
  });
}

function evolve(state: BidState, event: BidEvent): BidState {
  switch (event.type) {
    case 'BidPlaced': {
      const { bid_id, post_id, provider_id, organisation_uuid, origin, placed_at, bid } = event.data;
      return { status: 'active', bid: { bid_id, post_id, provider_id, organisation_uuid, origin, placed_at, form: bid } };
    }
    case 'BidEdited':
      if (state.status === 'absent' || state.status === 'deleted') return state;
      return { ...state, bid: { ...state.bid, organisation_uuid: event.data.organisation_uuid, form: event.data.bid } };
    case 'BidDeleted':
      if (state.status === 'absent') return state;
      return { status: 'deleted', bid: state.bid };
    case 'BidCancelled':
    case 'BidExpired':
    case 'BidAccepted':
    case 'BidContacted':
    case 'BidApplied':
    case 'BidClosedWon':
    case 'BidClosedLost':
    case 'BidPutOnHold':
      if (state.status === 'absent' || state.status === 'deleted') return state;
      return { status: bidStatusAfter[event.type], bid: state.bid, ...(state.was_deal || event.type === 'BidAccepted' ? { was_deal: true as const } : {}) };
    default:
      return assertNever(event);
  }
}

export const bidDecider: Decider<BidState, BidCommand, BidEvent> = { initialState, decide, evolve };
