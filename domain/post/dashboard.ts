import { z } from 'zod';
import { australianStates } from '../address/schemas';
import { bidStatuses } from '../bid/schemas';
import { listPageSizes, listQuerySchema, sortDirection } from '../shared/list-query';
import { creditBands } from './calculations';
import { loanPurposes, loanTypes, postSortKeys, preferredRateTypes, repaymentTypes } from './constants';
import { postStatuses } from './constants';

// GET /v2/posts: the dashboards' lists of posts (spec 1 §2 "Dashboards", §9; docs/dashboards.md). One query shape
// for the admin's jousts, the provider's priority and normal tables and the customer's own posts; the server
// narrows it by role. Several values of a filter come as `filter[states]=NSW,VIC` or `filter[states][]=NSW&…`.

export const creditBandKeys = creditBands.map((band) => band.band_key) as [
  (typeof creditBands)[number]['band_key'],
  ...(typeof creditBands)[number]['band_key'][],
];

/** Table page size 25; the provider's priority table shows 100 posts, no page-size options (spec 1 §9). */
export const dashboardPageSize = listPageSizes.standard;
export const priorityTableSize = 100;

/** A filter of several values: a comma-separated text or a repeated parameter. */
function several<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((v) => v !== '') : value),
    z.array(z.enum(values, { error: `Choose from: ${values.join(', ')}` })).min(1, 'Choose at least one value').max(values.length),
  );
}

export const dashboardFilter = z.strictObject({
  states: several(australianStates).optional(),
  status: several(postStatuses).optional(),
  loan_type: several(loanTypes).optional(),
  credit_band: several(creditBandKeys).optional(),
  loan_purpose: several(loanPurposes).optional(),
  /** The loan's preferences (spec 2 §3): the customer's wish, `any` included. */
  rate_type: several(preferredRateTypes).optional(),
  repayment_type: several(repaymentTypes).optional(),
});
export type DashboardFilter = z.infer<typeof dashboardFilter>;

/**
 * The post's own columns, then the sort menus' figures of the leading bid (spec 1 §2 "Sort menus on dashboards":
 * lender experience, comparison rate, interest rate, lending organisation name, bid order).
 */
export const dashboardSortable = [
  'created_at',
  'review_bids_on',
  'bidding_period_expiry_on',
  'loan_amount',
  'lvr',
  'lender_since',
  'comparison_rate',
  'interest_rate',
  'organisation_name',
  'bid_created_at',
] as const;
export type DashboardSortKey = (typeof dashboardSortable)[number];

export const dashboardQuery = listQuerySchema(dashboardSortable, dashboardFilter).extend({
  /** The provider's priority table (prioritised posts) or, with false, the normal table; no effect for others. */
  priority: z.enum(['true', 'false'], { error: 'priority is true or false' }).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Default orders: created_at newest first; the provider's tables review_bids_on soonest first (spec 1 §9). */
export const defaultDashboardSort = {
  admin: ['created_at', 'desc'],
  customer: ['created_at', 'desc'],
  fsp: ['review_bids_on', 'asc'],
} as const satisfies Record<string, readonly [DashboardSortKey, z.infer<typeof sortDirection>]>;

export const leadingBidSummary = z.object({
  uuid: z.uuid(),
  interest_rate: z.number(),
  comparison_rate: z.number(),
  /** Null for an anonymous bid that hides its organisation (show_private). */
  organisation_name: z.string().nullable(),
  lender_since: z.number().nullable(),
  created_at: z.string(),
});
export type LeadingBidSummary = z.infer<typeof leadingBidSummary>;

/** The reading provider's own newest bid on the post, with its place label (1st, 2nd, …, Cancelled). */
export const ownBidSummary = z.object({ uuid: z.uuid(), status: z.enum(bidStatuses), place: z.string().nullable() });

export const dashboardPostRow = z.object({
  uuid: z.uuid(),
  status: z.enum(postStatuses),
  loan_type: z.enum(loanTypes).nullable(),
  loan_purpose: z.enum(loanPurposes).nullable(),
  loan_amount: z.number().nullable(),
  /** Floored on the dashboards (spec 1 §3). */
  lvr: z.number().int().nullable(),
  credit_band: z.enum(creditBandKeys).nullable(),
  state: z.enum(australianStates).nullable(),
  suburb: z.string().nullable(),
  created_at: z.string(),
  review_bids_on: z.string().nullable(),
  bidding_period_expiry_on: z.string().nullable(),
  prioritised: z.boolean(),
  sort_by: z.enum(postSortKeys),
  /** Bids not cancelled. */
  bid_count: z.number().int(),
  leading_bid: leadingBidSummary.nullable(),
  /** Provider tables only. */
  own_bid: ownBidSummary.nullable().optional(),
});
export type DashboardPostRow = z.infer<typeof dashboardPostRow>;

/**
 * spec 1 §4 "Post statuses": the words the screens show (Bidding, Decision, Settled, Not Proceeding are the spec's).
 * The spec gives `opportunity` no words: "Bid accepted" says what happened, where "Opportunity" was back-office talk
 * and clashed with the sidebar's (external) Opportunities (docs/dashboards.md).
 */
export const postStatusLabels: Record<(typeof postStatuses)[number], string> = {
  pending: 'Pending',
  active: 'Bidding',
  review: 'Decision',
  processing: 'Processing',
  opportunity: 'Bid accepted',
  expired: 'Expired',
  closed_won: 'Settled',
  closed_lost: 'Not Proceeding',
  cancelled: 'Cancelled',
};

/** spec 1 §4: a customer's dashboard shows the own posts in these statuses. */
export const customerDashboardStatuses = ['active', 'review', 'opportunity'] as const;
