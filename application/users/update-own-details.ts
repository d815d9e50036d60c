import type { UserDetailChanges } from '../../domain/user/events';
import { fullMobile, type OwnDetails, unverifiedMobileMessage } from '../../domain/user/profile';
import type { CommandContext } from '../../infrastructure/command-handler';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import type { WorkflowDependencies } from '../dependencies';
import { storeUploadedImage } from '../images';
import { fieldRefusal, userNotFound, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

/**
 * A user changes the own details (spec 2 §4 /profile-edit): a changed mobile number must have been verified by an SMS
 * code first; a new avatar is stored, `avatar: null` removes it. Only what differs is recorded.
 */
export async function updateOwnDetails(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>, input: { userId: string; details: OwnDetails }, context: CommandContext) {
  const row = await findUser(deps.db, input.userId);
  if (!row) return { ok: false as const, error: userNotFound };
  const wanted = input.details;
  const newMobile = fullMobile(wanted.country_code, wanted.mobile_number);
  const mobileChanged = row.country_code === null || row.mobile_number === null || newMobile !== fullMobile(row.country_code, row.mobile_number);
  if (mobileChanged && row.verified_mobile !== newMobile) {
    return { ok: false as const, error: fieldRefusal(userRefusalCodes.mobileNotVerified, { mobile_number: [unverifiedMobileMessage] }) };
  }
  let avatar_file_id: string | null | undefined = wanted.avatar === null ? null : undefined;
  if (wanted.avatar) {
    const stored = await storeUploadedImage(deps.db, wanted.avatar);
    if (!stored.ok) return { ok: false as const, error: { ...stored.error, errors: { avatar: [stored.error.message] } } };
    avatar_file_id = stored.id;
  }
  const changes = changedDetails(row, wanted, avatar_file_id);
  const result = await runUserCommand(deps, { type: 'UpdateUserDetails', data: { user_id: input.userId, changes, changed_by: input.userId } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}

/** Only what differs from the stored details, so saving an unchanged form records nothing. */
function changedDetails(row: UserRow, wanted: OwnDetails, avatar_file_id: string | null | undefined): UserDetailChanges {
  const changes: UserDetailChanges = {};
  if (wanted.first_name !== row.first_name) changes.first_name = wanted.first_name;
  if (wanted.last_name !== row.last_name) changes.last_name = wanted.last_name;
  if (wanted.country_code !== row.country_code) changes.country_code = wanted.country_code;
  if (wanted.mobile_number !== row.mobile_number) changes.mobile_number = wanted.mobile_number;
  if (avatar_file_id !== undefined && avatar_file_id !== row.avatar_file_id) changes.avatar_file_id = avatar_file_id;
  if (wanted.address !== undefined) {
    const same =
      wanted.address === null
        ? row.address === null
        : row.address !== null && (['line1', 'suburb', 'state', 'postcode'] as const).every((key) => row.address?.[key] === wanted.address?.[key]);
    if (!same) changes.address = wanted.address;
  }
  return changes;
}
