import { australianStates } from '../address/schemas';
import { bidLimits } from '../bid/schemas';
import { creditBands } from '../post/calculations';
import { loanPurposes, loanTypes, postLimits, preferredRateTypes, repaymentTypes } from '../post/constants';

// What a template's rules can test about a post (`GET /v4/template_rule_fields`) and what its modifiers can change
// in the bid it places (`GET /v2/template_bid_fields`). Spec 3 §3 names the shapes and two fields (loan amount and
// maximum LVR); the rest is ours: the facts of a post lenders price on (docs/bid-templates.md "Rule fields").

export const ruleFieldTypes = ['currency', 'percentage', 'multiple_choice'] as const;
export type RuleFieldType = (typeof ruleFieldTypes)[number];

type Option = { value: string; label: string };
type RangeField = { field_type: 'currency' | 'percentage'; min: number; max: number };
type ChoiceField = { field_type: 'multiple_choice'; options: readonly Option[] };
export type RuleField = { uuid: string; name: RuleFieldName; label: string } & (RangeField | ChoiceField);

const words: Record<string, string> = {
  refinance: 'Refinance',
  new_loan: 'New loan',
  owner: 'Owner occupied',
  investment: 'Investment',
  any: 'Any',
  fixed: 'Fixed',
  variable: 'Variable',
  split: 'Split',
  principal_and_interest: 'Principal and interest',
  interest_only: 'Interest only',
};
const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: words[value] ?? value }));

/** The facts of a post a rule tests, as the evaluation receives them. */
export type PostRuleFacts = {
  loan_amount: number;
  /** The post's LVR in percent (not floored). */
  maximum_lvr: number;
  property_market_value: number;
  loan_type: string;
  loan_purpose: string;
  rate_type: string;
  repayment_type: string;
  /** The band's key ('ExcellentCreditBand'), null when no applicant gave a credit history. */
  credit_band: string | null;
  number_of_applicants: number;
  /** The property's place: state, postcode and suburb (location rules test these). */
  state: string | null;
  postcode: string | null;
  suburb: string | null;
};

export const ruleFieldNames = [
  'loan_amount',
  'maximum_lvr',
  'property_market_value',
  'loan_type',
  'loan_purpose',
  'rate_type',
  'repayment_type',
  'credit_band',
  'number_of_applicants',
  'state',
] as const;
export type RuleFieldName = (typeof ruleFieldNames)[number];

/** Fixed ids so a rule saved today names the same field tomorrow. */
const ruleFieldUuid = (n: number) => `7e3a1c00-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ruleFields: readonly RuleField[] = [
  { uuid: ruleFieldUuid(1), name: 'loan_amount', label: 'Loan amount', field_type: 'currency', ...postLimits.loanAmount },
  { uuid: ruleFieldUuid(2), name: 'maximum_lvr', label: 'LVR', field_type: 'percentage', ...bidLimits.maximumLvr },
  { uuid: ruleFieldUuid(3), name: 'property_market_value', label: 'Property value', field_type: 'currency', min: 0, max: postLimits.propertyMarketValue.max },
  { uuid: ruleFieldUuid(4), name: 'loan_type', label: 'Type of loan', field_type: 'multiple_choice', options: options(loanTypes) },
  { uuid: ruleFieldUuid(5), name: 'loan_purpose', label: 'Loan purpose', field_type: 'multiple_choice', options: options(loanPurposes) },
  { uuid: ruleFieldUuid(6), name: 'rate_type', label: 'Rate type wanted', field_type: 'multiple_choice', options: options(preferredRateTypes) },
  { uuid: ruleFieldUuid(7), name: 'repayment_type', label: 'Repayment type wanted', field_type: 'multiple_choice', options: options(repaymentTypes) },
  {
    uuid: ruleFieldUuid(8),
    name: 'credit_band',
    label: 'Credit band',
    field_type: 'multiple_choice',
    options: creditBands.map((band) => ({ value: band.band_key, label: band.label })),
  },
  {
    uuid: ruleFieldUuid(9),
    name: 'number_of_applicants',
    label: 'Applicants',
    field_type: 'multiple_choice',
    options: Array.from({ length: postLimits.applicants.max - postLimits.applicants.min + 1 }, (_, i) => {
      const count = String(postLimits.applicants.min + i);
      return { value: count, label: count };
    }),
  },
  { uuid: ruleFieldUuid(10), name: 'state', label: 'State', field_type: 'multiple_choice', options: options(australianStates) },
];

export const ruleFieldByName = new Map(ruleFields.map((field) => [field.name, field]));
export const ruleFieldByUuid = new Map(ruleFields.map((field) => [field.uuid, field]));

/** spec 3 §4 step 9: a new template qualifies loans of 200,000 to 5,000,000 at an LVR up to 95%; the rest is open. */
export const initialQualifyingRanges: Partial<Record<RuleFieldName, { min: number; max: number }>> = {
  maximum_lvr: { min: 0, max: 95 },
  loan_amount: { min: 200_000, max: 5_000_000 },
};

// ── What a modifier can change ──────────────────────────────────────────────────────────────────────────────────

export const bidFieldTypes = ['currency', 'percentage', 'other'] as const;
export type BidFieldType = (typeof bidFieldTypes)[number];

/** The bid's fields a conditional rule may change, with their bounds (the bid form's, spec 3 §5). */
export const modifiableBidFields = {
  interest_rate: { label: 'Interest rate', field_type: 'percentage', ...bidLimits.rate },
  comparison_rate: { label: 'Comparison rate', field_type: 'percentage', ...bidLimits.rate },
  advertised_rate: { label: 'Advertised rate', field_type: 'percentage', ...bidLimits.rate },
  rate_reverts_to: { label: 'Rate reverts to', field_type: 'percentage', ...bidLimits.rate },
  maximum_lvr: { label: 'Maximum LVR', field_type: 'percentage', ...bidLimits.maximumLvr },
  application_fee_value: { label: 'Application fee', field_type: 'currency', min: 0, max: bidLimits.applicationFeeMax },
  ongoing_fees_value: { label: 'Ongoing fees', field_type: 'currency', min: 0, max: bidLimits.ongoingFeesMax },
  cash_back: { label: 'Cash back', field_type: 'currency', min: 0, max: bidLimits.cashBackMax },
  waived: { label: 'Application fee waived', field_type: 'other' },
  ongoing_fees_waived: { label: 'Ongoing fees waived', field_type: 'other' },
  offset: { label: 'Offset account', field_type: 'other' },
  redraw: { label: 'Redraw', field_type: 'other' },
  extra_repayments: { label: 'Extra repayments', field_type: 'other' },
  split_loan_facility: { label: 'Split loan facility', field_type: 'other' },
} as const satisfies Record<string, { label: string; field_type: BidFieldType; min?: number; max?: number }>;
export type ModifiableBidField = keyof typeof modifiableBidFields;
export const modifiableBidFieldNames = Object.keys(modifiableBidFields) as ModifiableBidField[];

/** spec 3 §5: a percentage application fee is at most 10 in conditional rules. */
export const percentageApplicationFeeMax = 10;
