import { findProduct } from '../../../domain/product/products';
import type { LoanPurpose, LoanType } from '../../../domain/post/schemas';
import { isProviderPostView, type PostReadingView } from '../../../contracts/provider-post';

// What the bid screens need of the post, from either reading of `GET /v4/posts/{id}` (the provider's summary or
// the whole post an admin reads): the figures the bid is checked against and the loan summary beside the form.

export type BidPostSummary = {
  uuid: string;
  status: PostReadingView['status'];
  /** {product} in the spec's texts: the product's name ('Home Loan'). */
  product: string;
  homeLoanUuid: string | null;
  lvr: number | null;
  loanType: LoanType | null;
  loanPurpose: LoanPurpose | null;
  loanAmount: number | null;
  propertyMarketValue: number | null;
  /** The customer's current rate and lender (a refinance). */
  currentRate: number | null;
  currentLenderUuid: string | null;
  currentLender: string | null;
  /** The customer asked for a split rate (a bid without split loan facility is warned). */
  splitRequested: boolean;
  creditBand: PostReadingView['credit_band'];
  place: string | null;
  biddingEndsOn: string | null;
};

export function bidPostSummaryOf(post: PostReadingView): BidPostSummary {
  const loan = post.primary_home_loan;
  const address = loan ? (isProviderPostView(post) ? post.primary_home_loan?.property_place : (post.primary_home_loan?.property_address ?? null)) : null;
  const place = address ? [address.suburb, address.state, address.postcode].filter(Boolean).join(' ') : '';
  return {
    uuid: post.uuid,
    status: post.status,
    product: findProduct(post.product_uuid)?.name ?? 'post',
    homeLoanUuid: loan?.uuid ?? null,
    lvr: post.lvr,
    loanType: loan?.loan_type ?? null,
    loanPurpose: loan?.loan_purpose ?? null,
    loanAmount: loan?.loan_amount ?? null,
    propertyMarketValue: loan?.property_market_value ?? null,
    currentRate: loan?.loan_type === 'refinance' ? (loan.interest_rate ?? null) : null,
    currentLenderUuid: loan?.organisation_uuid ?? null,
    currentLender: loan?.organisation ?? null,
    splitRequested: loan?.home_loan_preferences?.rate_type === 'split',
    creditBand: post.credit_band,
    place: place === '' ? null : place,
    biddingEndsOn: post.bidding_period_expiry_on,
  };
}
