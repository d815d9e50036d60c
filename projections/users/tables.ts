import type { UserAddress } from '../../domain/user/events';
import type { PermissionChanges } from '../../domain/user/permissions';
import type { ProviderType, UserStatus, UserType } from '../../domain/user/schemas';

// The table `createTables` in users.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface UsersTable {
  uuid: string;
  user_type: UserType;
  status: UserStatus;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  country_code: string | null;
  mobile_number: string | null;
  email_verified: boolean;
  password_hash: string | null;
  organisation_uuid: string | null;
  organisation_name: string | null;
  provider_type: ProviderType | null;
  membership_type: string | null;
  membership_value: string | null;
  acl_number: string | null;
  lender_since: number | null;
  avatar_file_id: string | null;
  rejection_message: string | null;
  /** The changes on top of the role's default permissions (domain/user/permissions.ts). */
  permissions: PermissionChanges;
  address: UserAddress | null;
  date_of_birth: string | null;
  /** The last number proved by an SMS code, as country code + digits (a changed mobile must match it). */
  verified_mobile: string | null;
  bids_accepted_limit: number | null;
  bids_contacted_limit: number | null;
  answers: { question_uuid: string; answer: string }[];
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface UsersTables {
  users: UsersTable;
}
