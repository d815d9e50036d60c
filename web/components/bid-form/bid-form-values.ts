import type { OfferedProductView } from '../../../domain/financial-institution-product/schemas';
import type { BidFormView } from '../../../contracts/bid';
import type { ComparisonTerms } from '../../../domain/bid/comparison-rate';
import type {
  BidFormInput,
  BidType,
  applicationFeeTypes,
  bidRateTypes,
  bidRepaymentTypes,
  ongoingFeesPeriods,
  typesOfLoan,
} from '../../../domain/bid/schemas';

// The bid form's values (what Mantine's inputs hold) and the API's bid form (domain/bid/schemas.ts) both ways.
// Inputs hold '' for an empty number and text; the API wants null (or nothing, so the schema says 'required').

export type NumberValue = number | '';
type Choice<T extends readonly string[]> = T[number] | null;

/** `uuid`: the saved document's id, kept when a bid is edited (null for a new row). */
export type RequiredDocumentValues = { key: string; uuid: string | null; document_type: string; description: string; quantity: NumberValue; mandatory: boolean };
export type OptionalDocumentValues = { key: string; uuid: string | null; document: string };

export type BidFormValues = {
  bid_type: BidType;
  show_private: boolean;
  /** '' offers the post's loan amount. */
  amount: NumberValue;
  /** The chosen financial institution product (docs/products.md), or none. */
  financial_institution_product: string | null;
  product_name: string;
  interest_rate: NumberValue;
  comparison_rate: NumberValue;
  advertised_rate: NumberValue;
  discretionary_rate: boolean;
  introductory_rate: boolean;
  rate_reverts_to: NumberValue;
  rate_reverts_after: NumberValue;
  rate_type: Choice<typeof bidRateTypes>;
  fixed_period: NumberValue;
  type_of_loan: Choice<typeof typesOfLoan>;
  repayment_type: Choice<typeof bidRepaymentTypes>;
  interest_only_period: NumberValue;
  maximum_lvr: NumberValue;
  offset: boolean;
  redraw: boolean;
  extra_repayments: boolean;
  split_loan_facility: boolean;
  packaged: boolean;
  package_details: string;
  application_fee_type: (typeof applicationFeeTypes)[number];
  application_fee_value: NumberValue;
  waived: boolean;
  ongoing_fees_waived: boolean;
  ongoing_fees_value: NumberValue;
  ongoing_fees_period: (typeof ongoingFeesPeriods)[number];
  cash_back: NumberValue;
  offer_description: string;
  disclaimer: string;
  product_disclosure_statement: string;
  key_fact_sheets: string;
  required_documents: RequiredDocumentValues[];
  optional_documents: OptionalDocumentValues[];
};

/**
 * What the form needs besides its values: the organisation the bid is made for, the template it came from, the
 * provider whose products it may offer, and the product the bid names now (shown even if no longer offered).
 */
export type BidContext = {
  organisation_uuid: string;
  home_loan_bid_template_uuid: string | null;
  provider_uuid: string | null;
  product: OfferedProductView | null;
};

const numberOrNull = (value: NumberValue): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A required number left empty is sent as missing, so the schema answers 'This field is required'. */
const numberOrMissing = (value: NumberValue): number | undefined => numberOrNull(value) ?? undefined;
const numberValue = (value: number | null | undefined): NumberValue => (typeof value === 'number' ? value : '');
const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** A row key for Mantine's list inputs; rows have no id of their own. */
export const rowKey = (): string => crypto.randomUUID();

export const emptyRequiredDocument = (): RequiredDocumentValues => ({ key: rowKey(), uuid: null, document_type: '', description: '', quantity: 1, mandatory: true });
export const emptyOptionalDocument = (): OptionalDocumentValues => ({ key: rowKey(), uuid: null, document: '' });

/** A new bid: one required document row to fill (spec 3 §5: at least one), fees at zero, a normal bid. */
export function emptyBidFormValues(): BidFormValues {
  return {
    bid_type: 'normal',
    show_private: false,
    amount: '',
    financial_institution_product: null,
    product_name: '',
    interest_rate: '',
    comparison_rate: '',
    advertised_rate: '',
    discretionary_rate: false,
    introductory_rate: false,
    rate_reverts_to: '',
    rate_reverts_after: '',
    rate_type: null,
    fixed_period: '',
    type_of_loan: null,
    repayment_type: null,
    interest_only_period: '',
    maximum_lvr: '',
    offset: false,
    redraw: false,
    extra_repayments: false,
    split_loan_facility: false,
    packaged: false,
    package_details: '',
    application_fee_type: '$',
    application_fee_value: 0,
    waived: false,
    ongoing_fees_waived: false,
    ongoing_fees_value: 0,
    ongoing_fees_period: 'per_annum',
    cash_back: '',
    offer_description: '',
    disclaimer: '',
    product_disclosure_statement: '',
    key_fact_sheets: '',
    required_documents: [emptyRequiredDocument()],
    optional_documents: [],
  };
}

/** The bid form before the schema checked it: a required value may still be missing. */
export type BidFormDraft = { [Field in Exclude<keyof BidFormInput, 'required_documents'>]-?: BidFormInput[Field] | undefined } & {
  required_documents: { uuid?: string; document_type: string; description: string | null; quantity: number | undefined; mandatory: boolean }[];
};

/**
 * The form's values as the API's bid form (to check with `bidFormSchema`, whose output is sent). Fields the form does not show for the chosen options are sent empty
 * (a variable rate has no fixed period), so a hidden stale value never reaches the bid.
 */
export function toBidFormDraft(values: BidFormValues, context: BidContext): BidFormDraft {
  const fixed = values.rate_type === 'fixed';
  const interestOnly = values.repayment_type === 'interest_only';
  const introductory = values.introductory_rate;
  return {
    bid_type: values.bid_type,
    show_private: values.bid_type === 'anonymous' && values.show_private,
    amount: numberOrNull(values.amount),
    organisation_uuid: context.organisation_uuid,
    financial_institution_product: values.financial_institution_product,
    home_loan_bid_template_uuid: context.home_loan_bid_template_uuid,
    product_name: textOrNull(values.product_name),
    interest_rate: numberOrMissing(values.interest_rate),
    comparison_rate: numberOrMissing(values.comparison_rate),
    advertised_rate: numberOrNull(values.advertised_rate),
    discretionary_rate: values.discretionary_rate,
    introductory_rate: introductory,
    rate_reverts_to: introductory ? numberOrNull(values.rate_reverts_to) : null,
    rate_reverts_after: introductory ? numberOrNull(values.rate_reverts_after) : null,
    rate_type: values.rate_type ?? undefined,
    fixed_period: fixed ? numberOrNull(values.fixed_period) : null,
    type_of_loan: values.type_of_loan ?? undefined,
    repayment_type: values.repayment_type ?? undefined,
    interest_only_period: interestOnly ? numberOrNull(values.interest_only_period) : null,
    maximum_lvr: numberOrMissing(values.maximum_lvr),
    offset: values.offset,
    redraw: values.redraw,
    extra_repayments: values.extra_repayments,
    split_loan_facility: values.split_loan_facility,
    packaged: values.packaged,
    package_details: values.packaged ? textOrNull(values.package_details) : null,
    application_fee_type: values.application_fee_type,
    application_fee_value: values.waived ? 0 : (numberOrNull(values.application_fee_value) ?? 0),
    waived: values.waived,
    ongoing_fees_waived: values.ongoing_fees_waived,
    ongoing_fees_value: values.ongoing_fees_waived ? 0 : (numberOrNull(values.ongoing_fees_value) ?? 0),
    ongoing_fees_period: values.ongoing_fees_period,
    cash_back: numberOrNull(values.cash_back),
    offer_description: textOrNull(values.offer_description),
    disclaimer: textOrNull(values.disclaimer),
    product_disclosure_statement: textOrNull(values.product_disclosure_statement),
    key_fact_sheets: textOrNull(values.key_fact_sheets),
    // Each row's missing quantity reaches the schema as missing too ('This field is required').
    required_documents: values.required_documents.map((document) => ({
      ...(document.uuid ? { uuid: document.uuid } : {}),
      document_type: document.document_type,
      description: textOrNull(document.description),
      quantity: numberOrMissing(document.quantity),
      mandatory: document.mandatory,
    })),
    optional_documents: values.optional_documents.map((document) => ({ ...(document.uuid ? { uuid: document.uuid } : {}), document: document.document })),
  };
}

/** A saved bid's form as the form's values (editing a bid). */
export function bidFormValuesOf(bid: BidFormView): BidFormValues {
  return {
    bid_type: bid.bid_type,
    show_private: bid.show_private,
    amount: numberValue(bid.amount),
    financial_institution_product: bid.financial_institution_product,
    product_name: bid.product_name ?? '',
    interest_rate: bid.interest_rate,
    comparison_rate: bid.comparison_rate,
    advertised_rate: numberValue(bid.advertised_rate),
    discretionary_rate: bid.discretionary_rate,
    introductory_rate: bid.introductory_rate,
    rate_reverts_to: numberValue(bid.rate_reverts_to),
    rate_reverts_after: numberValue(bid.rate_reverts_after),
    rate_type: bid.rate_type,
    fixed_period: numberValue(bid.fixed_period),
    type_of_loan: bid.type_of_loan,
    repayment_type: bid.repayment_type,
    interest_only_period: numberValue(bid.interest_only_period),
    maximum_lvr: bid.maximum_lvr,
    offset: bid.offset,
    redraw: bid.redraw,
    extra_repayments: bid.extra_repayments,
    split_loan_facility: bid.split_loan_facility,
    packaged: bid.packaged,
    package_details: bid.package_details ?? '',
    application_fee_type: bid.application_fee_type,
    application_fee_value: bid.application_fee_value,
    waived: bid.waived,
    ongoing_fees_waived: bid.ongoing_fees_waived,
    ongoing_fees_value: bid.ongoing_fees_value,
    ongoing_fees_period: bid.ongoing_fees_period,
    cash_back: numberValue(bid.cash_back),
    offer_description: bid.offer_description ?? '',
    disclaimer: bid.disclaimer ?? '',
    product_disclosure_statement: bid.product_disclosure_statement ?? '',
    key_fact_sheets: bid.key_fact_sheets ?? '',
    required_documents: bid.required_documents.map((document) => ({
      key: rowKey(),
      uuid: document.uuid ?? null,
      document_type: document.document_type,
      description: document.description ?? '',
      quantity: document.quantity,
      mandatory: document.mandatory,
    })),
    optional_documents: bid.optional_documents.map((document) => ({ key: rowKey(), uuid: document.uuid ?? null, document: document.document })),
  };
}

/** The terms the comparison rate is worked out from, once the form holds an interest rate and a rate type. */
export function comparisonTermsOf(values: BidFormValues): ComparisonTerms | null {
  const interestRate = numberOrNull(values.interest_rate);
  if (interestRate === null || values.rate_type === null) return null;
  return {
    interest_rate: interestRate,
    introductory_rate: values.introductory_rate,
    rate_reverts_to: numberOrNull(values.rate_reverts_to),
    rate_reverts_after: numberOrNull(values.rate_reverts_after),
    rate_type: values.rate_type,
    fixed_period: numberOrNull(values.fixed_period),
    application_fee_type: values.application_fee_type,
    application_fee_value: numberOrNull(values.application_fee_value) ?? 0,
    waived: values.waived,
    ongoing_fees_waived: values.ongoing_fees_waived,
    ongoing_fees_value: numberOrNull(values.ongoing_fees_value) ?? 0,
    ongoing_fees_period: values.ongoing_fees_period,
  };
}
