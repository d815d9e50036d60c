import type { CreditBandKey } from '../../domain/post/calculations';
import type { PostStatus } from '../../domain/post/decider';
import type { CreditHistory, LoanPurpose, LoanType, PostOrigin, PostSortKey, PreferredRateType, RepaymentType, Urgency } from '../../domain/post/schemas';
import type { PostPartKind } from './posts';

// The tables `createTables` in posts.ts makes. Handlers write them in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface PostsTable {
  uuid: string;
  owner_id: string;
  product_id: string;
  status: PostStatus;
  urgency: Urgency | null;
  origin: PostOrigin;
  loan_type: LoanType | null;
  loan_purpose: LoanPurpose | null;
  loan_amount: number | null;
  property_market_value: number | null;
  /** Loan amount × 100 / market value, two decimals (dashboards floor it). */
  lvr: number | null;
  credit_band: CreditBandKey | null;
  /** The loan's preferences (spec 2 §3, the dashboards' filters): null until the customer sets them. */
  rate_type: PreferredRateType | null;
  repayment_type: RepaymentType | null;
  number_of_applicants: number | null;
  /** The property's place (`property_address`). */
  property_suburb: string | null;
  property_state: string | null;
  property_postcode: string | null;
  /** The customer's home (`user_address`): the property of an owner-occupied loan without a property address. */
  home_suburb: string | null;
  home_state: string | null;
  home_postcode: string | null;
  created_at: Date;
  published_at: Date | null;
  bidding_period_expiry_on: Date | null;
  review_bids_on: Date | null;
  /** Set when the review period ends (processing). */
  expiration_date: Date | null;
  prioritised: boolean;
  /** Auto-Declare on (auction posts, from publishing) until the owner or an admin cancels it. */
  auto_accept: boolean;
  review_extensions: number;
  winning_bid_id: string | null;
  /** The order of the post's bids (leading bid, Auto-Declare): the customer's choice, comparison rate unless set. */
  sort_by: PostSortKey;
  /** An admin deleted it: the post and its bids and deals leave every list (the row stays for the look-ups). */
  deleted: boolean;
  updated_at: Date;
}

/** Every part a post ever had: a removed part keeps its row (`removed`), so deleting it again answers as deleted. */
export interface PostPartsTable {
  part_id: string;
  post_id: string;
  kind: PostPartKind;
  /** An income's applicant. */
  applicant_id: string | null;
  /** An applicant's credit history (for the credit band); null otherwise or once erased. */
  credit_history: CreditHistory | null;
  removed: boolean;
}

/**
 * The dashboards' totals (docs/performance.md "Trade flow"): posts not deleted, counted per status, state, loan type,
 * credit band, loan purpose, rate type, repayment type and priority (the filters' columns: 13,263 rows at 100,000
 * posts in the bench), so a total is a sum over the rows a filter matches instead of a count of every matching post.
 * A statement trigger on `posts` keeps it exact for every write, the handler's and a bulk load's alike. Absent values
 * count under '' (no filter value matches them).
 */
export interface PostCountsTable {
  status: PostStatus;
  state: string;
  loan_type: string;
  credit_band: string;
  loan_purpose: string;
  rate_type: string;
  repayment_type: string;
  prioritised: boolean;
  n: number;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface PostsTables {
  posts: PostsTable;
  post_parts: PostPartsTable;
  post_counts: PostCountsTable;
}
