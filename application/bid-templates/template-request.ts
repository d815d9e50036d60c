import type { TemplateActor } from '../../domain/bid-template/commands';
import type { CommandContext } from '../../infrastructure/command-handler';
import type { BidRequest } from '../bids/bid-facts';

// Who asks a template workflow: the caller as authenticated, with the organisation a provider belongs to, which
// decides whose templates it sees and changes (spec 3 §6).

export type TemplateRequest = { caller: BidRequest['caller'] & { organisationUuid: string | null }; correlationId: string };

export function templateActorOf({ caller }: TemplateRequest): TemplateActor {
  const user_type = caller.userType === 'admin' ? 'admin' : caller.userType === 'fsp' ? 'fsp' : 'customer';
  return { user_id: caller.userId, user_type, organisation_uuid: user_type === 'fsp' ? caller.organisationUuid : null, permissions: caller.permissions };
}

export const templateContextOf = ({ caller, correlationId }: TemplateRequest, now: Date): CommandContext => ({ userId: caller.userId, correlationId, causationId: null, now });
