import { dealDecider } from '../../domain/deal/decider';
import { dealStream } from '../../domain/deal/events';
import { defaultContactPreference } from '../../domain/deal/schemas';
import type { ExternalDealProvider, ExternalDealRecorded, ExternalDealUpdated } from '../../domain/external-deal/events';
import { handleCommand } from '../../infrastructure/command-handler';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import type { Reactor } from '../projection';

// The external deal reactor (DESIGN.md §2, §4; docs/external-deals.md): each provider of an external deal gets its
// deal, opened at once with the activity external_created. The deal's id and its first activity's id come from
// the external deal's event (derived from the external deal's id), and the events' ids from the trigger, so a
// replay or a crash between two providers converges: a deal already open is refused and skipped.

export const externalDealOpenerReactor: Reactor = {
  kind: 'reactor',
  name: 'external-deal-opener',
  version: 1,
  eventTypes: new Set(['ExternalDealRecorded', 'ExternalDealUpdated']),
  async react(events, { store }) {
    for (const event of events) {
      // The external deal decider wrote them (checked by type name).
      if (event.type === 'ExternalDealRecorded') {
        const recorded = event as RecordedEvent<'ExternalDealRecorded', ExternalDealRecorded['data']>;
        const { providers, ...deal } = recorded.data;
        for (const provider of providers) await openDeal(store, recorded, { ...deal, by: deal.recorded_by }, provider);
      } else if (event.type === 'ExternalDealUpdated') {
        const updated = event as RecordedEvent<'ExternalDealUpdated', ExternalDealUpdated['data']>;
        const { added_providers, ...deal } = updated.data;
        for (const provider of added_providers) await openDeal(store, updated, { ...deal, by: deal.updated_by }, provider);
      }
    }
  },
};

type DealFacts = { external_deal_id: string; customer_id: string; loan: { loan_amount: number }; by: string };

async function openDeal(store: EventStore, trigger: RecordedEvent, facts: DealFacts, provider: ExternalDealProvider): Promise<void> {
  const { external_deal_id, customer_id, loan, by } = facts;
  // A refusal is 'already open' (a replay): nothing to do. handleCommand throws only on a store failure, which the
  // runner retries from the checkpoint.
  await handleCommand({
    store,
    ids: randomIds,
    streamId: dealStream(provider.deal_id),
    decider: dealDecider,
    command: {
      type: 'OpenDeal',
      data: {
        deal_id: provider.deal_id,
        bid_id: provider.bid_id,
        post_id: external_deal_id,
        provider_id: provider.provider_id,
        organisation_id: provider.organisation_id,
        customer_id,
        loan_amount: loan.loan_amount,
        contact_preference: defaultContactPreference,
        external: true,
        activity_id: derivedUuid(provider.deal_id, 'external_created'),
      },
      metadata: { actor: { user_id: by, admin: true }, now: trigger.metadata.occurred_at },
    },
    context: { userId: by, correlationId: trigger.metadata.correlation_id, causationId: trigger.id, now: new Date(trigger.metadata.occurred_at) },
    eventId: (_event, index) => derivedUuid(trigger.id, 'deal', provider.provider_id, String(index)),
  });
}
