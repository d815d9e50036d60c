import { userErrors } from '../../domain/user/decider';
import type { UserDetailChanges } from '../../domain/user/events';
import { required } from '../../domain/shared/messages';
import { statusesThatMayLogIn, unknownOrganisationMessage } from '../../domain/user/schemas';
import { patchKinds, type UserPatch } from '../../domain/user/user-management';
import type { CommandContext } from '../../infrastructure/command-handler';
import { revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { findOrganisation } from '../../projections/organisations/queries';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import type { WorkflowDependencies } from '../dependencies';
import { storeUploadedImage } from '../images';
import { userNotFound, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

// An admin changes a user (spec 2 §2 "User management (admin)", spec 3 §5 "Edit user", §6 bidding limits): the
// status, a provider's bidding limits, or the details, one kind per request. Refusals of a field name it as the body
// does under `user` (`fsp.organisation_uuid`).

type Dependencies = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>;
export type UserChange = { userId: string; patch: UserPatch; changedBy: string };

export async function changeUser(deps: Dependencies, input: UserChange, context: CommandContext) {
  const row = await findUser(deps.db, input.userId);
  if (!row) return { ok: false as const, error: userNotFound };
  const { patch } = input;
  const kind = patchKinds(patch)[0];
  if (kind === 'status' && patch.status) {
    const result = await runUserCommand(deps, { type: 'ChangeUserStatus', data: { user_id: row.uuid, status: patch.status } }, context);
    if (!result.ok) return result;
    // A user who may no longer log in loses the sessions too, so reactivation does not revive them.
    if (!statusesThatMayLogIn.includes(patch.status)) await revokeAllRefreshTokens(deps.db, row.uuid, deps.clock.now());
    return { ok: true as const, position: result.position };
  }
  if (row.user_type !== 'fsp' && patch.fsp) {
    const message = 'Only providers have bidding limits and provider details.';
    return { ok: false as const, error: { code: userErrors.notProvider, message, errors: { fsp: [message] } } };
  }
  return kind === 'limits' ? changeLimits(deps, row, input, context) : changeDetails(deps, row, input, context);
}

async function changeLimits(deps: Dependencies, row: UserRow, { patch, changedBy }: UserChange, context: CommandContext) {
  const limits = patch.fsp ?? {};
  const result = await runUserCommand(
    deps,
    {
      type: 'ChangeProviderLimits',
      data: {
        user_id: row.uuid,
        // A limit left out keeps its stored value.
        bids_accepted_limit: limits.bids_accepted_limit !== undefined ? limits.bids_accepted_limit : row.bids_accepted_limit,
        bids_contacted_limit: limits.bids_contacted_limit !== undefined ? limits.bids_contacted_limit : row.bids_contacted_limit,
        changed_by: changedBy,
      },
    },
    context,
  );
  return result.ok ? { ok: true as const, position: result.position } : result;
}

async function changeDetails(deps: Dependencies, row: UserRow, { patch, changedBy }: UserChange, context: CommandContext) {
  const { avatar, fsp, status: _status, ...details } = patch;
  const { organisation_uuid, bids_accepted_limit: _a, bids_contacted_limit: _c, ...provider } = fsp ?? {};
  // spec 3 §5 "Edit user": a provider's lender_since is required.
  if (row.user_type === 'fsp' && (provider.lender_since ?? row.lender_since) === null) {
    return { ok: false as const, error: { code: userRefusalCodes.validationFailed, message: 'The request has invalid fields.', errors: { 'fsp.lender_since': [required] } } };
  }
  const changes: UserDetailChanges = { ...details, ...provider };
  if (organisation_uuid !== undefined) {
    const organisation = await findOrganisation(deps.db, organisation_uuid);
    if (!organisation) {
      const message = unknownOrganisationMessage;
      return { ok: false as const, error: { code: userErrors.unknownOrganisation, message, errors: { 'fsp.organisation_uuid': [message] } } };
    }
    Object.assign(changes, { organisation_uuid, organisation_name: organisation.name });
  }
  if (avatar !== undefined) {
    const stored = avatar === null ? null : await storeUploadedImage(deps.db, avatar);
    if (stored && !stored.ok) return { ok: false as const, error: { ...stored.error, errors: { avatar: [stored.error.message] } } };
    changes.avatar_file_id = stored ? stored.id : null;
  }
  const result = await runUserCommand(deps, { type: 'UpdateUserDetails', data: { user_id: row.uuid, changes, changed_by: changedBy } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
