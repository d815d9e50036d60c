import type { BidGroup } from '../../../contracts/bid';

/** spec 1 §2: the bids view groups bids into retention, standard, cancelled and anonymous. */
export const bidGroupTitles: Record<BidGroup, string> = {
  retention: 'Retention bids',
  standard: 'Standard bids',
  cancelled: 'Cancelled bids',
  anonymous: 'Anonymous bids',
};

/**
 * The same groups as the customer reads them (issue 24: "Standard bids" was back-office talk): a retention bid comes
 * from the customer's current lender; an anonymous bid hides its lender from other lenders, not from the customer.
 */
export const customerBidGroupTitles: Record<BidGroup, string> = {
  retention: 'Offers from your current lender',
  standard: 'Bids',
  cancelled: 'Withdrawn bids',
  anonymous: 'Anonymous bids (the lender is named to you only)',
};
