import type { z } from 'zod';
import type { dealHistoryView } from '../../contracts/deal';
import { bidStream } from '../../domain/bid/events';
import { type DealOpened, dealStream } from '../../domain/deal/events';
import { comparePositions, type EventStore, type RecordedEvent } from '../../infrastructure/event-store/event-store';

// The auditors' replay (docs/deals.md "History"): every event of the deal's stream, and the bid's updates once it
// became the deal's bid, in the global order, with who and when.

export type DealHistory = z.infer<typeof dealHistoryView>;

/** The bid's updates once it became the deal's bid (after `BidAccepted`): "Update bid" on the deal page. */
async function bidUpdatesOf(store: EventStore, dealEvents: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
  const opened = dealEvents.find((event): event is RecordedEvent<'DealOpened', DealOpened['data']> => event.type === 'DealOpened');
  if (!opened) return [];
  // An external deal's bid has no stream: nothing is read.
  const bidEvents = await store.readStream(bidStream(opened.data.bid_id));
  const accepted = bidEvents.findIndex((event) => event.type === 'BidAccepted');
  return accepted < 0 ? [] : bidEvents.slice(accepted + 1).filter((event) => event.type === 'BidEdited');
}

/** The deal's history; null for a deal without events. */
export async function dealHistory(store: EventStore, dealId: string): Promise<DealHistory | null> {
  const streamId = dealStream(dealId);
  const recorded = await store.readStream(streamId);
  if (recorded.length === 0) return null;
  const merged = [...recorded, ...(await bidUpdatesOf(store, recorded))].sort((a, b) => comparePositions(a.position, b.position));
  return {
    deal_id: dealId,
    events: merged.map((event) => ({
      stream: event.streamId === streamId ? ('deal' as const) : ('bid' as const),
      revision: event.revision,
      type: event.type,
      // Deal events are objects (domain/deal/events.ts).
      data: event.data as Record<string, unknown>,
      user_id: event.metadata.user_id,
      occurred_at: event.metadata.occurred_at,
      correlation_id: event.metadata.correlation_id,
      causation_id: event.metadata.causation_id,
      erased_fields: event.erasedFields ?? [],
    })),
  };
}
