import { z } from 'zod';
import { bidFormView } from './bid';
import { bidStatuses } from '../domain/bid/schemas';
import { loanTypes } from '../domain/post/constants';
import { contactPreferenceSchema, dealActivityTypes, notProceedingReasons, weekdays } from '../domain/deal/schemas';
import { dealStages } from '../domain/deal/stages';

// What the API answers about deals (docs/deals.md); the deal screens parse the answers with these schemas.

/** The deal's contact preference; its `uuid` is the deal's (one preference per deal). */
export const contactPreferenceView = z.object({
  uuid: z.uuid(),
  weekdays: z.array(z.enum(weekdays)),
  from_time: z.string(),
  until_time: z.string(),
});
export type ContactPreferenceView = z.infer<typeof contactPreferenceView>;

/** The body of `POST /v1/posts/{post_id}/home_loan_bids/{bid_id}/accept` and of `POST …/contact_preferences`. */
export const acceptBidBody = z.strictObject({ contact_preference: contactPreferenceSchema.optional() });
export const contactPreferenceBody = z.strictObject({ contact_preference: contactPreferenceSchema });

export const acceptanceView = z.object({
  post_id: z.uuid(),
  bid_id: z.uuid(),
  /** The deal the acceptance opens (derived from the bid, so it is known before the deal exists). */
  deal_id: z.uuid(),
  /** Whether the deal is already readable (GET /v1/deals/{id}); false when its opening is still on its way. */
  deal_opened: z.boolean(),
  contact_preference: contactPreferenceView,
});
export type AcceptanceView = z.infer<typeof acceptanceView>;

export const dealActivityView = z.object({
  uuid: z.uuid(),
  activity_type: z.enum(dealActivityTypes),
  /** 'Accepted', 'External deal created', 'Contacted', … (domain/deal/figures.ts). */
  label: z.string(),
  amount: z.number().nullable(),
  description: z.string().nullable(),
  activity_date: z.string(),
  settled_lender: z.string().nullable(),
  reason: z.enum(notProceedingReasons).nullable(),
  created_by: z.uuid(),
  created_at: z.string(),
});
export type DealActivityView = z.infer<typeof dealActivityView>;

const person = z.object({ uuid: z.uuid(), first_name: z.string().nullable(), last_name: z.string().nullable() });

/** What a deal card names of its post: the loan and where the property is (suburb and state, never the street). */
export const dealPostSummary = z.object({
  loan_type: z.enum(loanTypes).nullable(),
  loan_amount: z.number().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
});
export type DealPostSummary = z.infer<typeof dealPostSummary>;

/** A deal on the board. */
export const dealSummaryView = z.object({
  uuid: z.uuid(),
  bid_id: z.uuid(),
  post_id: z.uuid(),
  stage: z.enum(dealStages),
  external: z.boolean(),
  loan_amount: z.number(),
  value: z.number(),
  /** 'Closed Won Value', 'Application Value' or 'Loan Amount' (spec 1 §2). */
  value_label: z.string(),
  provider_id: z.uuid(),
  organisation_id: z.uuid(),
  /** The winning provider's organisation (null once removed). */
  organisation_name: z.string().nullable(),
  opened_at: z.string(),
  updated_at: z.string(),
  last_activity_date: z.string(),
  not_proceeding_reason: z.enum(notProceedingReasons).nullable(),
  /** Null when the post is no longer readable. */
  post: dealPostSummary.nullable(),
  /** The customer's name: only for the winning provider and admins (spec 1 §6), null otherwise. */
  customer_name: z.string().nullable(),
});
export type DealSummaryView = z.infer<typeof dealSummaryView>;

/** `GET /v1/deals/{id}`: the deal page (spec 1 §2 "Deal detail"). */
export const dealView = dealSummaryView.extend({
  activities: z.array(dealActivityView),
  /** The activities the caller may record now (the add-activity menu). */
  allowed_activity_types: z.array(z.enum(dealActivityTypes)),
  contact_preference: contactPreferenceView,
  bid: z.object({ uuid: z.uuid(), status: z.enum(bidStatuses), home_loan_bid: bidFormView }).nullable(),
  provider: person.extend({ email: z.string().nullable(), organisation: z.object({ uuid: z.uuid(), name: z.string().nullable() }) }),
  /** The customer's details: only for the winning provider and admins (spec 1 §6), null otherwise. */
  customer: person.extend({ email: z.string().nullable(), country_code: z.string().nullable(), mobile_number: z.string().nullable() }).nullable(),
});
export type DealView = z.infer<typeof dealView>;

/**
 * `GET /v1/deals/{id}/history`: every event of the deal's stream, and the updates of its bid once accepted
 * (`BidEdited` of the bid's stream), in the global order, for auditors.
 */
export const dealHistoryView = z.object({
  deal_id: z.uuid(),
  events: z.array(
    z.object({
      /** The stream the event is of: the deal's, or its bid's (an update of the bid's terms). */
      stream: z.enum(['deal', 'bid']),
      /** The event's place in its own stream. */
      revision: z.number().int(),
      type: z.string(),
      data: z.record(z.string(), z.unknown()),
      user_id: z.string().nullable(),
      occurred_at: z.string(),
      correlation_id: z.string(),
      causation_id: z.string().nullable(),
      /** Personal fields whose owner was erased: they read as null. */
      erased_fields: z.array(z.string()),
    }),
  ),
});

const biddingLimit = z.object({ used: z.number().int(), limit: z.number().int().nullable(), level: z.enum(['ok', 'warning', 'maxed']) });
/** `GET /v1/fsps/{id}/bidding_limits` (spec 3 §3 "Provider limits", §4 "Bidding limit warnings"). */
export const biddingLimitsView = z.object({ provider_id: z.uuid(), accepted: biddingLimit, contacted: biddingLimit, maxed: z.boolean() });
