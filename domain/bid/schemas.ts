import { z } from 'zod';
import { cancellationReason, type FieldErrors, postLimits, postMessages, required } from '../post/schemas';
import { bounded, choice, wholeNumber } from '../shared/fields';
import { interestRateLimits } from '../shared/limits';
import { maxLengthMessage, notAChoice } from '../shared/messages';

// The bid form (spec 1 §3 "Bid", spec 3 §3 "Bid form options", §5 "Bid template and bid form", §9 bounds). The API
// answers these rules as 422 field errors and the bid screen validates with the same schema. Rules that need the
// post or the provider (LVR, warnings, bid types) are in ./rules.ts and the decider.

export const bidTypes = ['normal', 'anonymous', 'retention'] as const;
export type BidType = (typeof bidTypes)[number];
/** spec 3 §3: a bid offers a variable or a fixed rate (split only appears in the post's preferences). */
export const bidRateTypes = ['variable', 'fixed'] as const;
export const bidRepaymentTypes = ['principal_and_interest', 'interest_only'] as const;
export const typesOfLoan = ['full_service_loan', 'basic_loan', 'line_of_credit'] as const;
export const applicationFeeTypes = ['$', '%'] as const;
export const ongoingFeesPeriods = ['per_annum', 'per_month'] as const;
/** auction: placed on a post by a provider; external: an external deal an admin records (spec 3 §7). */
export const bidOrigins = ['auction', 'external'] as const;
export type BidOrigin = (typeof bidOrigins)[number];

/** spec 1 §4 "Bid statuses" (labels: accepted is shown as Declared). */
export const bidStatuses = ['active', 'accepted', 'contacted', 'applied', 'closed_won', 'closed_lost', 'cancelled', 'expired', 'on_hold'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export const bidStatusLabels: Record<BidStatus, string> = {
  active: 'Active',
  accepted: 'Declared',
  contacted: 'Contacted',
  applied: 'Applied',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
  cancelled: 'Cancelled',
  expired: 'Expired',
  on_hold: 'On Hold',
};
/**
 * A bid the customer did not choose: another bid of its post was accepted while it was active or expired. Its status
 * stays the spec's `expired`; the words say what happened (docs/bids.md "Bids the customer did not choose").
 */
export const notChosenLabel = 'Another bid chosen';

/** The words a bid's status shows: the spec's label, or that the customer chose another bid. */
export const bidStatusLabelOf = (status: BidStatus, notChosen: boolean): string =>
  notChosen && (status === 'active' || status === 'expired') ? notChosenLabel : bidStatusLabels[status];

/** spec 1 §4: bids in these statuses count as deals. */
export const dealStatuses = ['accepted', 'contacted', 'applied', 'closed_won', 'closed_lost'] as const satisfies readonly BidStatus[];
export const isDealStatus = (status: BidStatus): boolean => (dealStatuses as readonly BidStatus[]).includes(status);
/** The bid statuses of a deal still open (its stage accepted, contacted, applied or on hold; spec 1 §2 board). */
export const openDealStatuses = ['accepted', 'contacted', 'applied', 'on_hold'] as const satisfies readonly BidStatus[];
export const isOpenDealStatus = (status: BidStatus): boolean => (openDealStatuses as readonly BidStatus[]).includes(status);
/** An active bid (while its post takes bids) or the bid of an open deal ("update bid", spec 1 §2) can be changed. */
export const isEditableBidStatus = (status: BidStatus): boolean => status === 'active' || isOpenDealStatus(status);

/** spec 3 §5 and §9. */
export const bidLimits = {
  /** The loan amount a bid offers: the posts' own bound. */
  amount: postLimits.loanAmount,
  rate: interestRateLimits,
  rateRevertsAfterMonths: { min: 1, max: 60 },
  fixedPeriodYears: { min: 1, max: 5 },
  interestOnlyPeriodYears: { min: 1, max: 10 },
  maximumLvr: { min: 0, max: 100 },
  applicationFeeMax: 20_000,
  ongoingFeesMax: 12_000,
  cashBackMax: 50_000,
  documentQuantity: { min: 1, max: 1000 },
  /** Ours (the spec sets none): the required documents, and the optional ones, a bid or a template may list. */
  documentsMax: 50,
  textMax: 100,
  longTextMax: 5000,
} as const;

export const bidMessages = {
  required,
  /** spec 1 §5, spec 3 §8. */
  reasonRequired: postMessages.reasonRequired,
  /** spec 3 §5. */
  typeOfLoanRequired: 'Select a type of loan.',
  // Ours (the spec names the rule, not the words): docs/events.md "Bid".
  requiredDocumentMissing: 'Add at least one required document',
  fixedPeriodRequired: 'Choose the fixed period',
  interestOnlyPeriodRequired: 'Choose the interest-only period',
  revertRequired: 'Give the rate the introductory rate reverts to and when',
  tooManyDocuments: `At most ${bidLimits.documentsMax} documents`,
} as const;

/** A rate in percent with at most two decimals (spec 3 §9: percentage input allows at most 2 decimals). */
const rate = () =>
  bounded(bidLimits.rate.min, bidLimits.rate.max).refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'At most 2 decimals');
const flag = z.boolean({ error: required });
const text = (max: number) => z.string({ error: required }).trim().max(max, maxLengthMessage(max));
const optionalText = (max: number) => text(max).nullable().default(null);

/** spec 3 §3: a required document (the customer must provide it) with its quantity. */
export const requiredDocumentSchema = z.strictObject({
  /** Given by the server when the bid is placed, so `/v1/required_documents/{id}` can name one. */
  uuid: z.uuid({ error: 'Should be a document id' }).optional(),
  document_type: text(bidLimits.textMax).min(1, required),
  description: optionalText(bidLimits.longTextMax),
  quantity: wholeNumber(bidLimits.documentQuantity.min, bidLimits.documentQuantity.max),
  mandatory: flag,
});
/** spec 3 §3: an optional document is a document (its file or link) the provider attaches. */
export const optionalDocumentSchema = z.strictObject({
  /** Given by the server, so `/v3/template_optional_documents/{id}` and `/v1/home_loan_bid_optional_documents/{id}` can name one. */
  uuid: z.uuid({ error: 'Should be a document id' }).optional(),
  document: text(bidLimits.longTextMax).min(1, required),
});

/** The bid form's fields without the rules across them (views reuse the shape). */
export const bidFields = z.strictObject({
  bid_type: choice(bidTypes),
  /** An anonymous bid with show_private hides the organisation from everyone but the customer (spec 1 §4). */
  show_private: flag.default(false),
  /** The loan amount offered when it differs from the post's; null means the post's amount. */
  amount: bounded(bidLimits.amount.min, bidLimits.amount.max).nullable().default(null),
  organisation_uuid: z.uuid({ error: required }),
  financial_institution_product: z.uuid({ error: notAChoice }).nullable().default(null),
  home_loan_bid_template_uuid: z.uuid().nullable().default(null),
  product_name: optionalText(bidLimits.textMax),
  interest_rate: rate(),
  comparison_rate: rate(),
  advertised_rate: rate().nullable().default(null),
  discretionary_rate: flag.default(false),
  introductory_rate: flag.default(false),
  rate_reverts_to: rate().nullable().default(null),
  rate_reverts_after: wholeNumber(bidLimits.rateRevertsAfterMonths.min, bidLimits.rateRevertsAfterMonths.max).nullable().default(null),
  rate_type: choice(bidRateTypes),
  fixed_period: wholeNumber(bidLimits.fixedPeriodYears.min, bidLimits.fixedPeriodYears.max).nullable().default(null),
  // spec 3 §5: missing or not one of the list, the same text.
  type_of_loan: z.enum(typesOfLoan, { error: bidMessages.typeOfLoanRequired }),
  repayment_type: choice(bidRepaymentTypes),
  interest_only_period: wholeNumber(bidLimits.interestOnlyPeriodYears.min, bidLimits.interestOnlyPeriodYears.max).nullable().default(null),
  maximum_lvr: bounded(bidLimits.maximumLvr.min, bidLimits.maximumLvr.max),
  offset: flag.default(false),
  redraw: flag.default(false),
  extra_repayments: flag.default(false),
  split_loan_facility: flag.default(false),
  packaged: flag.default(false),
  package_details: optionalText(bidLimits.longTextMax),
  application_fee_type: choice(applicationFeeTypes).default('$'),
  application_fee_value: bounded(0, bidLimits.applicationFeeMax).default(0),
  waived: flag.default(false),
  ongoing_fees_waived: flag.default(false),
  ongoing_fees_value: bounded(0, bidLimits.ongoingFeesMax).default(0),
  ongoing_fees_period: choice(ongoingFeesPeriods).default('per_annum'),
  cash_back: bounded(0, bidLimits.cashBackMax).nullable().default(null),
  offer_description: optionalText(bidLimits.longTextMax),
  disclaimer: optionalText(bidLimits.longTextMax),
  product_disclosure_statement: optionalText(bidLimits.longTextMax),
  key_fact_sheets: optionalText(bidLimits.longTextMax),
  required_documents: z
    .array(requiredDocumentSchema, { error: bidMessages.requiredDocumentMissing })
    .min(1, bidMessages.requiredDocumentMissing)
    .max(bidLimits.documentsMax, bidMessages.tooManyDocuments),
  optional_documents: z.array(optionalDocumentSchema).max(bidLimits.documentsMax, bidMessages.tooManyDocuments).default([]),
});

export type BidFormInput = z.input<typeof bidFields>;
export type BidForm = z.output<typeof bidFields>;
export type RequiredDocument = z.output<typeof requiredDocumentSchema>;

/** Rules across fields of the form (the bid's terms must say what they promise). */
export function bidFormErrors(bid: BidForm): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (bid.rate_type === 'fixed' && bid.fixed_period === null) add('fixed_period', bidMessages.fixedPeriodRequired);
  if (bid.repayment_type === 'interest_only' && bid.interest_only_period === null) add('interest_only_period', bidMessages.interestOnlyPeriodRequired);
  if (bid.introductory_rate && (bid.rate_reverts_to === null || bid.rate_reverts_after === null)) {
    if (bid.rate_reverts_to === null) add('rate_reverts_to', bidMessages.revertRequired);
    if (bid.rate_reverts_after === null) add('rate_reverts_after', bidMessages.revertRequired);
  }
  return errors;
}

/** The bid form of `POST /v4/home_loans/{id}/bids` and `PATCH /v4/home_loan_bids/{id}`. */
export const bidFormSchema = bidFields.superRefine((bid, ctx) => {
  for (const [path, messages] of Object.entries(bidFormErrors(bid))) for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
});

/** spec 1 §5: the cancellation reason, trimmed and required (the post's rule and words). */
export const bidCancellationReason = cancellationReason;

/** 85.456 → '85.46%' (spec: percentages with two decimals). */
export const formatPercent = (value: number) => `${value.toFixed(2)}%`;

/** `GET /v1/document_types`: the documents a bid may ask for (no administration of them exists: a fixed list). */
export const documentTypes = [
  'Payslips',
  'Bank statements',
  'Tax returns',
  'Notice of assessment',
  'Photo identification',
  'Current loan statements',
  'Council rates notice',
  'Contract of sale',
  'Employment letter',
  'Other',
] as const;
