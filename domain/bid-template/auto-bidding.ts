import type { FieldErrors } from '../post/schemas';
import type { AutoBiddingStatus } from './schemas';

// A template's auto-bidding (spec 3 §4 "Auto-bidding", docs/auto-bidding.md): whether it bids on its
// own, until when, and what turning it on asks the auto-bidder to do. The auto-bidder
// (projections/bid-templates/auto-bidder.ts) reads these events.

/** spec 3 §4: the execution options of a first activation; the scope selector defaults to only_new_posts. */
export const autoBiddingScopes = ['only_new_posts', 'open_posts'] as const;
export type AutoBiddingScope = (typeof autoBiddingScopes)[number];
export const defaultAutoBiddingScope: AutoBiddingScope = 'only_new_posts';

/** What an activation asks of the auto-bidder: the first one executes its scope; any later one rescans (spec 3 §4). */
export type AutoBiddingAction = 'execute' | 'rescan';

/** spec 3 §4, §9: the review period runs 1 to the provider's max_auto_bidding_review_period (default 14). */
export const autoBiddingReviewPeriod = { min: 1, defaultMax: 14 } as const;

export const autoBiddingMessages = {
  /** spec 3 §8, the toast after a change. */
  changed: 'Auto-bidding was changed!',
  reviewPeriod: (max: number) => `Choose a review period from ${autoBiddingReviewPeriod.min} to ${max} days.`,
  scopeOnlyOnFirstActivation: 'The execution option is chosen only when auto-bidding is turned on for the first time.',
  notAllowed: 'You are not allowed to change the auto-bidding of this bid template.',
} as const;

/**
 * A template's auto-bidding as decided on. `valid_for` (days) and `expiry_on` (an ISO instant) are set only while
 * active; `public` is false whenever auto-bidding is off (spec 3 §4).
 */
export type AutoBidding = {
  status: AutoBiddingStatus;
  valid_for: number | null;
  expiry_on: string | null;
  public: boolean;
  /** The days back the auto-bidder and the simulation look (the last activation's choice); null before any. */
  review_period: number | null;
  /** The first activation's execution option; null while pending. */
  scope: AutoBiddingScope | null;
};

export const initialAutoBidding = (): AutoBidding => ({ status: 'pending', valid_for: null, expiry_on: null, public: false, review_period: null, scope: null });

export type AutoBiddingActivated = {
  type: 'AutoBiddingActivated';
  data: {
    template_id: string;
    valid_for: number;
    expiry_on: string;
    action: AutoBiddingAction;
    /** The execution option of a first activation (`execute`); null on a rescan. */
    scope: AutoBiddingScope | null;
    review_period: number;
    activated_by: string;
    activated_at: string;
  };
};
/** Unticked while active: deactivated, valid_for and expiry_on cleared, public false (an inactive one stays inactive). */
export type AutoBiddingDeactivated = { type: 'AutoBiddingDeactivated'; data: { template_id: string; deactivated_by: string; deactivated_at: string } };
/** Its expiry passed (the scheduler's `ExpireAutoBidding`): inactive, valid_for and expiry_on cleared. */
export type AutoBiddingExpired = { type: 'AutoBiddingExpired'; data: { template_id: string; expired_at: string } };

/**
 * Why the auto-bidder stopped a template (issue 29 item 2): its provider is suspended, or one of the provider's
 * bidding limits is maxed. Both outlast the post the bid was refused on, so the template stops instead of being
 * refused on every post after it.
 */
export const autoBiddingStopReasons = ['provider_suspended', 'bidding_limit_reached'] as const;
export type AutoBiddingStopReason = (typeof autoBiddingStopReasons)[number];

/**
 * The auto-bidder's bid on `post_id` was refused for `reason` (the auto-bidder's `StopAutoBidding`): inactive, as an
 * expiry, valid_for and expiry_on cleared. It names the owner and the template's name for the notice e-mail
 * (projections/bid-templates/auto-bidding-mail.ts).
 */
export type AutoBiddingStopped = {
  type: 'AutoBiddingStopped';
  data: { template_id: string; owner_id: string; template_name: string; reason: AutoBiddingStopReason; post_id: string; stopped_at: string };
};

export type AutoBiddingEvent = AutoBiddingActivated | AutoBiddingDeactivated | AutoBiddingExpired | AutoBiddingStopped;
export const autoBiddingEventTypes = ['AutoBiddingActivated', 'AutoBiddingDeactivated', 'AutoBiddingExpired', 'AutoBiddingStopped'] as const satisfies readonly AutoBiddingEvent['type'][];

/** The change asked for (the workflow adds the configured validity and the provider's maximum review period). */
export type AutoBiddingChange = {
  template_id: string;
  auto_bidding: boolean;
  /** Only on a first activation (a pending template); absent means only_new_posts. */
  scope?: AutoBiddingScope | null;
  /** 1 to `max_review_period`; absent keeps the last one, or the maximum. */
  review_period?: number | null;
  /** The system configuration's auto_bidding_validity_days. */
  valid_for_days: number;
  /** The provider's max_auto_bidding_review_period (spec 3 §4). */
  max_review_period: number;
};

const DAY_MS = 86_400_000;

export type AutoBiddingDecision = { ok: true; events: AutoBiddingEvent[] } | { ok: false; errors: FieldErrors };

/** spec 3 §4: ticking on activates for `valid_for_days` from now; unticking deactivates (inactive stays inactive). */
export function decideAutoBidding(current: AutoBidding, change: AutoBiddingChange, actorId: string, now: string): AutoBiddingDecision {
  const { template_id } = change;
  const scopeGiven = change.scope !== undefined && change.scope !== null;
  const firstActivation = change.auto_bidding && current.status === 'pending';
  if (scopeGiven && !firstActivation) return { ok: false, errors: { scope: [autoBiddingMessages.scopeOnlyOnFirstActivation] } };
  if (!change.auto_bidding) {
    if (change.review_period !== undefined && change.review_period !== null) return { ok: false, errors: { review_period: [autoBiddingMessages.reviewPeriod(change.max_review_period)] } };
    // Only an active template is turned off: a pending one was never on, and an inactive one stays inactive.
    if (current.status !== 'active') return { ok: true, events: [] };
    return { ok: true, events: [{ type: 'AutoBiddingDeactivated', data: { template_id, deactivated_by: actorId, deactivated_at: now } }] };
  }
  const max = change.max_review_period;
  const review_period = change.review_period ?? current.review_period ?? max;
  if (!Number.isInteger(review_period) || review_period < autoBiddingReviewPeriod.min || review_period > max) {
    return { ok: false, errors: { review_period: [autoBiddingMessages.reviewPeriod(max)] } };
  }
  const expiry_on = new Date(Date.parse(now) + change.valid_for_days * DAY_MS).toISOString();
  return {
    ok: true,
    events: [
      {
        type: 'AutoBiddingActivated',
        data: {
          template_id,
          valid_for: change.valid_for_days,
          expiry_on,
          action: firstActivation ? 'execute' : 'rescan',
          scope: firstActivation ? (change.scope ?? defaultAutoBiddingScope) : null,
          review_period,
          activated_by: actorId,
          activated_at: now,
        },
      },
    ],
  };
}

/** The scheduler's expiry: only an active template whose expiry has passed (a renewal meanwhile keeps it on). */
export function decideAutoBiddingExpiry(current: AutoBidding, template_id: string, now: string): AutoBiddingEvent[] {
  if (current.status !== 'active' || current.expiry_on === null || Date.parse(current.expiry_on) > Date.parse(now)) return [];
  return [{ type: 'AutoBiddingExpired', data: { template_id, expired_at: now } }];
}

/** The auto-bidder's stop: only an active template (a stopped, expired or turned-off one has nothing to stop). */
export function decideAutoBiddingStop(current: AutoBidding, stop: Omit<AutoBiddingStopped['data'], 'stopped_at'>, now: string): AutoBiddingEvent[] {
  if (current.status !== 'active') return [];
  return [{ type: 'AutoBiddingStopped', data: { ...stop, stopped_at: now } }];
}

export function autoBiddingAfter(current: AutoBidding, event: AutoBiddingEvent): AutoBidding {
  switch (event.type) {
    case 'AutoBiddingActivated': {
      const { valid_for, expiry_on, review_period, scope } = event.data;
      return { ...current, status: 'active', valid_for, expiry_on, review_period, scope: scope ?? current.scope };
    }
    case 'AutoBiddingDeactivated':
      return { ...current, status: 'deactivated', valid_for: null, expiry_on: null, public: false };
    case 'AutoBiddingExpired':
    case 'AutoBiddingStopped':
      return { ...current, status: 'inactive', valid_for: null, expiry_on: null, public: false };
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
