import type { BidView } from '../../../contracts/bid';
import { bidTypeLabels } from '../../components/bid-form/bid-labels';

/** How the bid screens name a bid: the product it offers, else its type ('Normal bid'); never its id. */
export const bidNameOf = (bid: Pick<BidView, 'bid_type' | 'home_loan_bid'>): string => bid.home_loan_bid.product_name ?? `${bidTypeLabels[bid.bid_type]} bid`;
