import type { OutboxChannel, OutboxStatus } from '../../../domain/outbox/schemas';

export const outboxChannelLabels: Record<OutboxChannel, string> = { email: 'E-mail', sms: 'SMS' };

export const outboxStatusLabels: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
  erased: 'Erased',
};

export const outboxStatusDescriptions: Record<OutboxStatus, string> = {
  pending: 'Waiting to be sent',
  sending: 'Being sent now',
  sent: 'Accepted by the mail server',
  failed: 'Not sent: every attempt failed',
  kept: 'Not sent: no transport is configured, read it here',
  erased: 'The person was erased',
};
