import { z } from 'zod';
import { australianStates } from '../domain/address/schemas';
import { type PostView, applicantWithIncomesView, creditBandView, expenseView, homeLoanPreferencesView, postView } from './post';

// GET /v4/posts/{id} as a provider reads it (spec 1 §2 "Post detail", §6; docs/dashboards.md "The post as a provider
// reads it"). The loan summary is for every provider who may bid; the customer's personal data (names, e-mail,
// phone, dates of birth, incomes, expenses, savings, home address) only for the provider holding the winning bid.
// The status block (cancellation reason, owner, campaign) is hidden from providers; the status itself and the
// bidding dates stay, a provider needs them to bid.

const place = z.object({ suburb: z.string().nullable(), state: z.enum(australianStates).nullable(), postcode: z.string().nullable() });

/** The loan without personal fields: no savings, no home address; the property only as its place. */
export const providerHomeLoanView = z.object({
  uuid: z.uuid(),
  loan_type: postView.shape.primary_home_loan.unwrap().shape.loan_type,
  loan_purpose: postView.shape.primary_home_loan.unwrap().shape.loan_purpose,
  loan_amount: z.number().nullable(),
  property_market_value: z.number().nullable(),
  number_of_applicants: z.number().nullable(),
  number_of_dependants: z.number().nullable(),
  property_place: place.nullable(),
  /** The current lender and rate of a refinance: retention bids and the rate warning need them. */
  organisation: z.string().nullable(),
  organisation_uuid: z.uuid().nullable(),
  interest_rate: z.number().nullable(),
  rate_type: postView.shape.primary_home_loan.unwrap().shape.rate_type,
  retention: z.boolean().nullable(),
  purchase_property_found: z.boolean().nullable(),
  off_the_plan_property: z.boolean().nullable(),
  equity_from_another_property: z.boolean().nullable(),
  home_loan_preferences: homeLoanPreferencesView.nullable(),
});
export type ProviderHomeLoanView = z.infer<typeof providerHomeLoanView>;

/** The customer as the winning provider reads it: contact details and every personal part of the post. */
export const winningProviderCustomerView = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  country_code: z.string().nullable(),
  mobile_number: z.string().nullable(),
  home_address: place.nullable(),
  cash_savings: z.number().nullable(),
  applicants: z.array(applicantWithIncomesView),
  expenses: z.array(expenseView),
});
export type WinningProviderCustomerView = z.infer<typeof winningProviderCustomerView>;

export const providerPostView = z.object({
  /** Tells this answer from the owner's (postView) in the UI. */
  reader: z.literal('provider'),
  uuid: z.uuid(),
  status: postView.shape.status,
  origin: postView.shape.origin,
  urgency: postView.shape.urgency,
  sort_by: postView.shape.sort_by,
  product_uuid: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  bidding_period_expiry_on: z.string().nullable(),
  review_bids_on: z.string().nullable(),
  lvr: z.number().nullable(),
  lvr_warning: z.boolean(),
  credit_band: creditBandView.nullable(),
  primary_home_loan: providerHomeLoanView.nullable(),
  /** Whether the reading provider holds the winning bid (then `customer` is there). */
  holds_winning_bid: z.boolean(),
  /** Absent (not null) unless the provider holds the winning bid, so no personal key reaches anyone else. */
  customer: winningProviderCustomerView.optional(),
});
export type ProviderPostView = z.infer<typeof providerPostView>;

/** What GET /v4/posts/{id} answers: the whole post (owner, admin) or the provider's reading. */
export const postReadingView = z.union([postView, providerPostView]);
export type PostReadingView = z.infer<typeof postReadingView>;

export const isProviderPostView = (view: PostReadingView): view is ProviderPostView => 'reader' in view && view.reader === 'provider';

export type OwnerContact = Pick<WinningProviderCustomerView, 'first_name' | 'last_name' | 'email' | 'country_code' | 'mobile_number'>;

/** The provider's reading of the whole post; `owner` only for the winning provider (null: the summary alone). */
export function toProviderPostView(post: PostView, owner: OwnerContact | null): ProviderPostView {
  const loan = post.primary_home_loan;
  const placeOf = (address: NonNullable<typeof loan>['property_address']) =>
    address ? { suburb: address.suburb, state: address.state, postcode: address.postcode } : null;
  const summary: ProviderPostView = {
    reader: 'provider',
    uuid: post.uuid,
    status: post.status,
    origin: post.origin,
    urgency: post.urgency,
    sort_by: post.sort_by,
    product_uuid: post.product_uuid,
    created_at: post.created_at,
    updated_at: post.updated_at,
    published_at: post.published_at,
    bidding_period_expiry_on: post.bidding_period_expiry_on,
    review_bids_on: post.review_bids_on,
    lvr: post.lvr,
    lvr_warning: post.lvr_warning,
    credit_band: post.credit_band,
    primary_home_loan: loan && {
      uuid: loan.uuid,
      loan_type: loan.loan_type,
      loan_purpose: loan.loan_purpose,
      loan_amount: loan.loan_amount,
      property_market_value: loan.property_market_value,
      number_of_applicants: loan.number_of_applicants,
      number_of_dependants: loan.number_of_dependants,
      // An owner-occupied loan without a property address is on the customer's home: its suburb is the property's.
      property_place: placeOf(loan.property_address ?? (loan.loan_purpose === 'owner' ? loan.user_address : null)),
      organisation: loan.organisation,
      organisation_uuid: loan.organisation_uuid,
      interest_rate: loan.interest_rate,
      rate_type: loan.rate_type,
      retention: loan.retention,
      purchase_property_found: loan.purchase_property_found,
      off_the_plan_property: loan.off_the_plan_property,
      equity_from_another_property: loan.equity_from_another_property,
      home_loan_preferences: loan.home_loan_preferences,
    },
    holds_winning_bid: owner !== null,
  };
  if (!owner) return summary;
  return {
    ...summary,
    customer: {
      ...owner,
      home_address: placeOf(loan?.user_address ?? null),
      cash_savings: loan?.cash_savings ?? null,
      applicants: post.applicants,
      expenses: post.expenses,
    },
  };
}
