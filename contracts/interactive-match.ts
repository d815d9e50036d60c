import { z } from 'zod';
import { applicationFeeTypes, bidRateTypes, bidRepaymentTypes, ongoingFeesPeriods, typesOfLoan } from '../domain/bid/schemas';

// What `POST /v3/interactive_matches/evaluations` answers (docs/bid-templates.md "Interactive matching: the
// evaluation"): the spec's interactive match records (spec 2 §3), a page of them. Only what an anonymous visitor may
// see: no provider person, no rule of the template.

export const offeredBidView = z.object({
  /** null: an anonymous template that keeps its organisation private. */
  organisation: z.object({ uuid: z.uuid(), name: z.string().nullable(), logo: z.string().nullable() }).nullable(),
  product_name: z.string().nullable(),
  interest_rate: z.number(),
  comparison_rate: z.number(),
  advertised_rate: z.number().nullable(),
  discretionary_rate: z.boolean(),
  introductory_rate: z.boolean(),
  rate_reverts_to: z.number().nullable(),
  rate_reverts_after: z.number().int().nullable(),
  rate_type: z.enum(bidRateTypes),
  fixed_period: z.number().int().nullable(),
  type_of_loan: z.enum(typesOfLoan),
  repayment_type: z.enum(bidRepaymentTypes),
  interest_only_period: z.number().int().nullable(),
  maximum_lvr: z.number(),
  application_fee_type: z.enum(applicationFeeTypes),
  application_fee_value: z.number(),
  waived: z.boolean(),
  ongoing_fees_value: z.number(),
  ongoing_fees_period: z.enum(ongoingFeesPeriods),
  /** spec 2 §9: a monthly value times 12. */
  ongoing_fees_annual: z.number(),
  ongoing_fees_waived: z.boolean(),
  cash_back: z.number().nullable(),
  offset: z.boolean(),
  redraw: z.boolean(),
  extra_repayments: z.boolean(),
  split_loan_facility: z.boolean(),
  packaged: z.boolean(),
});

export const interactiveMatchView = z.object({
  home_loan_bid_template_uuid: z.uuid(),
  /** The last day the offer stands (Sydney, YYYY-MM-DD; spec 3 §4). */
  expiry_on: z.string(),
  home_loan_bid: offeredBidView,
});

export const interactiveMatchesPage = z.object({
  total_records: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  records: z.array(interactiveMatchView),
});
