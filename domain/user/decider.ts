import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import { messageRequired } from '../shared/messages';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';
import { effectivePermissions, type PermissionChanges, permissionKeys } from './permissions';
import { statusesByType, unknownOrganisationMessage, type UserStatus, type UserType } from './schemas';

export type UserState =
  | { stage: 'absent' }
  | {
      stage: 'registered';
      user_id: string;
      user_type: UserType;
      status: UserStatus;
      email_verified: boolean;
      organisation_uuid: string | null;
      /** Changes on top of the role's defaults (permissions.ts). */
      permissions: PermissionChanges;
      /** A customer made by the post wizard has no e-mail until registered. */
      has_email: boolean;
    }
  | { stage: 'deleted'; user_id: string };

export const userErrors = {
  alreadyExists: 'USER_ALREADY_EXISTS',
  notFound: 'USER_NOT_FOUND',
  notPending: 'PROVIDER_NOT_PENDING',
  unknownOrganisation: 'ORGANISATION_UNKNOWN',
  messageRequired: 'REJECTION_MESSAGE_REQUIRED',
  notApproved: 'PROVIDER_NOT_APPROVED',
  invalidStatus: 'USER_STATUS_INVALID',
  customerPermissions: 'CUSTOMER_HAS_NO_PERMISSIONS',
  notProvider: 'USER_NOT_PROVIDER',
  alreadyActivated: 'USER_ALREADY_ACTIVATED',
  notCreating: 'CUSTOMER_NOT_CREATING',
  notRegistered: 'CUSTOMER_NOT_REGISTERED',
} as const;

const initialState = (): UserState => ({ stage: 'absent' });
const notFound = () => reject<UserEvent>(userErrors.notFound, 'User not found.');

function decide(command: UserCommand, state: UserState): Decision<UserEvent> {
  if (command.type === 'SignUpProvider' || command.type === 'CreateAdmin' || command.type === 'CreateCustomer') {
    if (state.stage !== 'absent') return reject(userErrors.alreadyExists, 'This user already exists.');
    if (command.type === 'SignUpProvider') return accept({ type: 'ProviderSignedUp', data: command.data });
    if (command.type === 'CreateAdmin') return accept({ type: 'AdminCreated', data: command.data });
    return accept({ type: 'CustomerCreated', data: command.data });
  }
  if (state.stage !== 'registered') return notFound();
  const user_id = state.user_id;
  switch (command.type) {
    case 'VerifyEmail':
      return state.email_verified ? accept() : accept({ type: 'UserEmailVerified', data: { user_id } });
    case 'ReviewProvider': {
      // spec 2 §4: pending → approved, or rejected with a message.
      if (state.user_type !== 'fsp' || state.status !== 'pending') {
        return reject(userErrors.notPending, 'Only a pending provider can be reviewed.');
      }
      if (command.data.decision === 'reject') {
        const message = command.data.message.trim();
        if (!message) return reject(userErrors.messageRequired, messageRequired);
        return accept({ type: 'ProviderRejected', data: { user_id, message } });
      }
      // spec 2 §5: approving needs an organisation that exists.
      if (!command.data.organisation_uuid) {
        return reject(userErrors.unknownOrganisation, unknownOrganisationMessage);
      }
      const { organisation_uuid, organisation_name } = command.data;
      return accept({ type: 'ProviderApproved', data: { user_id, organisation_uuid, ...(organisation_name !== undefined ? { organisation_name } : {}) } });
    }
    case 'CompleteProviderProfile':
      // spec 2 §4: only approved providers complete the profile, which makes them active.
      if (state.user_type !== 'fsp' || state.status !== 'approved') {
        return reject(userErrors.notApproved, 'Only approved providers may complete the profile.');
      }
      return accept(
        ...(command.data.answers ? [{ type: 'ProviderAnswersSaved' as const, data: { user_id, answers: command.data.answers } }] : []),
        { type: 'ProviderProfileCompleted', data: { user_id, avatar_file_id: command.data.avatar_file_id } },
      );
    case 'ChangeUserStatus': {
      const to = command.data.status;
      if (!statusesByType[state.user_type].includes(to) || to === 'creating') {
        return reject(userErrors.invalidStatus, 'This status does not exist for this user type.');
      }
      if (to === state.status) return accept();
      return accept({ type: 'UserStatusChanged', data: { user_id, from: state.status, to } });
    }
    case 'ChangePassword':
      return accept({ type: 'PasswordChanged', data: { user_id, password_hash: command.data.password_hash } });
    case 'ChangePermissions': {
      if (state.user_type === 'customer') return reject(userErrors.customerPermissions, 'Customers have no permissions.');
      // Only real changes are recorded, as the difference from what the user holds now.
      const current = effectivePermissions(state.user_type, state.permissions);
      const changed = Object.fromEntries(
        permissionKeys.filter((key) => command.data.permissions[key] !== undefined && command.data.permissions[key] !== current[key]).map((key) => [key, command.data.permissions[key]]),
      ) as PermissionChanges;
      if (Object.keys(changed).length === 0) return accept();
      return accept({ type: 'UserPermissionsChanged', data: { user_id, permissions: changed, changed_by: command.data.changed_by } });
    }
    case 'UpdateUserDetails':
      if (Object.keys(command.data.changes).length === 0) return accept();
      return accept({ type: 'UserDetailsUpdated', data: { user_id, changes: command.data.changes, changed_by: command.data.changed_by } });
    case 'ChangeProviderLimits':
    case 'SaveProviderAnswers':
      if (state.user_type !== 'fsp') return reject(userErrors.notProvider, 'Only providers have bidding limits and answers.');
      return command.type === 'ChangeProviderLimits'
        ? accept({ type: 'ProviderLimitsChanged', data: { ...command.data, user_id } })
        : accept({ type: 'ProviderAnswersSaved', data: { user_id, answers: command.data.answers } });
    case 'VerifyMobileNumber':
      return accept({ type: 'MobileNumberVerified', data: { user_id, country_code: command.data.country_code, mobile_number: command.data.mobile_number } });
    case 'RequestActivationMail':
      if (state.email_verified) return reject(userErrors.alreadyActivated, 'This account is already activated.');
      return accept({ type: 'ActivationMailRequested', data: { user_id } });
    case 'RequestPasswordReset':
      return accept({ type: 'PasswordResetRequested', data: { user_id, reset_id: command.data.reset_id } });
    case 'RegisterCustomer':
      // spec 2 §2: the account is completed at the end of the wizard, while the first post is being created.
      if (state.user_type !== 'customer' || state.status !== 'creating') {
        return reject(userErrors.notCreating, 'Only a customer creating the first post registers this way.');
      }
      return accept({ type: 'CustomerRegistered', data: { user_id, personal: command.data.personal, password_hash: command.data.password_hash } });
    case 'RequestIncompletePostLink':
      if (state.user_type !== 'customer' || !state.has_email) return reject(userErrors.notRegistered, 'Give your e-mail address first.');
      return accept({ type: 'IncompletePostLinkRequested', data: { user_id, post_id: command.data.post_id } });
    case 'DeleteUser':
      return accept({ type: 'UserDeleted', data: { user_id } });
    default:
      return assertNever(command);
  }
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'ProviderSignedUp':
      return {
        stage: 'registered',
        user_id: event.data.user_id,
        user_type: 'fsp',
        status: 'pending',
        email_verified: false,
        organisation_uuid: event.data.provider.organisation_uuid,
        permissions: {},
        has_email: true,
      };
    case 'AdminCreated':
      return { stage: 'registered', user_id: event.data.user_id, user_type: 'admin', status: 'active', email_verified: true, organisation_uuid: null, permissions: {}, has_email: true };
    case 'CustomerCreated':
      return {
        stage: 'registered',
        user_id: event.data.user_id,
        user_type: 'customer',
        status: event.data.status,
        email_verified: false,
        organisation_uuid: null,
        permissions: {},
        has_email: event.data.personal !== null,
      };
    case 'CustomerRegistered':
      return state.stage === 'registered' ? { ...state, has_email: true } : state;
    case 'UserEmailVerified':
      return state.stage === 'registered' ? { ...state, email_verified: true } : state;
    case 'ProviderApproved':
      return state.stage === 'registered' ? { ...state, status: 'approved', organisation_uuid: event.data.organisation_uuid } : state;
    case 'ProviderRejected':
      return state.stage === 'registered' ? { ...state, status: 'rejected' } : state;
    case 'ProviderProfileCompleted':
      return state.stage === 'registered' ? { ...state, status: 'active' } : state;
    case 'UserStatusChanged':
      return state.stage === 'registered' ? { ...state, status: event.data.to } : state;
    case 'UserDetailsUpdated': {
      // Erased (the user is being deleted): the organisation it moved to is unreadable, and no longer matters.
      const organisation_uuid = event.data.changes?.organisation_uuid;
      return state.stage === 'registered' && organisation_uuid !== undefined ? { ...state, organisation_uuid } : state;
    }
    case 'PasswordChanged':
    case 'ProviderLimitsChanged':
    case 'ProviderAnswersSaved':
    case 'MobileNumberVerified':
    case 'ActivationMailRequested':
    case 'PasswordResetRequested':
    case 'IncompletePostLinkRequested':
      return state;
    case 'UserPermissionsChanged':
      return state.stage === 'registered' ? { ...state, permissions: { ...state.permissions, ...event.data.permissions } } : state;
    case 'UserDeleted':
      return { stage: 'deleted', user_id: event.data.user_id };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, decide, evolve };
