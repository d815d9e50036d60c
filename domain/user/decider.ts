import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';
import { statusesByType, type UserStatus, type UserType } from './schemas';

export type UserState =
  | { stage: 'absent' }
  | {
      stage: 'registered';
      user_id: string;
      user_type: UserType;
      status: UserStatus;
      email_verified: boolean;
      organisation_uuid: string | null;
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
} as const;

const initialState = (): UserState => ({ stage: 'absent' });
const notFound = () => reject<UserEvent>(userErrors.notFound, 'User not found.');

function decide(command: UserCommand, state: UserState): Decision<UserEvent> {
  if (command.type === 'SignUpProvider' || command.type === 'CreateAdmin') {
    if (state.stage !== 'absent') return reject(userErrors.alreadyExists, 'This user already exists.');
    return command.type === 'SignUpProvider'
      ? accept({ type: 'ProviderSignedUp', data: command.data })
      : accept({ type: 'AdminCreated', data: command.data });
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
        if (!message) return reject(userErrors.messageRequired, 'The message is required.');
        return accept({ type: 'ProviderRejected', data: { user_id, message } });
      }
      // spec 2 §5: approving needs an organisation that exists.
      if (!command.data.organisation_uuid) {
        return reject(userErrors.unknownOrganisation, "Organisation isn't in our database!");
      }
      return accept({ type: 'ProviderApproved', data: { user_id, organisation_uuid: command.data.organisation_uuid } });
    }
    case 'CompleteProviderProfile':
      // spec 2 §4: only approved providers complete the profile, which makes them active.
      if (state.user_type !== 'fsp' || state.status !== 'approved') {
        return reject(userErrors.notApproved, 'Only approved providers may complete the profile.');
      }
      return accept({ type: 'ProviderProfileCompleted', data: { user_id, avatar_file_id: command.data.avatar_file_id } });
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
      };
    case 'AdminCreated':
      return { stage: 'registered', user_id: event.data.user_id, user_type: 'admin', status: 'active', email_verified: true, organisation_uuid: null };
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
    case 'PasswordChanged':
      return state;
    case 'UserDeleted':
      return { stage: 'deleted', user_id: event.data.user_id };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, decide, evolve };
