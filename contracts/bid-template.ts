import { z } from 'zod';
import { offeredProductView } from '../domain/financial-institution-product/schemas';
import { feeRuleChoices } from '../domain/bid-template/commands';
import { autoBiddingScopes } from '../domain/bid-template/auto-bidding';
import { modifierTypes } from '../domain/bid-template/modifiers';
import { bidFieldTypes, modifiableBidFieldNames, modifiableBidFields, ruleFieldNames, ruleFieldTypes } from '../domain/bid-template/rule-fields';
import { addressTypes, conditionOperators } from '../domain/bid-template/rules';
import { autoBiddingStatuses, bidTemplateDetailsFields, conditionalRuleSchema, locationListTypeSchema, locationRuleSchema, modifierSchema, ruleTestSchema } from '../domain/bid-template/schemas';
import { listQuerySchema } from '../domain/shared/list-query';
import { bidCancellationReason, optionalDocumentSchema, requiredDocumentSchema } from '../domain/bid/schemas';
import { optionalDocumentView, requiredDocumentView } from './bid';
import { executeAutomaticBiddingBody } from './auto-bidding-simulation';

// What the API answers about bid templates (spec 3 §7 "Bid templates"; docs/bid-templates.md), and the bodies it takes.

const ruleTestView = z.object({ rule_field: z.enum(ruleFieldNames), min_value: z.number().nullable(), max_value: z.number().nullable(), value: z.string().nullable() });

export const bidTemplateView = z.object({
  uuid: z.uuid(),
  /** The stream's revision: send it back as `revision` so a save made on a template changed meanwhile is a 409. */
  revision: z.number().int(),
  fsp_user_uuid: z.uuid(),
  /** The owner's name, for admins and the organisation's viewers (spec 3 §6); null otherwise. */
  fsp_name: z.string().nullable(),
  organisation_uuid: z.uuid(),
  organisation_name: z.string().nullable(),
  name: z.string(),
  bid_type: z.string(),
  interest_rate: z.number(),
  comparison_rate: z.number(),
  computed_comparison_rate: z.number(),
  maximum_lvr: z.number(),
  auto_bidding: z.enum(autoBiddingStatuses),
  /** spec 3 §3, §4: days auto-bidding stays on, and when it ends (shown DD/MM/YYYY); null unless active. */
  valid_for: z.number().int().nullable(),
  expiry_on: z.string().nullable(),
  public: z.boolean(),
  /** The days back auto-bidding and the simulation look (the last activation's choice); null before any. */
  auto_bidding_review_period: z.number().int().nullable(),
  /** The first activation's execution option (only_new_posts or open_posts); null while pending. */
  auto_bidding_scope: z.enum(autoBiddingScopes).nullable(),
  /** spec 3 §3, §4 "Interactive matching": the flag, its validity (1–7 days) and expiry (YYYY-MM-DD); null when off. */
  interactive_matching: z.boolean(),
  interactive_matching_valid_for: z.number().int().nullable(),
  interactive_matching_expiration_date: z.string().nullable(),
  /** Floor and step (docs/auto-bidding.md "Floor and step"); null when its auto-bids never improve. */
  improvement: z.object({ floor_comparison_rate: z.number(), step: z.number(), max_improvements_per_post: z.number().int() }).nullable(),
  home_loan_bid_template: z.object(bidTemplateDetailsFields.shape),
  /** The financial institution product the template offers, with its names (docs/products.md); null when none. */
  financial_institution_product: offeredProductView.nullable(),
  qualifying_rules: z.array(ruleTestView),
  conditional_rules: z.array(
    z.object({
      uuid: z.uuid(),
      bid_field: z.enum(modifiableBidFieldNames as [keyof typeof modifiableBidFields]),
      operator: z.enum(conditionOperators),
      conditions: z.array(ruleTestView),
      modifier: modifierSchema,
    }),
  ),
  location_list_type: z.string().nullable(),
  location_rules: z.array(z.object({ uuid: z.uuid(), address_type: z.enum(addressTypes), state: z.string(), postcode: z.string().nullable(), suburb: z.string().nullable() })),
  cloned_from: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BidTemplateView = z.infer<typeof bidTemplateView>;

export const bidTemplateSortable = ['created_at', 'updated_at', 'name', 'interest_rate', 'comparison_rate'] as const;
/** spec 3 §9: the templates list shows 25 a page, newest first. */
export const bidTemplateListQuery = listQuerySchema(
  bidTemplateSortable,
  z.strictObject({ fsp_user_uuid: z.uuid().optional(), organisation_uuid: z.uuid().optional(), auto_bidding: z.enum(autoBiddingStatuses).optional() }),
  { defaultCount: 25 },
);
export type BidTemplateListQuery = z.infer<typeof bidTemplateListQuery>;
export const bidTemplateList = z.object({ total_records: z.number().int(), records: z.array(bidTemplateView) });

/** `POST /v4/home_loan_bid_templates`: a new template, an admin's for a provider, or a clone. */
export const createBidTemplateBody = z.strictObject({
  home_loan_bid_template: z.record(z.string(), z.unknown()),
  fsp_user_uuid: z.uuid().optional(),
  clone_of: z.uuid().optional(),
});

const revision = z.number().int().min(0).optional();
/** `PATCH /v4/home_loan_bid_templates/{id}` with `operation` update (the details) or location_list_type. */
export const changeBidTemplateBody = z.discriminatedUnion('operation', [
  z.strictObject({ operation: z.literal('update'), revision, home_loan_bid_template: z.record(z.string(), z.unknown()), fee_rules: z.enum(feeRuleChoices).optional() }),
  z.strictObject({ operation: z.literal('location_list_type'), revision, location_list_type: locationListTypeSchema }),
]);

/**
 * `PATCH /v4/home_loan_bid_templates/{id}/auto_bidding` (spec 3 §4, §7): tick on or off; `scope` only on a first
 * activation (default only_new_posts); `review_period` 1 to the provider's maximum.
 */
export const autoBiddingBody = z.strictObject({
  revision,
  auto_bidding: z.boolean({ error: 'Tick auto-bidding on or off.' }),
  scope: z.enum(autoBiddingScopes, { error: 'Choose only_new_posts or open_posts.' }).nullable().optional(),
  review_period: z.number({ error: 'Choose a review period in days.' }).int('Choose a review period in days.').nullable().optional(),
});

/**
 * `PATCH /v1/home_loan_bid_templates/{id}` (spec 3 §4, §7) with `operation`: cancel_active_bids with a reason
 * ('The reason is required.' when blank). The spec's other operations of this call join the union.
 */
export const templateOperationBody = z.discriminatedUnion('operation', [z.strictObject({ operation: z.literal('cancel_active_bids'), reason: bidCancellationReason }), executeAutomaticBiddingBody]);

/** The answer to cancel_active_bids: the bids cancelled, and those refused meanwhile (cancelled or accepted by then). */
export const cancelledTemplateBids = z.object({
  home_loan_bid_template_uuid: z.uuid(),
  cancelled_bids: z.number().int(),
  cancelled_bid_uuids: z.array(z.uuid()),
  skipped_bids: z.array(z.object({ bid_uuid: z.uuid(), code: z.string() })),
});
export type CancelledTemplateBids = z.infer<typeof cancelledTemplateBids>;

/** `POST /v3/home_loan_bid_templates/{id}/interactive_matches` (spec 3 §4, §7): tick on with a validity of 1–7 days, or off. */
export const interactiveMatchBody = z.strictObject({
  revision,
  interactive_matching: z.boolean({ error: 'Tick interactive matching on or off.' }),
  interactive_matching_valid_for: z.number({ error: 'Choose a validity in days.' }).int('Choose a validity in days.').nullable().optional(),
});

/** `PATCH /v4/home_loan_bid_templates/{id}/improvement`: the floor and step, checked by the decider (422 under `improvement.<field>`), or null. */
export const improvementBody = z.strictObject({ revision, improvement: z.record(z.string(), z.unknown()).nullable() });

export const qualifyingRulesBody = z.strictObject({ revision, template_qualifying_rules: z.array(ruleTestSchema).max(ruleFieldNames.length) });
export const conditionalRuleBody = z.strictObject({ revision, template_conditional_field: conditionalRuleSchema.omit({ uuid: true }) });
export const locationRuleBody = z.strictObject({ revision, template_location_rule: locationRuleSchema.omit({ uuid: true }) });

/** spec 3 §7 "Bid template documents": a required document (the customer provides it), wrapped as `required_document`. */
export const requiredDocumentBody = z.strictObject({ revision, required_document: requiredDocumentSchema.omit({ uuid: true }) });
/** An optional document: its `document` (a title or a link) at the top of the body (the spec's payload `document`). */
export const optionalDocumentBody = optionalDocumentSchema.omit({ uuid: true }).extend({ revision });
export const requiredDocumentsView = z.object({ records: z.array(requiredDocumentView) });
export const optionalDocumentsView = z.object({ records: z.array(optionalDocumentView) });

export const ruleFieldsView = z.object({
  records: z.array(
    z.object({
      uuid: z.uuid(),
      name: z.enum(ruleFieldNames),
      label: z.string(),
      field_type: z.enum(ruleFieldTypes),
      min: z.number().optional(),
      max: z.number().optional(),
      options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    }),
  ),
});
export const bidFieldsView = z.object({
  records: z.array(
    z.object({
      uuid: z.enum(modifiableBidFieldNames as [keyof typeof modifiableBidFields]),
      label: z.string(),
      field_type: z.enum(bidFieldTypes),
      min: z.number().optional(),
      max: z.number().optional(),
      /** The modifiers that fit the field. */
      modifiers: z.array(z.enum(modifierTypes)),
    }),
  ),
});
