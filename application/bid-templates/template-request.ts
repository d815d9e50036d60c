import type { TemplateActor } from '../../domain/bid-template/commands';
import type { CommandContext } from '../../infrastructure/command-handler';
import { findUser } from '../../projections/users/queries';
import type { BidRequest } from '../bids/bid-facts';
import type { WorkflowDependencies } from '../dependencies';

// Who asks a template workflow: the caller as authenticated, with the organisation a provider belongs to (from the
// users read model), which decides whose templates it sees and changes (spec 3 §6).

export type TemplateRequest = BidRequest;

export async function templateActorOf(db: WorkflowDependencies['db'], { caller }: TemplateRequest): Promise<TemplateActor> {
  const user_type = caller.userType === 'admin' ? 'admin' : caller.userType === 'fsp' ? 'fsp' : 'customer';
  const organisation_uuid = user_type === 'fsp' ? ((await findUser(db, caller.userId))?.organisation_uuid ?? null) : null;
  return { user_id: caller.userId, user_type, organisation_uuid, permissions: caller.permissions };
}

export const templateContextOf = ({ caller, correlationId }: TemplateRequest, now: Date): CommandContext => ({ userId: caller.userId, correlationId, causationId: null, now });
