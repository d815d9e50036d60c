import type { AutoBiddingStatus } from '../../../domain/bid-template/schemas';

// How the template screens name a template's states (spec 3 §4 "Auto-bidding": the values seen).

export const autoBiddingLabels: Record<AutoBiddingStatus, string> = {
  pending: 'Not set up',
  active: 'Active',
  inactive: 'Inactive',
  deactivated: 'Deactivated',
};
/**
 * The statuses in the domain's order, read from the labels (which the type keeps complete): the list's address is
 * checked before its page loads, and importing the domain's schemas there would put them on every first page.
 */
export const autoBiddingStatusList = Object.keys(autoBiddingLabels) as AutoBiddingStatus[];
export const autoBiddingColours: Record<AutoBiddingStatus, string> = { pending: 'gray', active: 'teal', inactive: 'yellow', deactivated: 'red' };
