import type { BidCommand } from '../../domain/bid/commands';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { postStream } from '../../domain/post/events';
import { defaultPermissions } from '../../domain/user/permissions';
import { handleCommand } from '../../infrastructure/command-handler';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import type { Reactor } from '../projection';

// When a post leaves bidding for good, its bids that are still active expire (spec 1 §4 "Bid statuses"). The post's
// bids are the `BidRegistered` events of its stream (a reactor reads no read model). Idempotent: event ids derive
// from the trigger and the bid, and the decider records nothing for a bid that is already expired; a bid that moved
// on (accepted, cancelled, deleted) is refused, and the refusal is final for this trigger.

/** The post's accepted bid is not expired: the deal reactor moves it (BidAcceptedOnPost names it). */
const endsBidding = new Set(['ReviewPeriodEnded', 'PostExpired', 'PostClosed', 'PostCancelled', 'BidAcceptedOnPost']);

/** Who expires a bid: nobody in person (the nil uuid), with an admin's rights the decider does not check for this. */
const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

export const bidExpiryReactor: Reactor = {
  kind: 'reactor',
  name: 'bid-expiry',
  version: 1,
  eventTypes: endsBidding,
  async react(events, { store }) {
    for (const event of events) if (endsBidding.has(event.type)) await expireBidsOf(store, event);
  },
};

async function expireBidsOf(store: EventStore, trigger: RecordedEvent): Promise<void> {
  // Every post event names its post (domain/post/events.ts); the accepted bid stays out.
  const data = trigger.data as { post_id: string; bid_id?: string };
  const registered = (await store.readStream(postStream(data.post_id))).flatMap((event) =>
    event.type === 'BidRegistered' ? [(event.data as { bid_id: string }).bid_id] : [],
  );
  for (const bidId of registered) {
    if (bidId === data.bid_id) continue;
    const command: BidCommand = {
      type: 'ExpireBid',
      data: { bid_id: bidId },
      metadata: { actor: { user_id: SYSTEM_USER_ID, user_type: 'admin', permissions: defaultPermissions('admin') }, now: trigger.metadata.occurred_at },
    };
    // Refused (already accepted, cancelled, deleted, or never placed after a crash): nothing to do for this bid.
    await handleCommand({
      store,
      ids: randomIds,
      streamId: bidStream(bidId),
      decider: bidDecider,
      command,
      context: { userId: null, correlationId: trigger.metadata.correlation_id, causationId: trigger.id, now: new Date(trigger.metadata.occurred_at) },
      eventId: () => derivedUuid(trigger.id, bidId),
    });
  }
}
