import type {
  ActivationMailRequested,
  IncompletePostLinkRequested,
  PasswordResetRequested,
  ProviderApproved,
  ProviderRejected,
  ProviderSignedUp,
} from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { issueActivationCode, issuePasswordResetToken, passwordTag } from '../../infrastructure/identity-tokens';
import type { AppSecrets } from '../../infrastructure/secrets';
import { issueUserKey, USER_KEY_DAYS } from '../../infrastructure/tokens';
import { type MessageFromEvent, outboxProjection } from '../outbox/outbox-projection';
import { findUser } from '../users/queries';
import type { UserRow } from '../users/users';

// The e-mails of sign-up, activation, password recovery and provider review (spec 2 §4, docs/mail.md "Templates").
// Links carry signed codes derived from the event (its user and time), so nothing secret is stored and a replayed
// batch writes the same message once (ids from the event).

export type IdentityMailContext = {
  /** The base of the links, e.g. https://loans.example.com (config PUBLIC_URL). */
  publicUrl: string;
  secrets: Pick<AppSecrets, 'accessTokenKey'>;
};

const product = 'Home Loan Auction';
const signOff = `\nThe ${product} team\n`;

type Mail = { template: string; subject: string; text: string };

function email(to: string | null, userId: string, mail: Mail): MessageFromEvent[] {
  // An erased person reads as null: there is nobody to write to (outboxProjection skips it too).
  if (!to) return [];
  return [{ channel: 'email', to, dataSubject: userId, ...mail }];
}

const greeting = (firstName: string | null) => `Hi ${firstName ?? 'there'},\n\n`;

function activationMail(publicUrl: string, code: string, firstName: string | null, userType: UserRow['user_type']): Mail {
  // Providers wait for an admin after confirming (spec 2 §4); others can log in straight away.
  const next =
    userType === 'fsp'
      ? 'Once your e-mail address is confirmed, our team will review your account and e-mail you when it is approved.'
      : 'Once your e-mail address is confirmed, you can log in.';
  return {
    template: 'activation',
    subject: `Confirm your e-mail address for ${product}`,
    text:
      `${greeting(firstName)}Thanks for signing up to ${product}.\n\n` +
      `Please confirm your e-mail address by opening this link within 7 days:\n${publicUrl}/activate?code=${encodeURIComponent(code)}\n\n` +
      `${next}\n\nIf you did not sign up, you can ignore this e-mail.\n${signOff}`,
  };
}

/** An e-mail for the events that cause one; `trx` reads the users read model for what an event does not carry. */
async function messagesFor(context: IdentityMailContext, event: RecordedEvent, trx: Database): Promise<MessageFromEvent[]> {
  const { publicUrl, secrets } = context;
  const occurredAt = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'ProviderSignedUp': {
      // The sign-up carries the address: the users read model may not have the row yet.
      const { user_id, personal } = event.data as ProviderSignedUp['data'];
      const code = await issueActivationCode(secrets.accessTokenKey, user_id, occurredAt);
      return email(personal.email, user_id, activationMail(publicUrl, code, personal.first_name, 'fsp'));
    }
    case 'ActivationMailRequested': {
      const { user_id } = event.data as ActivationMailRequested['data'];
      const user = await findUser(trx, user_id);
      if (!user) return []; // deleted since
      const code = await issueActivationCode(secrets.accessTokenKey, user_id, occurredAt);
      return email(user.email, user_id, activationMail(publicUrl, code, user.first_name, user.user_type));
    }
    case 'PasswordResetRequested': {
      const { user_id, reset_id } = event.data as PasswordResetRequested['data'];
      const user = await findUser(trx, user_id);
      if (!user) return [];
      // Bound to the password as the read model holds it now: the route checks the same, so the link dies with it.
      const token = await issuePasswordResetToken(secrets.accessTokenKey, { userId: user_id, resetId: reset_id, passwordTag: passwordTag(user.password_hash) }, occurredAt);
      return email(user.email, user_id, {
        template: 'password-recovery',
        subject: `Reset your ${product} password`,
        text:
          `${greeting(user.first_name)}We received a request to reset the password of your ${product} account.\n\n` +
          `Choose a new password within the next hour:\n${publicUrl}/recover-password?token=${encodeURIComponent(token)}\n\n` +
          `The link works once. If you did not ask for this, you can ignore this e-mail: your password stays as it is.\n${signOff}`,
      });
    }
    case 'ProviderApproved': {
      const { user_id } = event.data as ProviderApproved['data'];
      const user = await findUser(trx, user_id);
      if (!user) return [];
      return email(user.email, user_id, {
        template: 'provider-approved',
        subject: `Your ${product} account is approved`,
        text:
          `${greeting(user.first_name)}Good news: your provider account has been approved.\n\n` +
          `Log in and complete your profile to start bidding on home loans:\n${publicUrl}/login\n${signOff}`,
      });
    }
    case 'ProviderRejected': {
      const { user_id, message } = event.data as ProviderRejected['data'];
      const user = await findUser(trx, user_id);
      if (!user) return [];
      return email(user.email, user_id, {
        template: 'provider-rejected',
        subject: `Your ${product} sign-up`,
        text:
          `${greeting(user.first_name)}Thank you for your interest in ${product}. We are unable to approve your provider account at this time.\n\n` +
          `Our team's message:\n${message}\n\nIf you have any questions, please contact us.\n${signOff}`,
      });
    }
    case 'IncompletePostLinkRequested': {
      // spec 2 §2: the wizard resumes the post from /create-post?post_uuid=…&user_key=… (a fresh key, logged in by
      // grant_type=user_key), so the customer needs no password yet.
      const { user_id, post_id } = event.data as IncompletePostLinkRequested['data'];
      const user = await findUser(trx, user_id);
      if (!user) return [];
      const userKey = await issueUserKey(secrets.accessTokenKey, user_id, occurredAt);
      const link = `${publicUrl}/create-post?post_uuid=${encodeURIComponent(post_id)}&user_key=${encodeURIComponent(userKey)}`;
      return email(user.email, user_id, {
        template: 'incomplete-post',
        subject: `Finish your home loan request on ${product}`,
        text:
          `${greeting(user.first_name)}Your home loan request is saved but not finished yet.\n\n` +
          `Pick up where you left off within ${USER_KEY_DAYS} days:\n${link}\n\n` +
          `Lenders can bid on your request once it is complete.\n${signOff}`,
      });
    }
    default:
      return [];
  }
}

/** The identity e-mails as an outbox consumer (docs/mail.md "From a projection"). */
export function identityMailProjection(context: IdentityMailContext) {
  return outboxProjection({
    name: 'identity-mail',
    readsFrom: ['users'],
    eventTypes: new Set(['ProviderSignedUp', 'ActivationMailRequested', 'PasswordResetRequested', 'ProviderApproved', 'ProviderRejected', 'IncompletePostLinkRequested']),
    messagesFor: (event, trx) => messagesFor(context, event, trx),
  });
}
