import { sql } from 'kysely';
import type { MessageSent } from '../../domain/conversation/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { enqueueMessage } from '../../infrastructure/outbox/enqueue';
import { findUser } from '../users/queries';
import type { UserRow } from '../users/users';

// The away e-mail (docs/messages.md "Away e-mail"). When a message arrives, its recipient gets an e-mail through
// the outbox if both hold:
//  - it is the first message they have not read since they last read the conversation (one e-mail per unread
//    stretch, not one per message), and
//  - they had no live message stream open in the last PRESENCE_WINDOW_SECONDS (message_presence, refreshed by
//    the API at every heartbeat): someone watching the chat sees the message arrive and needs no e-mail.
// Written in the projection's transaction, so it exists once, with an id derived from the message's event. The
// e-mail holds neither the message's text nor anything else the recipient cannot see in the chat.

export type MessageMailContext = { publicUrl: string };

/** How recently a live stream must have been seen for its user to count as present (heartbeats are 25 s apart). */
export const PRESENCE_WINDOW_SECONDS = 90;
/** Older events mail nobody: a rebuild must not mail last week's messages (as outboxProjection does). */
const MAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const MESSAGE_MAIL_TEMPLATE = 'new-message';

const product = 'Home Loan Auction';

const fullName = (user: UserRow | undefined) => [user?.first_name, user?.last_name].filter(Boolean).join(' ') || null;

export async function awayMailFor(trx: Database, context: MessageMailContext, event: RecordedEvent & MessageSent, unreadBefore: number): Promise<void> {
  if (unreadBefore > 0) return; // mailed already for this unread stretch
  if (Date.now() - Date.parse(event.metadata.occurred_at) > MAIL_MAX_AGE_MS) return;
  const d = event.data;
  const recipientId = d.sender_side === 'customer' ? d.provider_id : d.customer_id;
  if (await isPresent(trx, recipientId)) return;
  const [recipient, sender] = await Promise.all([findUser(trx, recipientId), findUser(trx, d.sender_id)]);
  if (!recipient?.email) return; // erased or deleted: nobody to write to
  // spec 1 §6: a provider sees the customer's first name only; a customer sees the provider's full name.
  const senderName = (d.sender_side === 'customer' ? sender?.first_name : fullName(sender)) ?? (d.sender_side === 'customer' ? 'The customer' : 'A provider');
  const link = `${context.publicUrl}/posts/${d.post_id}/messages`;
  await enqueueMessage(trx, {
    channel: 'email',
    causationId: event.id,
    template: MESSAGE_MAIL_TEMPLATE,
    dataSubject: recipientId,
    mentions: [d.sender_id], // it names the sender
    to: recipient.email,
    subject: `New message on ${product}`,
    text:
      `Hi ${recipient.first_name ?? 'there'},\n\n${senderName} sent you a message about a home loan post.\n\n` +
      `Read it and reply:\n${link}\n\n` +
      `We e-mail you once until you read the conversation, and not while you have it open.\n\nThe ${product} team\n`,
  });
}

async function isPresent(trx: Database, userId: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (
      select 1 from public.message_presence
      where user_id = ${userId} and seen_at > now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS})
    ) as present`.execute(trx);
  return rows[0]?.present === true;
}
