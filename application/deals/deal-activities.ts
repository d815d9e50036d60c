import type { DealCommand } from '../../domain/deal/commands';
import { dealDecider } from '../../domain/deal/decider';
import { dealStream } from '../../domain/deal/events';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { DealRow } from '../../projections/deals/deals';
import { findDeal } from '../../projections/deals/queries';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import { invalidFields, type Refusal } from '../refusals';
import { activityNotFound, dealNotFound, dealOfActivity, readableDeal } from './deal-access';

// Deal activities (spec 1 §4 "Deal activities", §5; spec 3 §7): the deal's provider or an admin adds, edits and
// deletes them; the deal moves through its stages and the reactor makes the bid and the post follow (docs/deals.md).

type Deps = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>;
/** The deal after the change, as the deals read model has it, and where the change was appended. */
export type DealChangeResult = { ok: true; deal: DealRow; position: Position | null } | { ok: false; error: Refusal };

/** spec 3 §7 "Add an activity": its values (checked by the decider); `post` and `bid`, when named, must be the deal's. */
export type NewActivity = { activity: Record<string, unknown>; post?: string; bid?: string };

/** A deal command as the actor; the deal after it once the read model and the reactor have it (bounded wait). */
async function changeDeal(deps: Deps, request: ActorRequest, dealId: string, body: Omit<DealCommand, 'metadata'>): Promise<DealChangeResult> {
  const { db, store, ids, clock } = deps;
  const now = clock.now();
  // The body is one of the commands; only the metadata is added, so the union's member stays the same.
  const command = { ...body, metadata: adminFlagMetadata(request.actor, now) } as DealCommand;
  const result = await handleCommand({ store, ids, streamId: dealStream(dealId), decider: dealDecider, command, context: contextOf(request, now) });
  if (!result.ok) return { ok: false, error: result.error };
  // The bid and the post follow the deal through the reactor: the answer waits for both (bounded).
  await awaitReadModels(db, ['deals', 'deal-opener'], result.position);
  const after = await findDeal(db, dealId);
  return after ? { ok: true, deal: after, position: result.position } : { ok: false, error: dealNotFound };
}

export async function addDealActivity(deps: Deps, input: ActorRequest & { dealId: string } & NewActivity): Promise<DealChangeResult> {
  const deal = await readableDeal(deps.db, input.actor, input.dealId);
  if (!deal) return { ok: false, error: dealNotFound };
  const mismatch: Record<string, string[]> = {};
  if (input.post && input.post !== deal.post_id) mismatch.post = ['This is not the post of this deal'];
  if (input.bid && input.bid !== deal.bid_id) mismatch.bid = ['This is not the bid of this deal'];
  if (Object.keys(mismatch).length > 0) return { ok: false, error: invalidFields(mismatch) };
  return changeDeal(deps, input, deal.uuid, { type: 'AddActivity', data: { deal_id: deal.uuid, activity_id: deps.ids.uuid(), activity: input.activity } });
}

/** Editing an activity (spec 1 §5): any of its values, never its type. */
export async function editDealActivity(deps: Deps, input: ActorRequest & { activityId: string; changes: Record<string, unknown> }): Promise<DealChangeResult> {
  const deal = await dealOfActivity(deps.db, input.actor, input.activityId);
  if (!deal) return { ok: false, error: activityNotFound };
  return changeDeal(deps, input, deal.uuid, { type: 'EditActivity', data: { deal_id: deal.uuid, activity_id: input.activityId, changes: input.changes } });
}

/** Deleting a note, or the latest step of an open deal (which steps back). */
export async function deleteDealActivity(deps: Deps, input: ActorRequest & { activityId: string }): Promise<DealChangeResult> {
  const deal = await dealOfActivity(deps.db, input.actor, input.activityId);
  if (!deal) return { ok: false, error: activityNotFound };
  return changeDeal(deps, input, deal.uuid, { type: 'DeleteActivity', data: { deal_id: deal.uuid, activity_id: input.activityId } });
}
