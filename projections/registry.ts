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
import { statisticsProjection } from './statistics/statistics';
import { subscribersProjection } from './subscribers/subscribers';
import { externalDealsProjection } from './external-deals/external-deals';
import { externalDealOpenerReactor } from './external-deals/external-deal-opener';
import { autoBidderReactor, type AutoBidOutcome } from './bid-templates/auto-bidder';

/** What the consumers need from the running product: the mails' link base and the key that signs their codes. */
export type ConsumerContext = IdentityMailContext;

/** Every projection and reactor the runner keeps up to date. */
export function consumersFor(context: ConsumerContext): readonly Consumer[] {
  return [organisationsProjection, productsProjection, usersProjection, questionsProjection, identityMailProjection(context), postsProjection, dealOpenerReactor, dealsProjection, scheduledTransitionsProjection, bidsProjection, bidExpiryReactor, tradeMailProjection(context), postNotesProjection, updateRequestMailProjection(context), statisticsProjection, subscribersProjection, reviewsProjection, externalDealsProjection, externalDealOpenerReactor, messagesProjection(context), bidTemplatesProjection, autoBidderReactor({ report: logRefusal }), autoBiddingMailProjection(context), campaignsProjection, leadsProjection, membersProjection, documentTypesProjection];
}

/** The auto-bidder's refusals (a bidding limit reached, a post no longer open) and stops: one JSON line each on stderr. */
function logRefusal(outcome: AutoBidOutcome): void {
  if (outcome.outcome === 'stopped') process.stderr.write(`${JSON.stringify({ msg: 'auto-bidding stopped', ...outcome })}\n`);
  if (outcome.outcome === 'refused') process.stderr.write(`${JSON.stringify({ msg: 'auto-bid refused', ...outcome })}\n`);
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
