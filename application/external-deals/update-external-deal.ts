import { externalDealDecider } from '../../domain/external-deal/decider';
import { externalDealStream } from '../../domain/external-deal/events';
import type { ExternalDealChanges } from '../../domain/external-deal/schemas';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { invalidFields } from '../refusals';
import { externalDealNotFound, type ExternalDealWritten, externalDealWritten, providersOf } from './external-deals';

// Updating an external deal (spec 1 §5, spec 3 §7): the loan, and providers added, each getting its deal; a provider
// is never taken off (the decider's rule). docs/external-deals.md.

export async function updateExternalDeal(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>,
  input: ActorRequest & { externalDealId: string; changes: ExternalDealChanges },
): Promise<ExternalDealWritten> {
  const { db, store, ids, clock } = deps;
  const { externalDealId, changes } = input;
  const current = await loadState(store, externalDealStream(externalDealId), externalDealDecider);
  if (current.state.status === 'absent') return { ok: false, error: externalDealNotFound };
  const chosen = await providersOf(db, externalDealId, changes.fsp_user_uuids);
  if (!chosen.ok) return { ok: false, error: invalidFields(chosen.errors) };
  const now = clock.now();
  const result = await handleCommand({
    store,
    ids,
    streamId: externalDealStream(externalDealId),
    decider: externalDealDecider,
    command: { type: 'UpdateExternalDeal', data: { external_deal_id: externalDealId, loan: changes.loan, providers: chosen.providers }, metadata: adminFlagMetadata(input.actor, now) },
    context: contextOf(input, now),
  });
  if (!result.ok) return { ok: false, error: result.error };
  return externalDealWritten(db, externalDealId, result.position);
}
