import type { PermissionChanges } from './permissions';
import type { ProviderType, UserStatus, UserType } from './schemas';

/** Personal fields: encrypted with the user's key in every event (infrastructure/event-store/personal-data-policy.ts). */
export type PersonalDetails = {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  mobile_number: string | null;
};

export type ProviderDetails = {
  organisation_uuid: string | null;
  organisation_name: string;
  provider_type: ProviderType;
  membership_type: string;
  membership_value: string;
  acl_number: string;
  lender_since: number | null;
};

/** An Australian postal address of a user (the admin's user edit, spec 2 §2). */
export type UserAddress = { line1: string; suburb: string; state: string; postcode: string };

/** The fields a user's details may change; personal ones are encrypted with the rest of `changes`. */
export type UserDetailChanges = Partial<Omit<PersonalDetails, 'email'>> &
  Partial<ProviderDetails> & { address?: UserAddress | null; avatar_file_id?: string | null; date_of_birth?: string | null };

export type ProviderSignedUp = {
  type: 'ProviderSignedUp';
  data: { user_id: string; personal: PersonalDetails; provider: ProviderDetails; password_hash: string };
};
export type AdminCreated = {
  type: 'AdminCreated';
  data: { user_id: string; personal: PersonalDetails; password_hash: string; created_by: string | null };
};
/**
 * A customer account. The post wizard makes one without personal data when a visitor first saves (`personal: null`,
 * `creating`); demo data makes complete ones. `creating` until the first post is published.
 */
export type CustomerCreated = {
  type: 'CustomerCreated';
  /** `origin: 'external'`: created by an admin with an external deal (no password, no mail; docs/external-deals.md). */
  data: { user_id: string; personal: PersonalDetails | null; password_hash: string | null; status: 'creating' | 'active'; origin?: 'external' };
};
/** A customer still creating the first post gives name, e-mail, verified mobile and password (the wizard's overview). */
export type CustomerRegistered = { type: 'CustomerRegistered'; data: { user_id: string; personal: PersonalDetails; password_hash: string } };
/** The customer asked for the link that resumes an unfinished post (`resend_incomplete_post_link`). */
export type IncompletePostLinkRequested = { type: 'IncompletePostLinkRequested'; data: { user_id: string; post_id: string } };
export type UserEmailVerified = { type: 'UserEmailVerified'; data: { user_id: string } };
/** `organisation_name`: the organisation's name at approval (the provider may have typed another one at sign-up). */
export type ProviderApproved = { type: 'ProviderApproved'; data: { user_id: string; organisation_uuid: string; organisation_name?: string } };
export type ProviderRejected = { type: 'ProviderRejected'; data: { user_id: string; message: string } };
export type ProviderProfileCompleted = {
  type: 'ProviderProfileCompleted';
  data: { user_id: string; avatar_file_id: string | null };
};
export type UserStatusChanged = { type: 'UserStatusChanged'; data: { user_id: string; from: UserStatus; to: UserStatus } };
export type PasswordChanged = { type: 'PasswordChanged'; data: { user_id: string; password_hash: string } };
/** Only the keys that changed, with their new values; the rest follow the role's defaults (permissions.ts). */
export type UserPermissionsChanged = {
  type: 'UserPermissionsChanged';
  data: { user_id: string; permissions: PermissionChanges; changed_by: string };
};
/**
 * The user (PATCH /v1/users/me) or an admin (PATCH /v1/users/{uuid}) changed details. `changes` is personal data as a
 * whole: read back as null once the user's key is erased (a deleted user).
 */
export type UserDetailsUpdated = { type: 'UserDetailsUpdated'; data: { user_id: string; changes: UserDetailChanges | null; changed_by: string } };
/** A provider's bidding limits set by an admin (spec 3 §3 "Provider limits"). */
export type ProviderLimitsChanged = {
  type: 'ProviderLimitsChanged';
  data: { user_id: string; bids_accepted_limit: number | null; bids_contacted_limit: number | null; changed_by: string };
};
/** A provider's answers to the active questions (spec 3 "Questions"), replacing the earlier ones. */
export type ProviderAnswersSaved = {
  type: 'ProviderAnswersSaved';
  data: { user_id: string; answers: { question_uuid: string; answer: string }[] };
};
/** The user proved to hold this mobile number with a code sent by SMS (spec 2 §4). */
export type MobileNumberVerified = { type: 'MobileNumberVerified'; data: { user_id: string; country_code: string; mobile_number: string } };
/** Someone asked for the activation mail again (GET /v1/users/activate?email). */
export type ActivationMailRequested = { type: 'ActivationMailRequested'; data: { user_id: string } };
/** Someone asked to reset the password (GET /v1/users/recover_password?email); `reset_id` names the mailed link. */
export type PasswordResetRequested = { type: 'PasswordResetRequested'; data: { user_id: string; reset_id: string } };
export type UserDeleted = { type: 'UserDeleted'; data: { user_id: string } };

export type UserEvent =
  | ProviderSignedUp
  | AdminCreated
  | CustomerCreated
  | CustomerRegistered
  | IncompletePostLinkRequested
  | UserEmailVerified
  | ProviderApproved
  | ProviderRejected
  | ProviderProfileCompleted
  | UserStatusChanged
  | PasswordChanged
  | UserPermissionsChanged
  | UserDetailsUpdated
  | ProviderLimitsChanged
  | ProviderAnswersSaved
  | MobileNumberVerified
  | ActivationMailRequested
  | PasswordResetRequested
  | UserDeleted;

export const userEventTypes = [
  'ProviderSignedUp',
  'AdminCreated',
  'CustomerCreated',
  'CustomerRegistered',
  'IncompletePostLinkRequested',
  'UserEmailVerified',
  'ProviderApproved',
  'ProviderRejected',
  'ProviderProfileCompleted',
  'UserStatusChanged',
  'PasswordChanged',
  'UserPermissionsChanged',
  'UserDetailsUpdated',
  'ProviderLimitsChanged',
  'ProviderAnswersSaved',
  'MobileNumberVerified',
  'ActivationMailRequested',
  'PasswordResetRequested',
  'UserDeleted',
] as const satisfies readonly UserEvent['type'][];

export const userStream = (userId: string) => `user-${userId}`;
/** The key of a user's personal data (crypto-shredding subject). */
export const userSubject = (userId: string) => `user-${userId}`;

export type { UserStatus, UserType };
