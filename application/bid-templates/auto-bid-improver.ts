import { editBid } from '../bids/edit-bid';
import { type AutoBidImproved, type AutoBidImprovementCommand, autoBidImprovementsDecider, autoBidImprovementsStream } from '../../domain/bid-template/auto-bid-improvements';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { toHundredths } from '../../domain/bid-template/modifiers';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { bidDecider, type BidState } from '../../domain/bid/decider';
import type { BidEdited, BidPlaced } from '../../domain/bid/events';
import { bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import { biddersOf } from '../../projections/bids/queries';
import type { Reactor } from '../../projections/projection';

// Floor and step (issue 29 item 7; docs/auto-bidding.md "Floor and step"): a bid placed or edited on a post → every
// active auto-bid of another organisation on that post that this bid now beats on comparison rate, whose template is
// auto-bidding (active, unexpired) with a floor and step, improves by one step through the bid's own edit workflow
// (the same path as `PATCH /v4/home_loan_bids/{id}`). The improvement is recorded first (`AutoBidImproved`, its id
// derived from the auto-bid and its number), then the edit names it as its cause; a crash between the two is finished
// at the next reaction, and a replayed trigger finds itself recorded and improves nothing. Two templates outbidding
// each other stop at their floors or their counts.

export type ImprovementOutcome =
  | { outcome: 'improved'; bid_id: string; number: number; from: number; to: number }
  | { outcome: 'finished'; bid_id: string; number: number }
  | { outcome: 'refused'; bid_id: string; number: number; code: string };

export type AutoBidImproverOptions = { report?: (outcome: ImprovementOutcome) => void };

type Trigger = RecordedEvent<'BidPlaced' | 'BidEdited', BidPlaced['data'] | BidEdited['data']>;
type Context = { db: Database; store: EventStore; report: (outcome: ImprovementOutcome) => void };

/** Each improvement event's id: the same auto-bid and number always name the same event. */
const improvementEventId = (event: { type: string; data: { bid_id: string; number: number } }) => derivedUuid('auto-bid-improvement', event.data.bid_id, String(event.data.number), event.type);

const triggerTypes: ReadonlySet<string> = new Set(['BidPlaced', 'BidEdited']);

export function autoBidImproverReactor(options: AutoBidImproverOptions = {}): Reactor {
  const report = options.report ?? (() => {});
  return {
    kind: 'reactor',
    name: 'auto-bid-improver',
    version: 1,
    eventTypes: triggerTypes,
    // The auto-bids on the post (bids); what the edit workflow reads (providers, organisations, products, documents).
    readsFrom: ['bids', 'bid_templates', 'users', 'organisations', 'deals', 'financial_institution_products', 'document_types'],
    async react(events, { store, db }) {
      // A batch carries other events too: only a bid placed or edited beats anything.
      for (const event of events) if (triggerTypes.has(event.type)) await onBid({ db, store, report }, event as Trigger);
    },
  };
}

/**
 * The active auto-bids of other organisations on the trigger's post that it beats, whose template has a floor and step
 * and is auto-bidding, oldest first (a deterministic order). The read models narrow the candidates (a post with many
 * auto-bids reads no stream for a template without a floor and step); each is decided again on the streams.
 */
async function onBid(context: Context, trigger: Trigger): Promise<void> {
  const { bid_id, post_id, organisation_uuid, bid } = trigger.data;
  const autoBids = await context.db
    .selectFrom('bids')
    .innerJoin('bid_templates', 'bid_templates.uuid', 'bids.auto_bid_template_id')
    .select(['bids.uuid as uuid', 'bid_templates.uuid as template_id'])
    .where('bids.post_id', '=', post_id)
    .where('bids.status', '=', 'active')
    .where('bids.deleted', '=', false)
    .where('bids.uuid', '!=', bid_id)
    .where('bids.organisation_uuid', '!=', organisation_uuid)
    .where('bids.comparison_rate', '>', bid.comparison_rate)
    .where('bid_templates.auto_bidding', '=', 'active')
    .where('bid_templates.improvement', 'is not', null)
    .orderBy('bids.created_at')
    .orderBy('bids.uuid')
    .execute();
  for (const autoBid of autoBids) await improve(context, trigger, autoBid.uuid, autoBid.template_id);
}

async function improve(context: Context, trigger: Trigger, autoBidId: string, templateId: string): Promise<void> {
  const { store } = context;
  const now = systemClock.now();
  const template = await loadState(store, bidTemplateStream(templateId), bidTemplateDecider);
  if (template.state.status !== 'kept') return;
  const { improvement: setting, auto_bidding } = template.state.template;
  // Only a template still auto-bidding speaks for its bids: turned off or expired, it no longer improves them.
  if (!setting || auto_bidding.status !== 'active' || !auto_bidding.expiry_on || Date.parse(auto_bidding.expiry_on) <= now.getTime()) return;
  const improvements = await loadState(store, autoBidImprovementsStream(autoBidId), autoBidImprovementsDecider);
  const last = improvements.state.last;
  let bid = await loadState(store, bidStream(autoBidId), bidDecider);
  // A crash after recording an improvement and before its edit: the bid still offers the rates it improved from.
  if (last && !last.refused && isAt(bid.state, last.from)) {
    await applyEdit(context, trigger, last);
    context.report({ outcome: 'finished', bid_id: autoBidId, number: last.number });
    bid = await loadState(store, bidStream(autoBidId), bidDecider);
  }
  if (bid.state.status !== 'active') return;
  const beating = await loadState(store, bidStream(trigger.data.bid_id), bidDecider);
  // The trigger's bid as it is now: still active, another organisation's, and lower on comparison rate.
  if (beating.state.status !== 'active' || beating.state.bid.organisation_uuid === bid.state.bid.organisation_uuid) return;
  if (toHundredths(beating.state.bid.form.comparison_rate) >= toHundredths(bid.state.bid.form.comparison_rate)) return;
  const { form, post_id } = bid.state.bid;
  const command: AutoBidImprovementCommand = {
    type: 'ImproveAutoBid',
    data: {
      bid_id: autoBidId,
      post_id,
      template_id: templateId,
      setting,
      beaten_by_bid_id: trigger.data.bid_id,
      beaten_by_comparison_rate: beating.state.bid.form.comparison_rate,
      cause_event_id: trigger.id,
      current: { interest_rate: form.interest_rate, comparison_rate: form.comparison_rate },
      now: now.toISOString(),
    },
  };
  const recorded = await run(context, trigger, autoBidId, command);
  const improved = recorded.ok ? recorded.events.find((event): event is AutoBidImproved => event.type === 'AutoBidImproved') : undefined;
  if (!improved) return;
  context.report({ outcome: 'improved', bid_id: autoBidId, number: improved.data.number, from: improved.data.from.comparison_rate, to: improved.data.to.comparison_rate });
  await applyEdit(context, trigger, improved.data);
}

const isAt = (state: BidState, rates: { interest_rate: number; comparison_rate: number }) =>
  state.status === 'active' && toHundredths(state.bid.form.interest_rate) === toHundredths(rates.interest_rate) && toHundredths(state.bid.form.comparison_rate) === toHundredths(rates.comparison_rate);

function run(context: Context, trigger: Trigger, autoBidId: string, command: AutoBidImprovementCommand) {
  const now = systemClock.now();
  return handleCommand({
    store: context.store,
    ids: randomIds,
    streamId: autoBidImprovementsStream(autoBidId),
    decider: autoBidImprovementsDecider,
    command,
    context: { userId: null, correlationId: trigger.metadata.correlation_id, causationId: trigger.id, now },
    eventId: improvementEventId,
  });
}

/**
 * The improvement's edit, as the bid's provider would make it: the same form with both rates lowered. Its events name
 * the `AutoBidImproved` as their cause. A refusal (the post no longer takes bids, the provider suspended) is recorded,
 * so the improvement does not count and is not tried again.
 */
async function applyEdit(context: Context, trigger: Trigger, improved: AutoBidImproved['data']): Promise<void> {
  const { db, store } = context;
  const bid = await loadState(store, bidStream(improved.bid_id), bidDecider);
  if (bid.state.status === 'absent') return;
  const held = bid.state.bid;
  const [provider] = await biddersOf(db, [held.provider_id]);
  const permissions = effectivePermissions('fsp', provider?.permissions ?? {});
  const causationId = improvementEventId({ type: 'AutoBidImproved', data: improved });
  const result = await editBid(
    { db, store, ids: randomIds, clock: systemClock },
    { caller: { userId: held.provider_id, userType: 'fsp', permissions }, correlationId: trigger.metadata.correlation_id, causationId },
    { bid: { bid_id: held.bid_id, post_id: held.post_id, provider_id: held.provider_id, placed_at: held.placed_at, form: held.form }, form: { ...held.form, ...improved.to }, confirmedWarnings: [...bidWarningCodes] },
  );
  if (result.ok) return;
  context.report({ outcome: 'refused', bid_id: improved.bid_id, number: improved.number, code: result.error.code });
  await run(context, trigger, improved.bid_id, { type: 'RefuseAutoBidImprovement', data: { bid_id: improved.bid_id, number: improved.number, code: result.error.code, message: result.error.message, now: systemClock.now().toISOString() } });
}
