import type { ContactPreferenceView } from '../../contracts/deal';
import { dealDecider } from '../../domain/deal/decider';
import { dealStream } from '../../domain/deal/events';
import type { ContactPreference } from '../../domain/deal/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { DealRow } from '../../projections/deals/deals';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import type { Refusal } from '../refusals';
import { dealNotFound } from './deal-access';

// The contact preference of a deal after the acceptance (spec 3 §7): its customer or an admin sets it; null removes
// it, and the deal goes back to any day, 00:00–23:59. Its uuid is the deal's (one preference per deal).

export const contactPreferenceViewOf = (dealId: string, preference: ContactPreference): ContactPreferenceView => ({ uuid: dealId, ...preference });

export type ChangeContactPreferenceResult = { ok: true; preference: ContactPreferenceView; position: Position | null } | { ok: false; error: Refusal };

export async function changeContactPreference(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>,
  input: ActorRequest & { deal: DealRow; preference: ContactPreference | null },
): Promise<ChangeContactPreferenceResult> {
  const { db, store, ids, clock } = deps;
  const { deal } = input;
  const now = clock.now();
  const result = await handleCommand({
    store,
    ids,
    streamId: dealStream(deal.uuid),
    decider: dealDecider,
    command: { type: 'ChangeContactPreference', data: { deal_id: deal.uuid, contact_preference: input.preference }, metadata: adminFlagMetadata(input.actor, now) },
    context: contextOf(input, now),
  });
  if (!result.ok) return { ok: false, error: result.error };
  await awaitReadModels(db, ['deals'], result.position);
  if (result.state.status === 'absent') return { ok: false, error: dealNotFound };
  return { ok: true, preference: contactPreferenceViewOf(deal.uuid, result.state.deal.contact_preference), position: result.position };
}
