import type { BidView } from '../../../contracts/bid';
import { bidTypeLabels } from '../../components/bid-form/bid-labels';

/**
 * How the bid screens name a bid: the product it offers as the provider named it, else the lender's product it
 * offers, else its type ('Normal bid'); never its id.
 */
export const bidNameOf = (bid: Pick<BidView, 'bid_type' | 'home_loan_bid' | 'financial_institution_product'>): string =>
  bid.home_loan_bid.product_name ?? bid.financial_institution_product?.product_name ?? `${bidTypeLabels[bid.bid_type]} bid`;
