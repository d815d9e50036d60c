import { maySeeTemplate } from '../../domain/bid-template/access';
import type { BidTemplateCommand } from '../../domain/bid-template/commands';
import { bidTemplateDecider, bidTemplateErrors, type BidTemplateError } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { chosenProductFacts, providerById } from '../bids/bid-facts';
import type { WorkflowDependencies } from '../dependencies';
import { withDocumentIds } from '../document-ids';
import { templateActorOf, templateContextOf, type TemplateRequest } from './template-request';

type Body<C> = C extends unknown ? Omit<C, 'metadata'> : never;
/** Every command on an existing template; the details' owner facts are filled in here. */
export type BidTemplateChange = Exclude<Body<BidTemplateCommand>, { type: 'CreateBidTemplate' | 'ChangeBidTemplateDetails' }> | Omit<Extract<Body<BidTemplateCommand>, { type: 'ChangeBidTemplateDetails' }>, 'data'> & { data: Omit<Extract<BidTemplateCommand, { type: 'ChangeBidTemplateDetails' }>['data'], 'owner'> };

export type ChangeBidTemplateResult = { ok: true; position: Position | null; streamPosition: Position | null } | { ok: false; error: BidTemplateError };

const notFound = (): ChangeBidTemplateResult => ({ ok: false, error: { code: bidTemplateErrors.notFound, message: 'Bid template not found.' } });

/**
 * Runs one command on a template (its details, rules, places, or its deletion): load, decide, append, retry. A
 * template the caller cannot see reads as not found; one it sees but may not change is refused by the decider.
 */
export async function changeBidTemplate(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, request: TemplateRequest, change: BidTemplateChange): Promise<ChangeBidTemplateResult> {
  const { db, store, ids, clock } = deps;
  const actor = templateActorOf(request);
  const row = await findBidTemplate(db, change.data.template_id);
  if (!row || !maySeeTemplate(actor, row)) return notFound();
  let body: Body<BidTemplateCommand> = change as Body<BidTemplateCommand>;
  if (change.type === 'ChangeBidTemplateDetails') {
    const owner = await providerById(db, row.owner_id, actor.user_id === row.owner_id ? actor.permissions : null);
    if (!owner) return { ok: false, error: { code: bidTemplateErrors.notAllowed, message: 'The provider of this bid template can no longer bid.' } };
    body = { ...change, data: { ...change.data, owner, details: withDocumentIds(change.data.details, row.details, ids), product: await chosenProductFacts(db, change.data.details) } };
  }
  const now = clock.now();
  const command = { ...body, metadata: { actor, now: now.toISOString() } } as BidTemplateCommand;
  const result = await handleCommand({ store, ids, streamId: bidTemplateStream(row.uuid), decider: bidTemplateDecider, command, context: templateContextOf(request, now), personalData: 'withhold' });
  return result.ok ? { ok: true, position: result.position, streamPosition: result.streamPosition } : { ok: false, error: result.error };
}
