import { isOpenDealStatus } from '../../../domain/bid/schemas';
import type { DealView } from '../../../contracts/deal';

// What a user may do with a deal's bid on the deal page (spec 1 §2 "Deal detail: … update bid"). The server checks
// again (domain/bid/decider.ts EditBid); this only decides whether the button is offered.

/**
 * "Update bid": the bid's own provider or an admin, while the deal is open (its bid accepted, contacted, applied or
 * on hold; never once closed won or lost, nor a cancelled bid). An external deal's bid has no terms (null): nothing.
 */
export function mayUpdateDealBid(deal: Pick<DealView, 'bid' | 'provider'>, user: { uuid: string; user_type: string }): boolean {
  if (!deal.bid || !isOpenDealStatus(deal.bid.status)) return false;
  return user.user_type === 'admin' || (user.user_type === 'fsp' && user.uuid === deal.provider.uuid);
}
