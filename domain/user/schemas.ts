import { z } from 'zod';
import { ageLimits, ageMessages, longTextMaxLength, organisationNameMaxLength, personNameMaxLength } from '../shared/limits';
import { maxLengthMessage, messageRequired, minLengthMessage, required } from '../shared/messages';
import { listQuerySchema } from '../shared/list-query';

// Sign-up, profile and user rules (spec 2 §5 "Sign-up, profile and users", spec 3 §5), with the spec's messages.
// The API answers them as 422 field errors; the forms validate with the same schemas.

export const userTypes = ['customer', 'fsp', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

/** spec 1 §4 "User statuses": customer and admin have four, providers six; a customer still posting is `creating`. */
export const userStatuses = ['active', 'inactive', 'pending', 'approved', 'rejected', 'suspended', 'creating'] as const;
export type UserStatus = (typeof userStatuses)[number];

/**
 * Statuses that may use the product once logged in: an approved provider may only complete the profile, a customer
 * still creating the first post only the post wizard's calls (`api/access.ts`).
 */
export const statusesThatMayLogIn: readonly UserStatus[] = ['active', 'approved', 'creating'];
export const statusesByType: Record<UserType, readonly UserStatus[]> = {
  customer: ['active', 'inactive', 'pending', 'suspended', 'creating'],
  admin: ['active', 'inactive', 'pending', 'suspended'],
  fsp: ['active', 'inactive', 'pending', 'approved', 'rejected', 'suspended'],
};

/** A provider named by its user id (an admin bids for one, an external deal names some). */
export const providerId = z.uuid({ error: 'Should be a provider id' });

export const providerTypes = ['financial_institution', 'broker'] as const;
export type ProviderType = (typeof providerTypes)[number];
/** spec 1 §3: financial_institution is shown as Bank Lender, anything else as Broker. */
export const providerTypeLabels = { financial_institution: 'Bank Lender', broker: 'Broker' } as const satisfies Record<ProviderType, string>;


/** spec 2 §5: 8 to 100 characters, no spaces, at least 3 of the 4 character classes. */
export const passwordLimits = { minLength: 8, maxLength: 100, classesMin: 3 } as const;

export const passwordMessages = {
  required,
  min: minLengthMessage(passwordLimits.minLength),
  max: maxLengthMessage(passwordLimits.maxLength),
  spaces: 'Should not contain spaces',
  classes:
    'Please include at least 3 from the following: lowercase letters (a-z), uppercase letters (A-Z), numbers (0-9), special character',
} as const;

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9\s]/];

export const password = z
  .string({ error: required })
  .min(1, required)
  .min(passwordLimits.minLength, passwordMessages.min)
  .max(passwordLimits.maxLength, passwordMessages.max)
  .refine((p) => !/\s/.test(p), passwordMessages.spaces)
  .refine((p) => characterClasses.filter((c) => c.test(p)).length >= passwordLimits.classesMin, passwordMessages.classes);

export const emailRequired = 'Please, write an email';
export const invalidCountryCode = 'Invalid country code';

export const email = z
  .string({ error: emailRequired })
  .trim()
  .min(1, emailRequired)
  .max(254, 'Invalid email format')
  .pipe(z.email('Invalid email format'))
  .transform((e) => e.toLowerCase());

/** Letters of any script, spaces, apostrophes, hyphens, ampersands and dots (spec 2 §5 "Name pattern"). */
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M} '’\-&.]*$/u;
export const personName = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(personNameMaxLength, maxLengthMessage(personNameMaxLength))
  .regex(namePattern, 'Use letters, spaces, apostrophes, hyphens, ampersands and dots only');

/** A full name needs a space after at least one character (spec 2 §5). */
export const fullName = personName.refine((n) => /^\S+\s+\S/.test(n), 'Write the first and last name');

/** Lengths of the sign-up and profile fields (spec 2 §5). */
export const userFieldLimits = {
  /** A country calling code: 1 to 4 digits. */
  countryCodeMaxLength: 4,
  /** A provider's membership type and number and ACL number. */
  membershipMinLength: 4,
  membershipMaxLength: 50,
} as const;

export const countryCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,${userFieldLimits.countryCodeMaxLength}}$`), invalidCountryCode)
  .default('61');
export const phoneNumber = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^[\d ()+-]*$/, 'Only digits, spaces and + - ( ) are allowed')
  .refine((p) => p.replace(/\D/g, '').length >= 7, 'Should be at least 7 digits')
  .refine((p) => p.replace(/\D/g, '').length <= 15, 'Should be at most 15 digits')
  .transform((p) => p.replace(/\D/g, ''));

const membershipText = () =>
  z.string({ error: required }).trim().min(userFieldLimits.membershipMinLength, minLengthMessage(userFieldLimits.membershipMinLength)).max(userFieldLimits.membershipMaxLength);
export const membershipValue = membershipText();
export const aclNumber = membershipText();

/** The year a provider started lending: a number, not in the future, at most 60 years back (spec 3 §5). */
export function lenderSince(currentYear: number) {
  return z
    .number({ error: 'Should be a number' })
    .int('Should be a number')
    .max(currentYear, "Can't be in future")
    .min(currentYear - 60, 'Max lender experience is 60 years');
}

/** Age from a birth year, within `ageLimits` (spec 2 §5). */
export function birthYear(currentYear: number) {
  return z
    .number({ error: required })
    .int()
    .max(currentYear - ageLimits.min, ageMessages.min)
    .min(currentYear - ageLimits.max, ageMessages.max);
}

/** The provider sign-up form (spec 2 §5: organisation, provider type, membership and ACL are required). */
export function providerSignUp(currentYear: number) {
  return z.strictObject({
    first_name: personName,
    last_name: personName,
    email,
    password,
    country_code: countryCode,
    mobile_number: phoneNumber,
    organisation_uuid: z.uuid({ error: required }).nullable(),
    organisation_name: z.string({ error: required }).trim().min(1, required).max(organisationNameMaxLength),
    provider_type: z.enum(providerTypes, { error: required }),
    membership_type: z.string({ error: required }).trim().min(1, required).max(userFieldLimits.membershipMaxLength),
    membership_value: membershipValue,
    acl_number: aclNumber,
    lender_since: lenderSince(currentYear).optional(),
  });
}
export type ProviderSignUp = z.infer<ReturnType<typeof providerSignUp>>;

/** A user as the API answers it (spec 1 §3 "User"). */
export const userView = z.object({
  uuid: z.uuid(),
  user_type: z.enum(userTypes),
  status: z.enum(userStatuses),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  country_code: z.string().nullable(),
  mobile_number: z.string().nullable(),
  fsp: z
    .object({
      organisation: z.object({ uuid: z.uuid().nullable(), name: z.string().nullable() }),
      provider_type: z.enum(providerTypes).nullable(),
      /** spec 1 §3: financial_institution is shown as Bank Lender, anything else as Broker. */
      provider_type_label: z.enum([providerTypeLabels.financial_institution, providerTypeLabels.broker]),
      membership_type: z.string().nullable(),
      membership_value: z.string().nullable(),
      acl_number: z.string().nullable(),
      lender_since: z.number().int().nullable(),
      // spec 3 §3 "Provider limits" (the admin's bidding limits panel reads them here).
      bids_accepted_limit: z.number().int().nullable(),
      bids_contacted_limit: z.number().int().nullable(),
      total_accepted_bids: z.number().int(),
      total_contacted_bids: z.number().int(),
      max_auto_bidding_review_period: z.number().int(),
    })
    .nullable(),
  address: z.object({ line1: z.string(), suburb: z.string(), state: z.string(), postcode: z.string() }).nullable(),
  /** Where the avatar image is served (`/files/{id}`), or null. */
  avatar_url: z.string().nullable(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  created_at: z.string(),
});
export type UserView = z.infer<typeof userView>;

const clientId = z.string().max(50).optional();
/** PKCE values are 43 to 128 characters of the base64url alphabet (RFC 7636). */
const pkceValue = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'Invalid PKCE value');
/** Relative: the identity page only sends the browser back into this product (no open redirect). */
export const redirectUri = z.string().regex(/^\/(?!\/)[A-Za-z0-9\-._~/]{0,200}$/, 'Invalid redirect URI');

export const tokenRequest = z.discriminatedUnion('grant_type', [
  z.strictObject({
    grant_type: z.literal('password'),
    username: email,
    password: z.string({ error: required }).min(1, required).max(passwordLimits.maxLength, passwordMessages.max),
    client_id: clientId,
  }),
  z.strictObject({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string({ error: required }).min(1, required).max(200),
    client_id: clientId,
  }),
  z.strictObject({
    grant_type: z.literal('authorization_code'),
    code: z.string({ error: required }).min(1, required).max(200),
    code_verifier: pkceValue,
    redirect_uri: redirectUri,
    client_id: z.string({ error: required }).min(1, required).max(50),
  }),
  /** The e-mailed links that resume a post log the customer in by key (spec 1 §8). */
  z.strictObject({
    grant_type: z.literal('user_key'),
    user_key: z.string({ error: required }).min(1, required).max(2000),
    client_id: clientId,
  }),
]);

/** The identity page's log-in form (`POST /oauth/authorize`), bound to the client's PKCE challenge. */
export const authorizeRequest = z.strictObject({
  response_type: z.literal('code'),
  client_id: z.string({ error: required }).min(1, required).max(50),
  redirect_uri: redirectUri,
  code_challenge: pkceValue,
  code_challenge_method: z.literal('S256'),
  state: z.string().max(200).regex(/^[A-Za-z0-9\-._~]*$/, 'Invalid state'),
  username: email,
  password: z.string({ error: required }).min(1, required).max(passwordLimits.maxLength, passwordMessages.max),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  user_type: z.enum(userTypes),
});

export const userSortable = ['full_name', 'email', 'status', 'created_at'] as const;
/** spec 2 §2: the users table sorts by full_name and searches e-mail, full name, status and mobile number. */
export const userListQuery = listQuerySchema(
  userSortable,
  z.strictObject({
    user_type: z.enum(userTypes).optional(),
    status: z.enum(userStatuses).optional(),
    search: z.string().trim().max(100).regex(/^[\p{L}\p{N} @.+'-]*$/u, "Only letters, digits, spaces and @ . + ' - are allowed.").optional(),
  }),
);
export type UserListQuery = z.infer<typeof userListQuery>;

/** spec 2 §5: approving a provider whose organisation is not in the organisations list. */
export const unknownOrganisationMessage = "Organisation isn't in our database!";

/** spec 2 §4 and §7: `PATCH /v1/users/{uuid}/review` approves (into a known organisation) or rejects with a message. */
export const reviewBody = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('approved'), organisation_uuid: z.uuid().optional() }),
  z.strictObject({ status: z.literal('rejected'), message: z.string({ error: messageRequired }).trim().min(1, messageRequired).max(longTextMaxLength) }),
]);
