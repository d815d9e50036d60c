import type { PersonalDetails, ProviderDetails, UserDetailChanges } from './events';
import type { PermissionChanges } from './permissions';
import type { UserStatus } from './schemas';

export type SignUpProvider = {
  type: 'SignUpProvider';
  data: { user_id: string; personal: PersonalDetails; provider: ProviderDetails; password_hash: string };
};
export type CreateAdmin = {
  type: 'CreateAdmin';
  data: { user_id: string; personal: PersonalDetails; password_hash: string; created_by: string | null };
};
export type CreateCustomer = {
  type: 'CreateCustomer';
  /** `origin: 'external'`: created by an admin with an external deal (spec 2 §3; docs/external-deals.md). */
  data: { user_id: string; personal: PersonalDetails | null; password_hash: string | null; status: 'creating' | 'active'; origin?: 'external' };
};
export type RegisterCustomer = { type: 'RegisterCustomer'; data: { user_id: string; personal: PersonalDetails; password_hash: string } };
export type RequestIncompletePostLink = { type: 'RequestIncompletePostLink'; data: { user_id: string; post_id: string } };
export type VerifyEmail = { type: 'VerifyEmail'; data: { user_id: string } };
export type ReviewProvider = {
  type: 'ReviewProvider';
  data: { user_id: string } & ({ decision: 'approve'; organisation_uuid: string | null; organisation_name?: string } | { decision: 'reject'; message: string });
};
/** With `answers`, the answers are saved in the same append, so a completion never leaves them half-written. */
export type CompleteProviderProfile = {
  type: 'CompleteProviderProfile';
  data: { user_id: string; avatar_file_id: string | null; answers?: { question_uuid: string; answer: string }[] };
};
export type ChangeUserStatus = { type: 'ChangeUserStatus'; data: { user_id: string; status: UserStatus } };
export type ChangePassword = { type: 'ChangePassword'; data: { user_id: string; password_hash: string } };
export type ChangePermissions = { type: 'ChangePermissions'; data: { user_id: string; permissions: PermissionChanges; changed_by: string } };
export type UpdateUserDetails = { type: 'UpdateUserDetails'; data: { user_id: string; changes: UserDetailChanges; changed_by: string } };
export type ChangeProviderLimits = {
  type: 'ChangeProviderLimits';
  data: { user_id: string; bids_accepted_limit: number | null; bids_contacted_limit: number | null; changed_by: string };
};
export type SaveProviderAnswers = { type: 'SaveProviderAnswers'; data: { user_id: string; answers: { question_uuid: string; answer: string }[] } };
export type VerifyMobileNumber = { type: 'VerifyMobileNumber'; data: { user_id: string; country_code: string; mobile_number: string } };
export type RequestActivationMail = { type: 'RequestActivationMail'; data: { user_id: string } };
export type RequestPasswordReset = { type: 'RequestPasswordReset'; data: { user_id: string; reset_id: string } };
export type DeleteUser = { type: 'DeleteUser'; data: { user_id: string } };

export type UserCommand =
  | SignUpProvider
  | CreateAdmin
  | CreateCustomer
  | RegisterCustomer
  | RequestIncompletePostLink
  | VerifyEmail
  | ReviewProvider
  | CompleteProviderProfile
  | ChangeUserStatus
  | ChangePassword
  | ChangePermissions
  | UpdateUserDetails
  | ChangeProviderLimits
  | SaveProviderAnswers
  | VerifyMobileNumber
  | RequestActivationMail
  | RequestPasswordReset
  | DeleteUser;
