import { dealStatuses } from '../../domain/bid/schemas';
import type { PostUpdateRequested } from '../../domain/post/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { type MessageFromEvent, outboxProjection } from '../outbox/outbox-projection';
import { findUser } from '../users/queries';

// The request-update e-mail (spec 2 §4 `request_update` "with message"; issue 6 item 3: "customer asks for a change;
// the provider is told"; docs/post-notes.md "Request update"). Who is told: the provider of the winning bid when the
// post has one (accepted or later: that provider works with the customer now), otherwise every provider with an
// active bid on it. One message per provider, keyed by the provider, so a replayed batch writes each once.

export type UpdateRequestMailContext = { publicUrl: string };

export const updateRequestTemplate = 'post-update-request';

/** The providers to tell: the winning bid's, else those with an active bid (each once). */
export async function updateRequestRecipients(database: Database, postId: string): Promise<string[]> {
  const bids = await database
    .selectFrom('bids')
    .select(['provider_id', 'status'])
    .where('post_id', '=', postId)
    .where('deleted', '=', false)
    .execute();
  const winners = bids.filter((bid) => (dealStatuses as readonly string[]).includes(bid.status));
  const chosen = winners.length > 0 ? winners : bids.filter((bid) => bid.status === 'active');
  return [...new Set(chosen.map((bid) => bid.provider_id))];
}

async function messagesFor(context: UpdateRequestMailContext, event: RecordedEvent, trx: Database): Promise<MessageFromEvent[]> {
  if (event.type !== 'PostUpdateRequested') return [];
  const { post_id, owner_id, message } = event.data as PostUpdateRequested['data'];
  // The customer was erased since (the message reads as null): nothing of theirs is sent.
  if (typeof message !== 'string') return [];
  const messages: MessageFromEvent[] = [];
  for (const providerId of await updateRequestRecipients(trx, post_id)) {
    const provider = await findUser(trx, providerId);
    if (!provider?.email) continue; // deleted or erased since
    messages.push({
      channel: 'email',
      template: updateRequestTemplate,
      key: providerId,
      // The text is the customer's: erasing the customer erases it (the provider's address goes by recipient).
      dataSubject: owner_id,
      to: provider.email,
      subject: 'A customer asks for an update to their home loan post',
      text:
        `Hi ${provider.first_name ?? 'there'},\n\n` +
        `The customer of a home loan post you bid on asks for an update:\n\n${message}\n\n` +
        `Open the post: ${context.publicUrl}/post/${post_id}\n\nThe Home Loan Auction team\n`,
    });
  }
  return messages;
}

/** Register with the other consumers (projections/registry.ts). */
export function updateRequestMailProjection(context: UpdateRequestMailContext) {
  return outboxProjection({ name: 'update-request-mail', readsFrom: ['users'], eventTypes: new Set(['PostUpdateRequested']), messagesFor: (event, trx) => messagesFor(context, event, trx) });
}
