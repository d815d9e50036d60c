import { type PostReadingView, isProviderPostView } from '../../../contracts/provider-post';
import type { CurrentRateType, LoanPurpose, LoanType } from '../../../domain/post/schemas';
import type { HomeLoanPreferencesView, PostView } from '../../../contracts/post';
import { findProduct } from '../../../domain/product/products';

// The loan summary of spec 1 §2 "Post detail" from either reading of GET /v4/posts/{id}: the owner's and admin's
// whole post, or the provider's summary (domain/post/provider-view.ts).

export type Place = { suburb: string | null; state: string | null; postcode: string | null };

export type PostSummary = {
  /** {product} in the spec's texts: the product's name ('Home Loan'). */
  product: string;
  status: PostView['status'];
  loanType: LoanType | null;
  loanPurpose: LoanPurpose | null;
  loanAmount: number | null;
  marketValue: number | null;
  lvr: number | null;
  /** The rate and rate type of the loan being refinanced, with its lender. */
  currentRate: number | null;
  currentRateType: CurrentRateType | null;
  currentLender: string | null;
  preferences: HomeLoanPreferencesView | null;
  place: Place | null;
  creditBandKey: string | null;
  createdAt: string;
  publishedAt: string | null;
  biddingEndsAt: string | null;
  reviewEndsAt: string | null;
};

const placeOf = (address: Place | null | undefined): Place | null => (address ? { suburb: address.suburb, state: address.state, postcode: address.postcode } : null);

export function postSummaryOf(view: PostReadingView): PostSummary {
  const loan = view.primary_home_loan;
  const place = isProviderPostView(view)
    ? (view.primary_home_loan?.property_place ?? null)
    : placeOf(view.primary_home_loan?.property_address ?? (view.primary_home_loan?.loan_purpose === 'owner' ? view.primary_home_loan.user_address : null));
  return {
    product: findProduct(view.product_uuid)?.name ?? 'post',
    status: view.status,
    loanType: loan?.loan_type ?? null,
    loanPurpose: loan?.loan_purpose ?? null,
    loanAmount: loan?.loan_amount ?? null,
    marketValue: loan?.property_market_value ?? null,
    lvr: view.lvr,
    currentRate: loan?.interest_rate ?? null,
    currentRateType: loan?.rate_type ?? null,
    currentLender: loan?.organisation ?? null,
    preferences: loan?.home_loan_preferences ?? null,
    place,
    creditBandKey: view.credit_band?.key ?? null,
    createdAt: view.created_at,
    publishedAt: view.published_at,
    biddingEndsAt: view.bidding_period_expiry_on,
    reviewEndsAt: view.review_bids_on,
  };
}

export const placeText = (place: Place | null) => (place ? [place.suburb, place.state, place.postcode].filter(Boolean).join(' ') : '');
