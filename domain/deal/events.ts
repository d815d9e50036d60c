import type { DealStage } from './stages';
import type { ContactPreference, DealActivityType, NotProceedingReason } from './schemas';

// The deal aggregate (spec 1 §2 "Deals", §3, §4 "Deal activities"), stream `deal-<uuid>`. A reactor opens it from
// the post's accepted bid with an id derived from the bid, so a replay opens it once. Every event names the deal's
// provider and customer (ids only, no names), so read models and the bidding-limit counters need no join, and
// carries the deal's stage after it. Activity descriptions are the provider's free text, sealed with the deal
// provider's key (infrastructure/event-store/personal-data-policy.ts, docs/personal-data.md).

type DealRef = { deal_id: string; provider_id: string; customer_id: string };

/** One entry of the deal's history (spec 3 §3 "Bid activity"). `activity_date` is YYYY-MM-DD. */
export type DealActivity = {
  activity_id: string;
  activity_type: DealActivityType;
  amount: number | null;
  description: string | null;
  activity_date: string;
  settled_lender: string | null;
  /** Only on closed_lost. */
  reason: NotProceedingReason | null;
  /** Who recorded it and when (ISO instant). */
  created_by: string;
  created_at: string;
};

/**
 * The accepted bid became a deal; `activity` is its first one, `accept` (or `external_created` for a deal an admin
 * created outside the auction). `loan_amount` is the post's, the deal value until an application or a win.
 */
export type DealOpened = {
  type: 'DealOpened';
  data: DealRef & {
    bid_id: string;
    post_id: string;
    organisation_id: string;
    loan_amount: number;
    contact_preference: ContactPreference;
    external: boolean;
    activity: DealActivity;
    stage: DealStage;
  };
};
export type DealActivityAdded = { type: 'DealActivityAdded'; data: DealRef & { activity: DealActivity; stage: DealStage } };
/** The activity's values after the change (its type never changes). */
export type DealActivityEdited = {
  type: 'DealActivityEdited';
  data: DealRef & {
    activity_id: string;
    amount: number | null;
    description: string | null;
    activity_date: string;
    settled_lender: string | null;
    reason: NotProceedingReason | null;
    edited_by: string;
    edited_at: string;
  };
};
/** A note, or the latest step of an open deal, taken back; `stage` is the deal's stage without it. */
export type DealActivityDeleted = {
  type: 'DealActivityDeleted';
  data: DealRef & { activity_id: string; deleted_by: string; deleted_at: string; stage: DealStage };
};

/** The customer's contact preference after the change (set again, or back to the spec 3 §5 defaults). */
export type DealContactPreferenceChanged = {
  type: 'DealContactPreferenceChanged';
  data: DealRef & { contact_preference: ContactPreference; changed_by: string; changed_at: string };
};

export type DealEvent = DealOpened | DealActivityAdded | DealActivityEdited | DealActivityDeleted | DealContactPreferenceChanged;

export const dealEventTypes = [
  'DealOpened',
  'DealActivityAdded',
  'DealActivityEdited',
  'DealActivityDeleted',
  'DealContactPreferenceChanged',
] as const satisfies readonly DealEvent['type'][];

export const dealStream = (dealId: string) => `deal-${dealId}`;
