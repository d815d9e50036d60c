import { z } from 'zod';
import { bidFields, bidFormErrors, bidLimits } from '../bid/schemas';
import { type FieldErrors, required } from '../post/schemas';
import { modifierTypes, type Modifier } from './modifiers';
import { modifiableBidFieldNames, modifiableBidFields, percentageApplicationFeeMax, ruleFieldNames } from './rule-fields';
import { addressTypes, conditionOperators, locationListTypes, type RuleTest, ruleTestErrors } from './rules';

// The bid template's fields (spec 3 §3 "Home loan bid template") and its rules' shapes, validated with the spec's
// messages (spec 3 §5). The bid fields are the bid form's, so a template can never hold a bid the form refuses.

/** Spec 3 §5: template and product names are under 100 characters. */
export const templateNameMax = bidLimits.textMax - 1;

export const bidTemplateMessages = {
  /** spec 3 §5. */
  nameRequired: 'Name is required!',
  nameTooLong: `Should be under ${bidLimits.textMax} characters`,
  /**
   * spec 3 §3 lists retention among a template's bid types, but §5 says a retention bid never comes from a template:
   * a template offers normal or anonymous bids only (docs/bid-templates.md "Retention").
   */
  retentionNotFromTemplate: 'A retention bid cannot come from a bid template.',
  anonymousNotAllowed: 'You are not allowed to place anonymous bids.',
  organisationFixed: 'A provider of a financial institution bids for its own organisation.',
  modifierNotForField: 'This change does not fit this field.',
  modifierNegative: 'Should be at least 0',
  modifierPercentage: 'Should be between 0 and 100',
  feePercentageMax: `Should be at most ${percentageApplicationFeeMax}`,
} as const;

/** spec 3 §4 "Auto-bidding": the values seen; a template is `pending` until auto-bidding is first turned on. */
export const autoBiddingStatuses = ['pending', 'active', 'inactive', 'deactivated'] as const;
export type AutoBiddingStatus = (typeof autoBiddingStatuses)[number];

/** spec 3 §3 bid types a template offers (retention never comes from a template, see above). */
export const templateBidTypes = ['normal', 'anonymous'] as const;

const templateName = z.string({ error: bidTemplateMessages.nameRequired }).trim().min(1, bidTemplateMessages.nameRequired).max(templateNameMax, bidTemplateMessages.nameTooLong);

/** The template's bid details: the bid form's fields with the template's own name. */
export const bidTemplateDetailsFields = bidFields.omit({ home_loan_bid_template_uuid: true }).extend({
  name: templateName,
  bid_type: z.enum(templateBidTypes, { error: (issue) => (issue.input === 'retention' ? bidTemplateMessages.retentionNotFromTemplate : issue.input === undefined ? required : 'Choose one of the listed values') }),
  product_name: z.string().trim().max(templateNameMax, bidTemplateMessages.nameTooLong).nullable().default(null),
});
export const bidTemplateDetailsSchema = bidTemplateDetailsFields.superRefine((details, ctx) => {
  for (const [path, messages] of Object.entries(bidFormErrors({ ...details, home_loan_bid_template_uuid: null }))) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
  }
});
export type BidTemplateDetailsInput = z.input<typeof bidTemplateDetailsSchema>;
export type BidTemplateDetails = z.output<typeof bidTemplateDetailsSchema>;

const nullableNumber = z.number({ error: 'Should be a number' }).nullable().default(null);
/** A rule test's shape; its bounds are checked against the field by `ruleTestErrors`. */
export const ruleTestSchema = z.strictObject({
  rule_field: z.enum(ruleFieldNames, { error: 'Choose one of the listed fields' }),
  min_value: nullableNumber,
  max_value: nullableNumber,
  value: z.string().max(1000).nullable().default(null),
});

export const qualifyingRulesSchema = z.array(ruleTestSchema).max(ruleFieldNames.length);

export const modifierSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('new_boolean_value'), value: z.boolean({ error: required }) }),
  z.strictObject({ type: z.enum(modifierTypes.filter((t) => t !== 'new_boolean_value') as [Exclude<Modifier['type'], 'new_boolean_value'>]), value: z.number({ error: required }) }),
]);

export const conditionalRuleSchema = z.strictObject({
  uuid: z.uuid(),
  bid_field: z.enum(modifiableBidFieldNames as [keyof typeof modifiableBidFields], { error: 'Choose one of the listed fields' }),
  operator: z.enum(conditionOperators).default('all'),
  conditions: z.array(ruleTestSchema).max(20),
  modifier: modifierSchema,
});
export type ConditionalRuleInput = z.input<typeof conditionalRuleSchema>;

export const locationRuleSchema = z.strictObject({
  uuid: z.uuid(),
  address_type: z.enum(addressTypes),
  state: z.string().trim().min(2, required).max(3),
  postcode: z.string().trim().regex(/^\d{4}$/, 'Should be a 4-digit postcode').nullable().default(null),
  suburb: z.string().trim().min(1).max(100).nullable().default(null),
});
export const locationListTypeSchema = z.enum(locationListTypes).nullable();

/** Field errors of rule tests (qualifying or a conditional rule's conditions), under `path.<index>`. */
export function ruleTestsErrors(rules: readonly RuleTest[], path: string): FieldErrors {
  return Object.assign({}, ...rules.map((rule, index) => ruleTestErrors(rule, `${path}.${index}`)));
}

/** spec 3 §5: modifiers are numbers at least 0, percentages 0 to 100, a percentage fee at most 10; yes/no for flags. */
export function modifierErrors(field: keyof typeof modifiableBidFields, modifier: Modifier, applicationFeeType: '$' | '%'): string[] {
  const bidField = modifiableBidFields[field];
  const isFlag = bidField.field_type === 'other';
  if (isFlag !== (modifier.type === 'new_boolean_value')) return [bidTemplateMessages.modifierNotForField];
  if (modifier.type === 'new_boolean_value') return [];
  if (modifier.value < 0) return [bidTemplateMessages.modifierNegative];
  if ((modifier.type === 'percentage_discount' || bidField.field_type === 'percentage') && modifier.value > 100) return [bidTemplateMessages.modifierPercentage];
  if (field === 'application_fee_value' && applicationFeeType === '%' && modifier.type === 'new_value' && modifier.value > percentageApplicationFeeMax) {
    return [bidTemplateMessages.feePercentageMax];
  }
  return [];
}
