import type { BidGroup } from '../../../domain/bid/views';

/** spec 1 §2: the bids view groups bids into retention, standard, cancelled and anonymous. */
export const bidGroupTitles: Record<BidGroup, string> = {
  retention: 'Retention bids',
  standard: 'Standard bids',
  cancelled: 'Cancelled bids',
  anonymous: 'Anonymous bids',
};
