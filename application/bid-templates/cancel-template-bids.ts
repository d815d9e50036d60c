import { maySeeTemplate } from '../../domain/bid-template/access';
import { bidTemplateErrors, type BidTemplateError } from '../../domain/bid-template/decider';
import { bidErrors } from '../../domain/bid/decider';
import { bidCancellationReason, bidMessages } from '../../domain/bid/schemas';
import { fieldErrorsOf } from '../../domain/post/schemas';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { activeBidsOfTemplate } from '../../projections/bids/queries';
import { cancelBid } from '../bids/cancel-bid';
import type { WorkflowDependencies } from '../dependencies';
import { templateActorOf, type TemplateRequest } from './template-request';

// spec 3 §4 "Cancel active bids", §6, §7 (docs/auto-bidding.md "Cancelling a template's bids"): every bid the
// template placed that is still active on a post in bidding is cancelled with the one reason, each through the
// bid's own cancel workflow (application/bids/cancel-bid.ts), so each passes the same checks as a hand cancellation.

export type CancelTemplateBidsResult =
  | {
      ok: true;
      /** The bids cancelled, oldest first. */
      cancelled: string[];
      /**
       * Active when read, but refused when their turn came (cancelled, accepted or deleted by someone else meanwhile):
       * left as they are, with the refusal's code.
       */
      skipped: { bid_id: string; code: string }[];
      /** The last cancellation's position (null: nothing was cancelled). */
      position: Position | null;
    }
  | { ok: false; error: BidTemplateError };

export const cancelTemplateBidsMessages = { notAllowed: 'You are not allowed to cancel the bids of this bid template.' } as const;

/**
 * spec 1 §6 "fsp … may cancel only own bids": the template's owner with cancel_active_bids, or an admin. A colleague
 * who may change the organisation's templates does not cancel the owner's bids.
 */
const mayCancelBidsOf = (actor: ReturnType<typeof templateActorOf>, template: { owner_id: string }) =>
  actor.user_type === 'admin' || (actor.user_type === 'fsp' && actor.user_id === template.owner_id && actor.permissions.cancel_active_bids);

export async function cancelTemplateBids(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>,
  request: TemplateRequest,
  input: { templateId: string; reason: string },
): Promise<CancelTemplateBidsResult> {
  const reason = bidCancellationReason.safeParse(input.reason);
  if (!reason.success) return { ok: false, error: { code: bidErrors.reasonRequired, message: bidMessages.reasonRequired, errors: fieldErrorsOf(reason, 'reason') } };
  const actor = templateActorOf(request);
  const template = await findBidTemplate(deps.db, input.templateId);
  if (!template || !maySeeTemplate(actor, template)) return { ok: false, error: { code: bidTemplateErrors.notFound, message: 'Bid template not found.' } };
  if (!mayCancelBidsOf(actor, template)) return { ok: false, error: { code: bidTemplateErrors.notAllowed, message: cancelTemplateBidsMessages.notAllowed } };

  const cancelled: string[] = [];
  const skipped: { bid_id: string; code: string }[] = [];
  let position: Position | null = null;
  for (const bidId of await activeBidsOfTemplate(deps.db, template)) {
    const result = await cancelBid(deps, request, { bidId, reason: reason.data });
    if (result.ok) {
      cancelled.push(bidId);
      position = result.position ?? position;
    } else if (result.error.code === bidErrors.notAllowed) {
      // The check above is the bid's own, so this cannot happen unless the rule changes; what was cancelled stays so.
      return { ok: false, error: result.error };
    } else {
      skipped.push({ bid_id: bidId, code: result.error.code });
    }
  }
  return { ok: true, cancelled, skipped, position };
}
