import { type BidCommand, bidCommandForDealStage, type BidStatusCommand } from '../../domain/bid/commands';
import { bidDecider } from '../../domain/bid/decider';
import { type BidCancelled, bidStream } from '../../domain/bid/events';
import { dealDecider } from '../../domain/deal/decider';
import { dealEventTypes, dealStream } from '../../domain/deal/events';
import { defaultContactPreference } from '../../domain/deal/schemas';
import { isClosedStage } from '../../domain/deal/stages';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import type { BidAcceptedOnPost } from '../../domain/post/lifecycle';
import { defaultPermissions } from '../../domain/user/permissions';
import { type CommandContext, CONTENDED_ATTEMPTS, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import type { Reactor } from '../projection';
import { sydneyDay } from '../../domain/shared/sydney-time';

// The deals reactor (DESIGN.md §2, §4): the post's accepted bid becomes a deal, and the bid and the post follow the
// deal. Every command's event ids derive from the triggering event, and the bid follows the deal's stage as it is
// now (not the stage an old event carried), so a replay or a retry converges and appends nothing new.

/** A deal's id derives from its bid: one bid, one deal, whoever asks. */
export const dealIdOf = (bidId: string) => derivedUuid('deal', bidId);

/** Who moved a bid when no person did (Auto-Declare accepted it): the nil uuid. */
const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

/** The deal events the bid and the post follow (a contact preference moves neither). */
const followedDealEvents = new Set<string>(dealEventTypes.filter((type) => type !== 'DealContactPreferenceChanged'));

/** Deals the reactor works on at once. */
const DEALS_AT_ONCE = 8;

/** The deal stream an event moves (the events it does not act on: none). */
function dealStreamOf(event: RecordedEvent): string | null {
  // The post, bid and deal deciders wrote these (checked by type name).
  if (event.type === 'BidAcceptedOnPost' || event.type === 'BidCancelled') return dealStream(dealIdOf((event.data as { bid_id: string }).bid_id));
  if (followedDealEvents.has(event.type)) return event.streamId;
  return null;
}

export const dealOpenerReactor: Reactor = {
  kind: 'reactor',
  name: 'deal-opener',
  version: 1,
  eventTypes: new Set(['BidAcceptedOnPost', 'BidCancelled', ...followedDealEvents]),
  /**
   * Each deal's events in log order, several deals side by side: every event is a few commands, each a round trip or
   * more, and one deal after another fell seconds behind under load (docs/deals.md "The deals reactor"), while an
   * activity's answer waits for it.
   */
  async react(events, { store }) {
    const byDeal = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const deal = dealStreamOf(event);
      if (!deal) continue;
      const queue = byDeal.get(deal);
      if (queue) queue.push(event);
      else byDeal.set(deal, [event]);
    }
    const queues = [...byDeal.values()];
    const workers = Array.from({ length: Math.min(DEALS_AT_ONCE, queues.length) }, async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) for (const event of queue) await follow(store, event);
    });
    // Every worker finishes before a failure is reported, so a retried batch never overlaps this one.
    const failed = (await Promise.allSettled(workers)).find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  },
};

function follow(store: EventStore, event: RecordedEvent): Promise<void> {
  if (event.type === 'BidAcceptedOnPost') return openDeal(store, event as RecordedEvent<'BidAcceptedOnPost', BidAcceptedOnPost['data']>);
  if (event.type === 'BidCancelled') return closeDealOfCancelledBid(store, event as RecordedEvent<'BidCancelled', BidCancelled['data']>);
  return followDeal(store, event);
}

const contextOf = (trigger: RecordedEvent): CommandContext => ({
  userId: trigger.metadata.user_id,
  correlationId: trigger.metadata.correlation_id,
  causationId: trigger.id,
  now: new Date(trigger.metadata.occurred_at),
});

const bidActor = (userId: string | null) => ({ user_id: userId ?? SYSTEM_USER_ID, user_type: 'admin' as const, permissions: defaultPermissions('admin') });

function markBid(store: EventStore, trigger: RecordedEvent, bidId: string, type: BidStatusCommand['type'], by: string | null) {
  const command = { type, data: { bid_id: bidId }, metadata: { actor: bidActor(by), now: trigger.metadata.occurred_at } } as BidCommand;
  return handleCommand({
    store,
    ids: randomIds,
    streamId: bidStream(bidId),
    decider: bidDecider,
    command,
    context: contextOf(trigger),
    eventId: (_event, index) => derivedUuid(trigger.id, 'bid', String(index)),
  });
}

/**
 * BidAcceptedOnPost → the bid is accepted, then the deal opens with the facts of the bid and the post. A bid the
 * decider will not accept (cancelled or deleted meanwhile) never becomes a deal (spec 1 §4): the post, which
 * accepted it just before the withdrawal, records the outcome Not Proceeding. Other refusals are final for this
 * trigger: retrying them would only stall the reactor.
 */
async function openDeal(store: EventStore, trigger: RecordedEvent<'BidAcceptedOnPost', BidAcceptedOnPost['data']>): Promise<void> {
  const { bid_id, post_id, owner_id, accepted_by, contact_preference } = trigger.data;
  const dealId = dealIdOf(bid_id);
  const existing = await loadState(store, dealStream(dealId), dealDecider);
  if (existing.state.status !== 'absent') return; // opened already: the deal's own events move the bid from here
  const marked = await markBid(store, trigger, bid_id, 'MarkBidAccepted', accepted_by);
  if (!marked.ok) {
    const { state } = await loadState(store, bidStream(bid_id), bidDecider);
    if (state.status === 'cancelled' || state.status === 'deleted') await recordOutcome(store, trigger, post_id, bid_id, 'closed_lost');
    return;
  }
  if (marked.state.status !== 'accepted') return;
  const bid = marked.state.bid;
  const post = await loadState(store, postStream(post_id), postDecider);
  const loanAmount = post.state.status === 'absent' ? null : (post.state.post.home_loan?.loan_amount ?? null);
  await handleCommand({
    store,
    ids: randomIds,
    streamId: dealStream(dealId),
    decider: dealDecider,
    command: {
      type: 'OpenDeal',
      data: {
        deal_id: dealId,
        bid_id,
        post_id,
        provider_id: bid.provider_id,
        organisation_id: bid.organisation_uuid,
        customer_id: owner_id,
        loan_amount: loanAmount ?? 0,
        // Events from before the preference was recorded at acceptance have none: the spec 3 §5 defaults.
        contact_preference: contact_preference ?? defaultContactPreference,
        external: false,
        activity_id: derivedUuid(trigger.id, 'activity'),
      },
      metadata: { actor: { user_id: accepted_by ?? SYSTEM_USER_ID, admin: true }, now: trigger.metadata.occurred_at },
    },
    context: contextOf(trigger),
    eventId: (_event, index) => derivedUuid(trigger.id, 'deal', String(index)),
  });
}

/** A deal event → the bid takes the deal's current stage; a closed deal closes the post (Settled / Not Proceeding). */
async function followDeal(store: EventStore, trigger: RecordedEvent): Promise<void> {
  const { state } = await loadState(store, trigger.streamId, dealDecider);
  if (state.status === 'absent') return;
  const { bid_id, post_id, external } = state.deal;
  const stage = state.position.stage;
  // A cancelled bid stays cancelled (its deal closed lost because of it, closeDealOfCancelledBid): the mark is
  // refused, and the post follows the deal all the same.
  await markBid(store, trigger, bid_id, bidCommandForDealStage[stage], trigger.metadata.user_id);
  if (external || !isClosedStage(stage)) return;
  await recordOutcome(store, trigger, post_id, bid_id, stage);
}

/** The post records its winning bid's outcome: Settled (closed_won) or Not Proceeding (closed_lost). */
function recordOutcome(store: EventStore, trigger: RecordedEvent, post_id: string, bid_id: string, outcome: 'closed_won' | 'closed_lost') {
  return handleCommand({
    store,
    ids: randomIds,
    streamId: postStream(post_id),
    decider: postDecider,
    command: { type: 'RecordDealOutcome', data: { post_id, bid_id, outcome }, metadata: { actor: { system: 'deals' }, now: trigger.metadata.occurred_at } },
    context: contextOf(trigger),
    eventId: (_event, index) => derivedUuid(trigger.id, 'post', String(index)),
    attempts: CONTENDED_ATTEMPTS,
  });
}

/** The reason and text of the activity that closes a deal whose bid was cancelled (docs/deals.md). */
const cancelledBidActivity = { reason: 'other', description: 'Bid cancelled' } as const;

/**
 * BidCancelled → an open deal of that bid is not proceeding: a closed_lost activity (reason `other`), recorded as
 * whoever cancelled the bid; the deal's event then closes the post (followDeal). A closed or absent deal: nothing.
 */
async function closeDealOfCancelledBid(store: EventStore, trigger: RecordedEvent<'BidCancelled', BidCancelled['data']>): Promise<void> {
  const dealId = dealIdOf(trigger.data.bid_id);
  const deal = await loadState(store, dealStream(dealId), dealDecider);
  if (deal.state.status !== 'open') return;
  const activity = { activity_type: 'closed_lost', activity_date: sydneyDay(trigger.metadata.occurred_at), ...cancelledBidActivity };
  await handleCommand({
    store,
    ids: randomIds,
    streamId: dealStream(dealId),
    decider: dealDecider,
    // The activity's id derives from the trigger, so a replay finds it recorded (and the deal closed) already.
    command: {
      type: 'AddActivity',
      data: { deal_id: dealId, activity_id: derivedUuid(trigger.id, 'activity'), activity },
      metadata: { actor: { user_id: trigger.data.cancelled_by, admin: true }, now: trigger.metadata.occurred_at },
    },
    context: contextOf(trigger),
    eventId: (_event, index) => derivedUuid(trigger.id, 'deal', String(index)),
  });
}
