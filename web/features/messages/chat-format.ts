import type { ConversationView } from '../../../contracts/conversation';
import { formatDateTime } from '../../lib/format';

// How the chat screens write times and parties (en-AU: DD/MM/YYYY, 24-hour clock).

export const formatSentAt = (iso: string) => formatDateTime(iso);

/** The other party as the caller sees it (for an admin: both). */
export function counterpartOf(conversation: ConversationView): string {
  const provider = [conversation.provider.name, conversation.provider.organisation_name].filter(Boolean).join(', ') || 'Provider';
  const customer = conversation.customer.name ?? 'Customer';
  if (conversation.my_side === 'customer') return provider;
  if (conversation.my_side === 'provider') return customer;
  return `${customer} and ${provider}`;
}
