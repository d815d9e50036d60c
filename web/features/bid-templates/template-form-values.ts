import type { BidTemplateView } from '../../../contracts/bid-template';
import { type BidFormValues, bidFormValuesOf, emptyBidFormValues, toBidFormDraft } from '../../components/bid-form/bid-form-values';

// The template's details as the wizard's form holds them: the bid form's values (web/components/bid-form) with the
// template's name, the provider it bids for and the organisation. The API's schema is bidTemplateDetailsSchema.

export type TemplateFormValues = BidFormValues & {
  name: string;
  /** The provider the template bids for: the provider itself, or the one an admin picks (spec 3 §6). */
  fsp_user_uuid: string;
  organisation_uuid: string;
};

/** A new template: the bid form's empty values, for the provider and organisation given. */
export function emptyTemplateFormValues(owner: { fsp_user_uuid: string; organisation_uuid: string }): TemplateFormValues {
  return { ...emptyBidFormValues(), name: '', ...owner };
}

/** A saved template's details as form values; a clone keeps them all (spec 3 §3 "Cloning" drops only the rest). */
export function templateFormValuesOf(template: BidTemplateView): TemplateFormValues {
  const details = template.home_loan_bid_template;
  return {
    ...bidFormValuesOf({ ...details, home_loan_bid_template_uuid: null }),
    name: details.name,
    fsp_user_uuid: template.fsp_user_uuid,
    organisation_uuid: details.organisation_uuid,
  };
}

/**
 * The details to check with bidTemplateDetailsSchema and send. A template bids the amount each post asks for, so it
 * carries no amount of its own, and no product of an organisation.
 */
export function toTemplateDetails(values: TemplateFormValues) {
  const { home_loan_bid_template_uuid: _none, ...draft } = toBidFormDraft(values, { organisation_uuid: values.organisation_uuid, home_loan_bid_template_uuid: null, provider_uuid: null, product: null });
  return { ...draft, amount: null, name: values.name };
}

/** The keys a 422 `errors` map may name under `home_loan_bid_template.`: the form's own, documents by row. */
export const detailsFieldPaths = (values: TemplateFormValues): string[] => [
  ...Object.keys(values),
  ...values.required_documents.flatMap((_, i) => ['document_type', 'description', 'quantity', 'mandatory'].map((field) => `required_documents.${i}.${field}`)),
  ...values.optional_documents.map((_, i) => `optional_documents.${i}.document`),
];
