import { dealOpenerReactor } from './deals/deal-opener';
import { dealsProjection } from './deals/deals';
import { bidExpiryReactor } from './bids/bid-expiry';
import { bidsProjection } from './bids/bids';
import { type IdentityMailContext, identityMailProjection } from './identity-mail/identity-mail';
import { organisationsProjection } from './organisations/organisations';
import { postsProjection } from './posts/posts';
import { scheduledTransitionsProjection } from './scheduler/scheduled-transitions';
import type { Consumer } from './projection';
import { questionsProjection } from './questions/questions';
import { usersProjection } from './users/users';

/** What the consumers need from the running product: the mails' link base and the key that signs their codes. */
export type ConsumerContext = IdentityMailContext;

/** Every projection and reactor the runner keeps up to date. */
export function consumersFor(context: ConsumerContext): readonly Consumer[] {
  return [organisationsProjection, usersProjection, questionsProjection, identityMailProjection(context), postsProjection, dealOpenerReactor, dealsProjection, scheduledTransitionsProjection, bidsProjection, bidExpiryReactor];
}
