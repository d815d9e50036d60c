import { z } from 'zod';
import { australianState, postcodeMessage, postcodePattern, suburb } from '../address/schemas';
import { ageLimits, ageMessages } from '../shared/limits';
import { maxLengthMessage, required } from '../shared/messages';
import {
  aclNumber,
  countryCode,
  email,
  lenderSince,
  membershipValue,
  password,
  personName,
  phoneNumber,
  providerTypes,
  userStatuses,
  userTypes,
} from './schemas';
import { imageLimits, imageMessages } from '../organisation/schemas';

// The admin's user management (spec 2 §2, §5 "Sign-up, profile and users"; spec 3 §3 "Provider limits", §5 "Edit
// user"). Rules that depend on today's date take it as a function, read when a value is checked, so one schema
// serves a long-running server and the browser alike.


/** A street address line. */
export const userAddressLineMaxLength = 200;

/** A user's Australian postal address. */
export const userAddress = z.strictObject({
  line1: z.string({ error: required }).trim().min(1, required).max(userAddressLineMaxLength, maxLengthMessage(userAddressLineMaxLength)),
  suburb,
  state: australianState,
  postcode: z.string({ error: required }).trim().regex(postcodePattern, postcodeMessage),
});


/** Whole years from a YYYY-MM-DD birth date to `today` (local calendar date). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthdayPassed = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (birthdayPassed ? 0 : 1);
}

/** spec 2 §5: an age within `ageLimits`. */
export const dateOfBirth = (today: () => Date) =>
  z
    .iso.date({ error: 'Should be a date (YYYY-MM-DD)' })
    .refine((d) => ageOn(d, today()) >= ageLimits.min, ageMessages.min)
    .refine((d) => ageOn(d, today()) <= ageLimits.max, ageMessages.max);

/** spec 3 §5 "Edit user": a number, not in the future, at most 60 years back (the sign-up rule, on today's year). */
const lenderSinceToday = (today: () => Date) =>
  z.number({ error: 'Should be a number' }).superRefine((year, ctx) => {
    for (const issue of lenderSince(today().getFullYear()).safeParse(year).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message });
    }
  });

/** The largest bidding limit an admin may set. */
export const bidLimitMax = 100_000;

/** A bidding limit: a whole number of bids, or null for no limit (spec 3 §3 "Provider limits"). */
export const bidLimit = z
  .number({ error: 'Should be a whole number' })
  .int('Should be a whole number')
  .min(0, 'Should be 0 or more')
  .max(bidLimitMax, `Should be at most ${bidLimitMax}`)
  .nullable();

export const bidLimitKeys = ['bids_accepted_limit', 'bids_contacted_limit'] as const;
export type BidLimitKey = (typeof bidLimitKeys)[number];

/** The details an admin edits on /user/{uuid}/edit; every field optional, only those sent change. */
export function userDetailsFields(today: () => Date) {
  return {
    first_name: personName.optional(),
    last_name: personName.optional(),
    // The sign-up schema's code without its default: leaving it out of a change keeps the stored one.
    country_code: countryCode.unwrap().optional(),
    mobile_number: phoneNumber.optional(),
    address: userAddress.nullable().optional(),
    /** A data URL of the cropped image; null removes the avatar. Checked by its content on the server. */
    avatar: z.string().max(imageLimits.dataUrlMaxLength, imageMessages.tooLarge).nullable().optional(),
    date_of_birth: dateOfBirth(today).nullable().optional(),
  };
}

export function providerDetailsFields(today: () => Date) {
  return {
    organisation_uuid: z.uuid({ error: 'Choose an organisation' }).optional(),
    provider_type: z.enum(providerTypes, { error: required }).optional(),
    membership_type: z.string({ error: required }).trim().min(1, required).max(50).optional(),
    membership_value: membershipValue.optional(),
    acl_number: aclNumber.optional(),
    lender_since: lenderSinceToday(today).optional(),
  };
}

export type UserPatchKind = 'status' | 'limits' | 'details';

/** What a `PATCH /v1/users/{uuid}` body asks for: a status, the bidding limits, or details (one at a time). */
export function patchKinds(user: { status?: unknown; fsp?: Record<string, unknown> } & Record<string, unknown>): UserPatchKind[] {
  const kinds = new Set<UserPatchKind>();
  for (const [key, value] of Object.entries(user)) {
    if (value === undefined) continue;
    if (key === 'status') kinds.add('status');
    else if (key !== 'fsp') kinds.add('details');
  }
  for (const [key, value] of Object.entries(user.fsp ?? {})) {
    if (value !== undefined) kinds.add((bidLimitKeys as readonly string[]).includes(key) ? 'limits' : 'details');
  }
  return [...kinds];
}

/**
 * `PATCH /v1/users/{uuid}` `{ user: … }` (spec 2 §7): `{ status }`, or `{ fsp: { bids_accepted_limit,
 * bids_contacted_limit } }` (spec 3 §7 "The limits call edits the user"), or details (names, mobile, address,
 * avatar, date of birth, and for providers `fsp` with the organisation and the provider fields).
 */
export function userPatchBody(today: () => Date) {
  const user = z
    .strictObject({
      status: z.enum(userStatuses, { error: 'Unknown status' }).optional(),
      ...userDetailsFields(today),
      fsp: z.strictObject({ ...providerDetailsFields(today), bids_accepted_limit: bidLimit.optional(), bids_contacted_limit: bidLimit.optional() }).optional(),
    })
    .superRefine((value, ctx) => {
      const kinds = patchKinds(value);
      if (kinds.length === 0) ctx.addIssue({ code: 'custom', message: 'Nothing to change.' });
      if (kinds.length > 1) ctx.addIssue({ code: 'custom', message: 'Change the status, the bidding limits or the details in separate requests.' });
    });
  return z.strictObject({ user });
}
export type UserPatch = z.infer<ReturnType<typeof userPatchBody>>['user'];

/** `POST /v2/users` with user_type admin (spec 2 §7): an administrator, created by an admin. */
export const createAdminBody = z.strictObject({
  user: z.strictObject({
    user_type: z.literal('admin', { error: 'Only administrators can be created here' }),
    first_name: personName,
    last_name: personName,
    email,
    country_code: countryCode,
    mobile_number: phoneNumber,
    password,
  }),
});
export type CreateAdmin = z.infer<typeof createAdminBody>['user'];

/** `GET /v4/users?user_type=fsp&search=` (spec 2 §7): the providers an admin picks from (bid template wizard). */
export const userSearchQuery = z.strictObject({
  user_type: z.enum(userTypes, { error: 'Unknown user type' }),
  search: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\p{L}\p{N} @.+'-]*$/u, "Only letters, digits, spaces and @ . + ' - are allowed.")
    .optional(),
  count: z.coerce.number().int().min(1).max(50, 'count is at most 50').default(20),
});

/** `GET /v1/users/{uuid}?include=questions,reviews` (spec 2 §7). */
export const userIncludes = ['questions', 'reviews'] as const;
export const userShowQuery = z.strictObject({
  include: z
    .string()
    .max(100)
    .regex(/^(questions|reviews)(,(questions|reviews))*$/, 'Include questions, reviews or both')
    .optional(),
});

export const providerAnswerView = z.object({ question_uuid: z.uuid(), question: z.string(), answer: z.string() });
/** spec 2 §3 "Others": a review of a provider; none exist until the trade flow records them. */
export const reviewView = z.object({
  uuid: z.uuid(),
  customer_uuid: z.uuid(),
  fsp_uuid: z.uuid(),
  post_uuid: z.uuid(),
  rating: z.number(),
  description: z.string(),
  status: z.string(),
});
