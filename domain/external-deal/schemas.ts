import { z } from 'zod';
import { type FieldErrors, loanPurposes, loanTypes, postLimits, postMessages } from '../post/schemas';
import { bounded, choice } from '../shared/fields';
import { email, emailRequired, personName, phoneNumber, providerId } from '../user/schemas';

// The external deal form (spec 1 §2 "/external-deal/{mode}/{uuid}", §5, §8; spec 3 §2, §5, §9): the customer card
// (an existing customer, or a new one), the provider cards (one or more) and the post card (the loan). The API
// answers these rules as 422 field errors and the form validates with the same schema. docs/external-deals.md.

export { type FieldErrors };

/** The spec's texts (spec 1 §2, §5, §8; spec 3 §5). */
export const externalDealMessages = {
  customerRequired: 'You have to select a customer!',
  providersRequired: 'Should be one or more FSP.',
  created: 'External Deal has been created!',
  invalidMode: 'Invalid page mode!',
  uuidMissing: 'UUID is missing!',
  /** The e-mail rule is the user forms' (domain/user/schemas.ts); the spec only says "customer e-mail required". */
  emailRequired,
  // Ours (the spec names the rules, not the words).
  providerTwice: 'A provider is selected twice',
  providerRemoved: 'A provider of an external deal stays: close its deal lost instead.',
  updated: postMessages.updated,
} as const;

/** spec 3 §9: the loan amount as bids take it, the property value of external loans. */
export const externalLoanLimits = {
  loanAmount: postLimits.loanAmount,
  propertyMarketValue: { min: 222_500, max: 50_000_000 },
} as const;

/** How many providers one external deal may name. */
export const externalDealProvidersMax = 20;

/** The page modes of `/external-deal/{mode}/{uuid}` (spec 1 §2). */
export const externalDealModes = ['create', 'edit'] as const;
export type ExternalDealMode = (typeof externalDealModes)[number];

const providerUuids = z
  .array(providerId, { error: externalDealMessages.providersRequired })
  .max(externalDealProvidersMax, `At most ${externalDealProvidersMax} providers`);

/** The post card: the loan of an external deal (a post of origin external). No addresses: no personal data. */
export const externalLoanSchema = z.strictObject({
  loan_type: choice(loanTypes),
  loan_purpose: choice(loanPurposes),
  loan_amount: bounded(externalLoanLimits.loanAmount.min, externalLoanLimits.loanAmount.max),
  property_market_value: bounded(externalLoanLimits.propertyMarketValue.min, externalLoanLimits.propertyMarketValue.max),
});
export type ExternalLoan = z.infer<typeof externalLoanSchema>;

/** A customer created with the deal: country code 61 and origin external (spec 1 §5, spec 2 §9). */
export const newExternalCustomerSchema = z.strictObject({
  first_name: personName,
  last_name: personName,
  email: z.preprocess((value) => (value === null ? undefined : value), email),
  mobile_number: z.preprocess((value) => (value === '' ? null : value), phoneNumber.nullable()).default(null),
});
export type NewExternalCustomer = z.infer<typeof newExternalCustomerSchema>;

/**
 * `POST /v1/external_deals` and the form: `customer_uuid` (an existing customer) or `customer` (a new one);
 * `uuid` is the id the client made for this external deal, so a retried request completes the same one.
 */
export const externalDealFormSchema = z
  .strictObject({
    uuid: z.uuid().optional(),
    customer_uuid: z.uuid({ error: externalDealMessages.customerRequired }).nullish(),
    customer: newExternalCustomerSchema.nullish(),
    fsp_user_uuids: providerUuids,
    loan: externalLoanSchema,
  })
  .superRefine((form, ctx) => {
    for (const [path, messages] of Object.entries(externalDealFormErrors(form))) for (const message of messages) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  });
export type ExternalDealForm = z.infer<typeof externalDealFormSchema>;

/** `PATCH /v1/external_deals/{id}`: the loan and the providers (the customer stays; providers are only added). */
export const externalDealChangesSchema = z
  .strictObject({
    fsp_user_uuids: providerUuids,
    loan: externalLoanSchema,
  })
  .superRefine((form, ctx) => {
    for (const [path, messages] of Object.entries(providerErrors(form.fsp_user_uuids))) for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type ExternalDealChanges = z.infer<typeof externalDealChangesSchema>;

/** spec 1 §5: at least one provider, none twice. */
export function providerErrors(providers: readonly string[]): FieldErrors {
  if (providers.length === 0) return { fsp_user_uuids: [externalDealMessages.providersRequired] };
  if (new Set(providers).size !== providers.length) return { fsp_user_uuids: [externalDealMessages.providerTwice] };
  return {};
}

/** spec 1 §5: a customer chosen or created (not both), and the providers. */
export function externalDealFormErrors(form: { customer_uuid?: string | null; customer?: unknown; fsp_user_uuids: readonly string[] }): FieldErrors {
  const errors: FieldErrors = { ...providerErrors(form.fsp_user_uuids) };
  const chosen = Boolean(form.customer_uuid);
  const created = form.customer !== null && form.customer !== undefined;
  if (chosen === created) errors.customer_uuid = [externalDealMessages.customerRequired];
  return errors;
}
