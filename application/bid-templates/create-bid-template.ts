import { maySeeTemplate } from '../../domain/bid-template/access';
import type { BidTemplateCommand } from '../../domain/bid-template/commands';
import { bidTemplateDecider, bidTemplateErrors, type BidTemplateError } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import type { BidTemplateDetailsInput } from '../../domain/bid-template/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { chosenProductFacts, providerById } from '../bids/bid-facts';
import type { WorkflowDependencies } from '../dependencies';
import { withDocumentIds } from '../document-ids';
import { templateActorOf, templateContextOf, type TemplateRequest } from './template-request';

export type CreateBidTemplateInput = {
  details: BidTemplateDetailsInput;
  /** An admin's: the provider the template bids for (spec 3 §6 fsp_user_uuid). A provider's own is itself. */
  ownerId?: string | undefined;
  /** Clone this template (spec 3 §3 "Cloning"): it must be one the caller sees. */
  cloneOf?: string | undefined;
};
export type CreateBidTemplateResult = { ok: true; templateId: string; position: Position | null } | { ok: false; error: BidTemplateError };

const invalidOwner = (message: string): CreateBidTemplateResult => ({ ok: false, error: { code: bidTemplateErrors.invalid, message, errors: { fsp_user_uuid: [message] } } });

/** Creates a template, or a clone of one (docs/bid-templates.md): the owner's facts from the read models, then the decider. */
export async function createBidTemplate(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, request: TemplateRequest, input: CreateBidTemplateInput): Promise<CreateBidTemplateResult> {
  const { db, store, ids, clock } = deps;
  const actor = templateActorOf(request);
  const ownerId = actor.user_type === 'fsp' ? actor.user_id : input.ownerId;
  if (!ownerId) return invalidOwner('Choose the provider the template bids for.');
  const owner = await providerById(db, ownerId, actor.user_type === 'fsp' ? actor.permissions : null);
  if (!owner) return invalidOwner('Choose an active provider.');

  let cloned_from = null;
  if (input.cloneOf) {
    const source = await findBidTemplate(db, input.cloneOf);
    if (!source || !maySeeTemplate(actor, source)) return { ok: false, error: { code: bidTemplateErrors.notFound, message: 'Bid template not found.' } };
    cloned_from = { template_id: source.uuid, conditional_rules: source.conditional_rules, location_list_type: source.location_list_type === 'whitelist' ? ('whitelist' as const) : null, location_rules: source.location_rules };
  }
  const templateId = ids.uuid();
  const now = clock.now();
  const product = await chosenProductFacts(db, input.details);
  const command: BidTemplateCommand = {
    type: 'CreateBidTemplate',
    data: { template_id: templateId, owner, details: withDocumentIds(input.details, null, ids), cloned_from, product },
    metadata: { actor, now: now.toISOString() },
  };
  const result = await handleCommand({ store, ids, streamId: bidTemplateStream(templateId), decider: bidTemplateDecider, command, context: templateContextOf(request, now), personalData: 'withhold' });
  return result.ok ? { ok: true, templateId, position: result.position } : { ok: false, error: result.error };
}
