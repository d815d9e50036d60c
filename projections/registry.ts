import { dealOpenerReactor } from './deals/deal-opener';
import { dealsProjection } from './deals/deals';
import { bidExpiryReactor } from './bids/bid-expiry';
import { bidsProjection } from './bids/bids';
import { type IdentityMailContext, identityMailProjection } from './identity-mail/identity-mail';
import { organisationsProjection } from './organisations/organisations';
import { productsProjection } from './financial-institution-products/products';
import { postsProjection } from './posts/posts';
import { scheduledTransitionsProjection } from './scheduler/scheduled-transitions';
import type { Consumer } from './projection';
import { questionsProjection } from './questions/questions';
import { bidTemplatesProjection } from './bid-templates/bid-templates';
import { documentTypesProjection } from './document-types/document-types';
import { campaignsProjection } from './campaigns/campaigns';
import { leadsProjection } from './leads/leads';
import { membersProjection } from './members/members';
import { usersProjection } from './users/users';
import { messagesProjection } from './messages/messages';
import { reviewsProjection } from './reviews/reviews';
import { postNotesProjection } from './post-notes/post-notes';
import { updateRequestMailProjection } from './update-request-mail/update-request-mail';
import { tradeMailProjection } from './trade-mail/trade-mail';
import { autoBiddingMailProjection } from './bid-templates/auto-bidding-mail';
import { autoBiddingSimulationsProjection } from './auto-bidding-simulations/auto-bidding-simulations';
import { simulationMailProjection } from './auto-bidding-simulations/simulation-mail';
import { statisticsProjection } from './statistics/statistics';
import { subscribersProjection } from './subscribers/subscribers';
import { externalDealsProjection } from './external-deals/external-deals';
import { externalDealOpenerReactor } from './external-deals/external-deal-opener';

/** What the consumers need from the running product: the mails' link base and the key that signs their codes. */
export type ConsumerContext = IdentityMailContext;

/**
 * Every projection and reactor of this layer, in the runner's order. The product's full list, with the reactors that run
 * application workflows (the auto-bidder), is `consumersFor` in application/consumers.ts.
 */
export function projectionConsumersFor(context: ConsumerContext): readonly Consumer[] {
  return [organisationsProjection, productsProjection, usersProjection, questionsProjection, identityMailProjection(context), postsProjection, dealOpenerReactor, dealsProjection, scheduledTransitionsProjection, bidsProjection, bidExpiryReactor, tradeMailProjection(context), postNotesProjection, updateRequestMailProjection(context), statisticsProjection, subscribersProjection, reviewsProjection, externalDealsProjection, externalDealOpenerReactor, messagesProjection(context), bidTemplatesProjection, autoBiddingMailProjection(context), autoBiddingSimulationsProjection, simulationMailProjection(context), campaignsProjection, leadsProjection, membersProjection, documentTypesProjection];
}

/**
 * The consumers a process runs (PROJECTIONS, docs/operations.md "Process roles"): every one, or those named. An
 * unknown name is refused with the list of known ones, so a typo does not leave a projection without a worker.
 */
export function selectConsumers(consumers: readonly Consumer[], names: 'all' | readonly string[]): readonly Consumer[] {
  if (names === 'all') return consumers;
  const known = new Set(consumers.map((c) => c.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`Invalid configuration:\n  PROJECTIONS: unknown ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
  return consumers.filter((c) => names.includes(c.name));
}
