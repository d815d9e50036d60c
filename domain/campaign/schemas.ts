import { z } from 'zod';
import { dealStages } from '../deal/stages';
import { postStatuses } from '../post/constants';
import { listQuerySchema, pageFields } from '../shared/list-query';
import { maxMessage, minMessage, notANumber, required } from '../shared/messages';

// Campaigns (spec 3 §3 "Campaign", §5, §7 "Campaigns"; docs/campaigns.md). One set of schemas serves the API and the
// form. Who pays whom is recorded with every campaign (docs/campaigns.md "Who pays whom").

/** spec 3 §9: the campaigns list shows 10 a page. */
export const campaignsPageSize = 10;

export const campaignValueTypes = ['$', '%'] as const;
export type CampaignValueType = (typeof campaignValueTypes)[number];
export const campaignValueTypeLabels: Record<CampaignValueType, string> = { $: 'Amount ($)', '%': 'Percentage (%)' };

/** spec 3 §5: benefit and commission values 0 to 100,000 for currency and 0 to 100 for percentage. */
export const campaignValueLimits: Record<CampaignValueType, { min: number; max: number }> = {
  $: { min: 0, max: 100_000 },
  '%': { min: 0, max: 100 },
};

export const campaignStatuses = ['active', 'inactive'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * The parties a campaign's money moves between. The customer (the borrower) receives the benefit; the commission
 * goes from a payer to a payee. 'partner' is the campaign's promoter outside the marketplace (a comparison site, an
 * employer's staff offer).
 */
export const campaignParties = ['marketplace', 'lender', 'broker', 'partner'] as const;
export type CampaignParty = (typeof campaignParties)[number];
export const campaignPartyLabels: Record<CampaignParty, string> = {
  marketplace: 'The marketplace',
  lender: 'The winning lender',
  broker: 'The winning broker',
  partner: 'The campaign partner',
};

export const campaignNameMaxLength = 100;
export const campaignSlugMaxLength = 100;

export const campaignMessages = {
  slug: 'Use lower-case letters, digits, hyphens and underscores only, starting with a letter or a digit (for example spring-2027).',
  slugTaken: 'This slug is already used by another campaign.',
  /** Australia banned campaign-based and volume-based payments to mortgage brokers from 1 January 2021. */
  brokerPayee: 'A campaign cannot pay a mortgage broker: campaign-based payments to brokers are banned in Australia since 1 January 2021.',
  samePayerAndPayee: 'The payer and the payee must be different.',
  notFound: 'Campaign not found.',
} as const;

/** A campaign's slug as it appears in its link (`/create-post?slug=`): URL-safe as it is, never rewritten. */
export const campaignSlug = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(campaignSlugMaxLength, `Should be at most ${campaignSlugMaxLength} characters`)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, campaignMessages.slug);

const valueType = z.enum(campaignValueTypes, { error: required });
const party = z.enum(campaignParties, { error: required });
const amount = z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notANumber) });

/** The fields an admin fills in (spec 3 §3), with who pays whom. */
const campaignShape = {
  name: z.string({ error: required }).trim().min(1, required).max(campaignNameMaxLength, `Should be at most ${campaignNameMaxLength} characters`),
  slug: campaignSlug,
  benefit_type: valueType,
  benefit_value: amount,
  /** Who funds the customer's benefit. */
  benefit_payer: party,
  commission_type: valueType,
  commission_value: amount,
  commission_payer: party,
  commission_payee: party,
  status: z.enum(campaignStatuses, { error: required }),
};
export type CampaignFields = { [K in keyof typeof campaignShape]: z.infer<(typeof campaignShape)[K]> };

/** The codes of the rules across fields (the decider refuses with them; api/domain-problems.ts answers 422). */
export const campaignRuleCodes = {
  benefitOutOfRange: 'CAMPAIGN_BENEFIT_OUT_OF_RANGE',
  commissionOutOfRange: 'CAMPAIGN_COMMISSION_OUT_OF_RANGE',
  brokerPayee: 'CAMPAIGN_BROKER_PAYEE',
  samePayerAndPayee: 'CAMPAIGN_SAME_PAYER_AND_PAYEE',
} as const;
export type CampaignFieldIssue = { code: string; path: keyof CampaignFields; message: string };

/** A value within its type's range (spec 3 §5), the message on the value's field. */
function valueIssue(type: CampaignValueType, value: number): string | null {
  const { min, max } = campaignValueLimits[type];
  if (value < min) return minMessage(min);
  if (value > max) return maxMessage(max);
  return null;
}

/**
 * The rules across fields, the same for the form and the API (the decider checks them again): each value within its
 * type's range, and the commission's payee never a broker nor its own payer.
 */
export function campaignFieldIssues(fields: CampaignFields): CampaignFieldIssue[] {
  const issues: CampaignFieldIssue[] = [];
  const benefit = valueIssue(fields.benefit_type, fields.benefit_value);
  if (benefit) issues.push({ code: campaignRuleCodes.benefitOutOfRange, path: 'benefit_value', message: benefit });
  const commission = valueIssue(fields.commission_type, fields.commission_value);
  if (commission) issues.push({ code: campaignRuleCodes.commissionOutOfRange, path: 'commission_value', message: commission });
  if (fields.commission_payee === 'broker') issues.push({ code: campaignRuleCodes.brokerPayee, path: 'commission_payee', message: campaignMessages.brokerPayee });
  else if (fields.commission_payer === fields.commission_payee) {
    issues.push({ code: campaignRuleCodes.samePayerAndPayee, path: 'commission_payee', message: campaignMessages.samePayerAndPayee });
  }
  return issues;
}

const withRules = <T extends z.ZodType<CampaignFields>>(schema: T) =>
  schema.superRefine((fields, context) => {
    for (const { path, message } of campaignFieldIssues(fields)) context.addIssue({ code: 'custom', path: [path], message });
  });

/** spec 3 §3: benefit and commission types default to $, the status to active; the payers to the usual ones. */
export const campaignDefaults = {
  benefit_type: '$',
  benefit_payer: 'marketplace',
  commission_type: '$',
  commission_payer: 'lender',
  commission_payee: 'marketplace',
  status: 'active',
} as const satisfies Partial<CampaignFields>;

export const campaignFields = withRules(
  z.strictObject({
    ...campaignShape,
    benefit_type: campaignShape.benefit_type.default(campaignDefaults.benefit_type),
    benefit_payer: campaignShape.benefit_payer.default(campaignDefaults.benefit_payer),
    commission_type: campaignShape.commission_type.default(campaignDefaults.commission_type),
    commission_payer: campaignShape.commission_payer.default(campaignDefaults.commission_payer),
    commission_payee: campaignShape.commission_payee.default(campaignDefaults.commission_payee),
    status: campaignShape.status.default(campaignDefaults.status),
  }),
);

/** The form sends every field (the edit screen too): `PATCH` takes the whole campaign, as `POST` does. */
export const createCampaignBody = z.strictObject({ campaign: campaignFields });
export const updateCampaignBody = z.strictObject({ campaign: z.strictObject(campaignShape).partial() });

/** A campaign's figures, kept by the campaigns projection (docs/campaigns.md "Figures"). */
export const campaignFigures = z.object({
  /** Posts started through the campaign's link. */
  posts: z.number().int(),
  /** Of those, published (open for bids at least once). */
  published_posts: z.number().int(),
  /** Accepted bids on them (deals). */
  deals: z.number().int(),
  /** Deals closed won, and the sum of their Closed Won Value in AUD. */
  settled_deals: z.number().int(),
  settled_volume: z.number(),
});
export type CampaignFigures = z.infer<typeof campaignFigures>;

export const campaignView = z.object({
  uuid: z.uuid(),
  product_uuid: z.uuid(),
  name: z.string(),
  slug: z.string(),
  benefit_type: z.enum(campaignValueTypes),
  benefit_value: z.number(),
  benefit_payer: z.enum(campaignParties),
  commission_type: z.enum(campaignValueTypes),
  commission_value: z.number(),
  commission_payer: z.enum(campaignParties),
  commission_payee: z.enum(campaignParties),
  status: z.enum(campaignStatuses),
  figures: campaignFigures,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignView = z.infer<typeof campaignView>;

export const campaignSortable = ['name', 'slug', 'status', 'created_at', 'posts', 'deals', 'settled_volume'] as const;
export const campaignFilter = z.strictObject({
  // spec 1 §5: filter inputs allow only word characters and spaces.
  name: z.string().trim().max(100).regex(/^[\w ]*$/, 'Only letters, digits and spaces are allowed.').optional(),
  status: z.enum(campaignStatuses).optional(),
});
export const campaignListQuery = listQuerySchema(campaignSortable, campaignFilter, { defaultCount: campaignsPageSize });
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

/** A post started through a campaign's link, as the campaign page lists them. */
export const campaignPostView = z.object({
  post_uuid: z.uuid(),
  started_at: z.string(),
  published_at: z.string().nullable(),
  /** The post's status now; null once an admin deleted it. */
  status: z.enum(postStatuses).nullable(),
  loan_amount: z.number().nullable(),
  deal_stage: z.enum(dealStages).nullable(),
  deal_value: z.number().nullable(),
});
export type CampaignPostView = z.infer<typeof campaignPostView>;
/** Newest first, paged: no sort or filter of its own. */
export const campaignPostListQuery = z.strictObject(pageFields(campaignsPageSize));
