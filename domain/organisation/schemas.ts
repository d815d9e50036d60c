import { z } from 'zod';
import { listQuerySchema } from '../shared/list-query';
import { providerTypeLabels, userStatuses } from '../user/schemas';
import { organisationNameMaxLength } from '../shared/limits';

// Organisations (spec 3 §3 "Organisation"). One set of schemas serves the API and the forms.

export const organisationTypes = ['financial_institution', 'broker'] as const;
export const organisationType = z.enum(organisationTypes, { error: 'Select an organisation type.' });
export type OrganisationType = z.infer<typeof organisationType>;

/** Display names (spec 1 §3: financial_institution is shown as Bank Lender, anything else as Broker). */
export const organisationTypeLabels: Record<OrganisationType, string> = providerTypeLabels;

// The categories are the lender groups a customer chooses between in the post preferences (spec 2 §3).
export const organisationCategories = [
  'big_four_banks',
  'online_banks',
  'other_banks',
  'credit_unions_and_other_institutions',
] as const;
export const organisationCategory = z.enum(organisationCategories, { error: 'Select a category.' });
export type OrganisationCategory = z.infer<typeof organisationCategory>;
export const organisationCategoryLabels: Record<OrganisationCategory, string> = {
  big_four_banks: 'Big four banks',
  online_banks: 'Online banks',
  other_banks: 'Other banks',
  credit_unions_and_other_institutions: 'Credit unions and other institutions',
};

export const organisationStatuses = ['active', 'inactive'] as const;
export const organisationStatus = z.enum(organisationStatuses, { error: 'Select a status.' });
export type OrganisationStatus = z.infer<typeof organisationStatus>;

export const organisationAbbreviationMaxLength = 20;

export const organisationName = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(organisationNameMaxLength, `Name must be under ${organisationNameMaxLength + 1} characters.`);
export const organisationAbbreviation = z
  .string({ error: 'Abbreviation must be text.' })
  .trim()
  .max(organisationAbbreviationMaxLength, `Abbreviation must be at most ${organisationAbbreviationMaxLength} characters.`);

/** An uploaded image (a logo, an avatar): at most `maxBytes`, sent as a data URL (base64: 4 characters per 3 bytes). */
export const imageLimits = { maxBytes: 2 * 1024 * 1024, dataUrlMaxLength: 3_000_000 } as const;

/** spec 1 §5, spec 3 §5. */
export const imageMessages = {
  onlyImages: 'Only images are allowed!',
  tooLarge: `The image must be smaller than ${imageLimits.maxBytes / 1024 / 1024} MB.`,
} as const;

/** An uploaded image as a data URL (the cropped logo). Content is checked again on the server. */
export const imageDataUrl = z
  .string({ error: imageMessages.onlyImages })
  .max(imageLimits.dataUrlMaxLength, imageMessages.tooLarge)
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/, imageMessages.onlyImages);

/** Fields an admin fills in on create and edit. */
const editableFields = {
  name: organisationName,
  abbreviation: organisationAbbreviation.nullable(),
  organisation_type: organisationType,
  category: organisationCategory.nullable(),
  status: organisationStatus,
  /** A new logo as a data URL, null to remove it; absent on edit keeps the current one. */
  logo: imageDataUrl.nullable(),
  /** The brokers that may bid for this financial institution's posts; absent on edit keeps the list. */
  allowed_bidders: z
    .array(z.uuid({ error: 'Choose brokers from the list.' }), { error: 'Choose brokers from the list.' })
    .max(500, 'Choose at most 500 brokers.'),
};

export const organisationFields = z.strictObject({
  ...editableFields,
  abbreviation: editableFields.abbreviation.default(null),
  category: editableFields.category.default(null),
  status: editableFields.status.default('active'),
  logo: editableFields.logo.optional(),
  allowed_bidders: editableFields.allowed_bidders.default([]),
});
export type OrganisationFields = z.infer<typeof organisationFields>;

export const createOrganisationBody = z.strictObject({ organisation: organisationFields });
// No defaults on edit: a field left out keeps its value.
export const updateOrganisationBody = z.strictObject({ organisation: z.strictObject(editableFields).partial() });

/** What the API answers for one organisation. */
export const organisationView = z.object({
  uuid: z.uuid(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  organisation_type: organisationType,
  category: organisationCategory.nullable(),
  status: organisationStatus,
  logo: z.object({ original: z.string() }).nullable(),
  allowed_bidders: z.array(z.uuid()),
  /** The providers whose organisation this is (all of them; GET /v1/organisations/{id}/fsps pages them). */
  fsps: z.array(z.object({ uuid: z.uuid(), full_name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganisationView = z.infer<typeof organisationView>;

export const organisationSortable = ['name', 'abbreviation', 'organisation_type', 'category', 'status', 'created_at'] as const;
export const organisationFilter = z.strictObject({
  name: z.string().trim().max(100).regex(/^[\w ]*$/, 'Only letters, digits and spaces are allowed.').optional(),
  organisation_type: organisationType.optional(),
  category: organisationCategory.optional(),
  status: organisationStatus.optional(),
});

export const organisationListQuery = listQuerySchema(organisationSortable, organisationFilter);
export type OrganisationListQuery = z.infer<typeof organisationListQuery>;

/** A provider's place in its organisation: a manager holds manage_permissions_for_fsps_within_org (spec 3 §6). */
export const memberRoles = ['manager', 'provider'] as const;
export type MemberRole = (typeof memberRoles)[number];
export const memberRoleLabels: Record<MemberRole, string> = { manager: 'Manager', provider: 'Provider' };

/**
 * A provider of an organisation, as the organisation's providers list, the team screen (spec 1 §2 /my-team) and the
 * admin's Members list show it, with its bid counts (docs/leads-and-opportunities.md "Members").
 */
export const organisationProviderView = z.object({
  uuid: z.uuid(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(userStatuses),
  organisation_uuid: z.uuid().nullable(),
  organisation_name: z.string().nullable(),
  provider_type: z.enum(organisationTypes).nullable(),
  role: z.enum(memberRoles),
  /** Auction bids placed, deals won, deals settled (not deleted). */
  bids: z.number().int(),
  deals: z.number().int(),
  settled_deals: z.number().int(),
  created_at: z.string(),
});
export type OrganisationProviderView = z.infer<typeof organisationProviderView>;

export const organisationProviderSortable = ['full_name', 'email', 'status', 'created_at'] as const;
const providerFilter = {
  status: z.enum(userStatuses).optional(),
};
/** `GET /v1/organisations/{id}/fsps`: the organisation's providers, by name unless sorted otherwise. */
export const organisationProviderListQuery = listQuerySchema(organisationProviderSortable, z.strictObject(providerFilter));
export type OrganisationProviderListQuery = z.infer<typeof organisationProviderListQuery>;
/** `GET /v2/users` (spec 2 §7 "team"): the caller's organisation; an admin may name any organisation. */
export const teamListQuery = listQuerySchema(
  organisationProviderSortable,
  z.strictObject({ ...providerFilter, organisation_uuid: z.uuid({ error: 'Invalid organisation id.' }).optional() }),
);
export type TeamListQuery = z.infer<typeof teamListQuery>;
