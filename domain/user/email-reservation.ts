import { accept, type Decider, type Decision, reject } from '../shared/decider';

// One account per e-mail address: a stream per address (its name keyed, see infrastructure/secrets.ts) records
// who holds it. A holder whose sign-up never completed (no user stream) can be replaced.

export type EmailReservationState = { holder: string | null };
export type EmailReserved = { type: 'EmailReserved'; data: { user_id: string } };
export type EmailReleased = { type: 'EmailReleased'; data: { user_id: string } };
export type EmailReservationEvent = EmailReserved | EmailReleased;
export type ReserveEmail = { type: 'ReserveEmail'; data: { user_id: string; holder_exists: boolean } };
export type ReleaseEmail = { type: 'ReleaseEmail'; data: { user_id: string } };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export const emailTakenError = 'EMAIL_TAKEN';
export const emailTakenMessage = 'This e-mail address is already registered.';

function decide(command: EmailReservationCommand, state: EmailReservationState): Decision<EmailReservationEvent> {
  const { user_id } = command.data;
  if (command.type === 'ReleaseEmail') {
    return state.holder === user_id ? accept({ type: 'EmailReleased', data: { user_id } }) : accept();
  }
  if (state.holder === user_id) return accept();
  if (state.holder !== null && command.data.holder_exists) return reject(emailTakenError, emailTakenMessage);
  return accept({ type: 'EmailReserved', data: { user_id } });
}

function evolve(_state: EmailReservationState, event: EmailReservationEvent): EmailReservationState {
  return { holder: event.type === 'EmailReserved' ? event.data.user_id : null };
}

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ holder: null }),
  decide,
  evolve,
};

export const emailReservationStream = (keyedEmail: string) => `user_email-${keyedEmail}`;
