import { z } from 'zod';
import { problemSchema } from './problem';
import { listQuerySchema } from '../domain/shared/list-query';
import { autoBidActions } from '../domain/bid/auto-bid';
import { bidWarningCodes } from '../domain/bid/rules';
import { bidFields, bidFormSchema, bidOrigins, bidStatuses, bidTypes, type BidStatus, type BidType } from '../domain/bid/schemas';
import { providerId } from '../domain/user/schemas';
import { offeredProductView } from '../domain/financial-institution-product/schemas';

// What the API answers about a bid (spec 3 §7 "Bids"; docs/bids.md). The bid screens parse the answers with these
// schemas. An anonymous bid with show_private hides its organisation and provider from everyone but the post's
// customer: `organisation` and `provider` are null and the form's `organisation_uuid` is null.

/** spec 1 §2 post detail: the bids are shown in these groups. */
export const bidGroups = ['retention', 'standard', 'cancelled', 'anonymous'] as const;
export type BidGroup = (typeof bidGroups)[number];

/** A required document as listed (its uuid names it in `/v1/required_documents/{id}` and `/v3/required_documents/{id}`). */
export const requiredDocumentView = z.object({ uuid: z.uuid(), document_type: z.string(), description: z.string().nullable(), quantity: z.number(), mandatory: z.boolean() });
/** An optional document as listed. */
export const optionalDocumentView = z.object({ uuid: z.uuid(), document: z.string() });

export function bidGroupOf(bid: { status: BidStatus; bid_type: BidType }): BidGroup {
  if (bid.status === 'cancelled') return 'cancelled';
  if (bid.bid_type === 'retention') return 'retention';
  return bid.bid_type === 'anonymous' ? 'anonymous' : 'standard';
}

/**
 * The form as it was placed or last edited; `organisation_uuid` is null where the organisation is hidden, and
 * `home_loan_bid_template_uuid` is null outside the bid's organisation and admins (the templates are the provider's).
 */
export const bidFormView = z.object(bidFields.shape).extend({ organisation_uuid: z.uuid().nullable() });
export type BidFormView = z.infer<typeof bidFormView>;

/** One rule of an auto-bid's evaluation (domain/bid-template/evaluation.ts `TraceEntry`). */
export const autoBidTraceEntryView = z.object({
  step: z.string(),
  rule: z.string(),
  passed: z.boolean(),
  post_value: z.string().nullable(),
  bound: z.string(),
  detail: z.string().nullable(),
});
export const autoBidWhyView = z.object({ bid_action: z.enum(autoBidActions), replaces: z.array(z.uuid()), trace: z.array(autoBidTraceEntryView).nullable() });
export type AutoBidWhyView = z.infer<typeof autoBidWhyView>;

export const bidView = z.object({
  uuid: z.uuid(),
  post_id: z.uuid(),
  status: z.enum(bidStatuses),
  /** spec 1 §4: accepted is shown as Declared; a bid the customer did not choose as 'Another bid chosen'. */
  status_label: z.string(),
  /** The customer accepted another bid of the post (docs/bids.md "Bids the customer did not choose"). */
  not_chosen: z.boolean(),
  bid_type: z.enum(bidTypes),
  show_private: z.boolean(),
  origin: z.enum(bidOrigins),
  /**
   * Placed by the auto-bidder rather than by a person (docs/auto-bidding.md "Placed automatically"): shown to the
   * post's customer, the bid's organisation and admins; null for everyone else (a competing provider).
   */
  placed_automatically: z.boolean().nullable(),
  /**
   * The template that placed it automatically: only for the bid's organisation and admins (null for a bid placed by
   * hand, and for everyone else: the customer never sees the provider's templates). `name` is null when the template
   * was deleted since; `may_open` says whether the caller may open it (spec 3 §6).
   */
  auto_bid_template: z.object({ uuid: z.uuid(), name: z.string().nullable(), may_open: z.boolean() }).nullable(),
  /**
   * Why the template placed it (docs/auto-bidding.md "Why this bid"): the bid action, the provider's earlier bids it
   * replaced and every rule the post was evaluated with. It quotes the template's rules, so only for admins, the
   * bid's provider and those of its organisation who may open the template; null for everyone else, for a bid placed by hand and for auto-bids placed before it was kept. `trace`
   * is null once the post's customer was erased.
   */
  auto_bid_why: autoBidWhyView.nullable(),
  /** null where hidden (anonymous with show_private). */
  organisation: z.object({ uuid: z.uuid(), name: z.string().nullable(), logo: z.string().nullable() }).nullable(),
  /** The provider who placed it; null where hidden. The name only for the organisation's viewers and admins. */
  provider: z.object({ uuid: z.uuid(), full_name: z.string().nullable() }).nullable(),
  interest_rate: z.number(),
  comparison_rate: z.number(),
  maximum_lvr: z.number(),
  rate_type: z.string(),
  fixed_period: z.number().nullable(),
  repayment_type: z.string(),
  /** The amount the repayments are computed on: the bid's amount, else the post's. */
  loan_amount: z.number(),
  monthly_repayment: z.number(),
  monthly_savings: z.number().nullable(),
  /** spec 1 §4: a bid that did not beat the leading comparison rate is not eligible for Auto-Declare. */
  auto_declare_eligible: z.boolean(),
  home_loan_bid: bidFormView,
  /** The financial institution product the bid offers (docs/products.md); null when none, or where the organisation is hidden. */
  financial_institution_product: offeredProductView.nullable(),
  /** spec 1 §4: '1st', '2nd', … or 'Cancelled'; null where the post's ranking is not shown (lists across posts). */
  place_label: z.string().nullable(),
  group: z.enum(bidGroups),
  /** The post's accepted bid. */
  winning: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BidView = z.infer<typeof bidView>;

/** `GET /v1/posts/{id}/home_loan_bids`: the post's bids in place order, with the groups' counts. */
export const postBidsView = z.object({
  total_records: z.number().int().min(0),
  result: z.array(bidView),
  winning_bid_uuid: z.uuid().nullable(),
});
export type PostBidsView = z.infer<typeof postBidsView>;

/** The body of `POST /v4/home_loans/{id}/bids` and `PATCH /v4/home_loan_bids/{id}`. */
export const bidRequestBody = z.strictObject({
  home_loan_bid: bidFormSchema,
  /** The warnings the provider answered 'Yes, continue!' to. */
  confirmed_warnings: z.array(z.enum(bidWarningCodes, { error: 'Unknown warning.' }), { error: 'Should be a list of warnings.' }).max(10).default([]),
  /** An admin bids for this provider (spec 3 §5); providers leave it out. */
  fsp_user_uuid: providerId.optional(),
});

/** A bid refusal: problem+json with the warnings to confirm (409 BID_NEEDS_CONFIRMATION) or the LVR block (422). */
export const bidProblemSchema = problemSchema.extend({
  warnings: z.array(z.object({ code: z.enum(bidWarningCodes), message: z.string() })).optional(),
  lvr: z.object({ post_lvr: z.number(), maximum_lvr: z.number(), detail: z.string() }).optional(),
});
export type BidProblem = z.infer<typeof bidProblemSchema>;

/** `GET /v4/home_loan_bids`, `GET /v5/home_loan_bids`: newest first unless sorted; filter by status and post. */
export const bidSortable = ['created_at', 'updated_at', 'interest_rate', 'comparison_rate', 'loan_amount', 'status'] as const;
export const bidListFilter = z.strictObject({
  status: z.enum(bidStatuses, { error: 'Unknown bid status.' }).optional(),
  post_id: z.uuid({ error: 'Should be a post id' }).optional(),
});
export const bidListQuery = listQuerySchema(bidSortable, bidListFilter);
export type BidListQuery = z.infer<typeof bidListQuery>;

/** spec 3 §7: the toasts of the bid screens. */
export const bidToasts = { created: 'The bid has been created!', cancelled: 'Bid was Canceled', removed: 'Bid was Removed' } as const;
