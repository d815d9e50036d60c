import type { BidActor, PostFacts, ProviderFacts } from '../../domain/bid/commands';
import { loanToValueRatio } from '../../domain/post/calculations';
import type { PostState } from '../../domain/post/decider';
import { standingOf, type StandingAsk } from '../../domain/post/lifecycle';
import type { PostSortKey } from '../../domain/post/schemas';
import { findProduct } from '../../domain/product/products';
import { effectivePermissions, type PermissionMap } from '../../domain/user/permissions';
import type { UserType } from '../../domain/user/schemas';
import type { EventMetadata } from '../../infrastructure/event-store/event-store';
import type { OfferFacts } from '../../domain/financial-institution-product/offer';
import { z } from 'zod';
import { leadingBidOf } from '../../projections/bids/queries';
import { offerFactsOf } from '../../projections/financial-institution-products/queries';
import { findOrganisation } from '../../projections/organisations/queries';
import { findUser } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';

// What the bid workflows decide against (docs/bids.md): the post's facts, the provider's, and who asks.

/** A post that exists (any status but absent). */
export type OpenPost = Exclude<PostState, { status: 'absent' }>;

/** Who asks a bid workflow, as the API authenticated them, and the request's id the events carry as their correlation. */
export type BidRequest = {
  caller: { userId: string; userType: UserType; permissions: PermissionMap };
  correlationId: string;
  /** The event that caused the request when no person asked (the auto-bidder's trigger); absent for a person's. */
  causationId?: string;
};

export const productNameOf = (post: OpenPost) => findProduct(post.post.product_id)?.name ?? 'post';
export const sortKeyOf = (post: OpenPost): PostSortKey => post.post.sort_by ?? 'comparison_rate';

export const bidActorOf = ({ caller }: BidRequest): BidActor => ({
  user_id: caller.userId,
  user_type: caller.userType === 'admin' ? 'admin' : caller.userType === 'fsp' ? 'fsp' : 'customer',
  permissions: caller.permissions,
});

/** The metadata of the events a bid request appends: a person's has no causing event, the auto-bidder's its trigger. */
export const bidEventMetadata = ({ caller, correlationId, causationId }: BidRequest, now: Date): EventMetadata => ({
  user_id: caller.userId,
  correlation_id: correlationId,
  causation_id: causationId ?? null,
  occurred_at: now.toISOString(),
});

/** The post's side of a bid decision, with the comparison rate the bid must beat (null: no bid leads). */
export function postFactsOf(post: OpenPost, leadingComparisonRate: number | null): PostFacts {
  const loan = post.post.home_loan;
  return {
    post_id: post.post.post_id,
    product: productNameOf(post),
    status: post.status,
    lvr: loan?.loan_amount && loan.property_market_value ? loanToValueRatio(loan.loan_amount, loan.property_market_value) : 0,
    loan_type: loan?.loan_type ?? 'new_loan',
    loan_amount: loan?.loan_amount ?? 0,
    current_interest_rate: loan?.interest_rate ?? null,
    split_requested: post.post.preferences?.rate_type === 'split',
    leading_comparison_rate: leadingComparisonRate,
    current_lender_organisation_uuid: loan?.organisation_uuid ?? null,
  };
}

/**
 * The post as an edit of `bid` is decided against it; the leading bid leaves out the bid being edited. While the
 * post takes bids the leader comes from the post's own record of its bids, as for a new bid (exact at the revision
 * read); after that, and for posts with bids from before the post kept rates, from the bids read model.
 */
export async function postFactsForEdit(db: WorkflowDependencies['db'], post: OpenPost, bid: StandingAsk): Promise<PostFacts> {
  const standing = post.status === 'active' ? standingOf(post, bid, bid.bid_id) : null;
  if (standing) return postFactsOf(post, standing[sortKeyOf(post)].leadingComparisonRate);
  const leading = await leadingBidOf(db, post.post.post_id, sortKeyOf(post), bid.bid_id);
  return postFactsOf(post, leading?.comparison_rate ?? null);
}

/** An active provider of an organisation, with its permissions (`permissions` given: the caller's own); else null. */
export async function providerById(db: WorkflowDependencies['db'], userId: string, permissions: PermissionMap | null): Promise<ProviderFacts | null> {
  const user = await findUser(db, userId);
  if (!user || user.user_type !== 'fsp' || user.status !== 'active' || !user.organisation_uuid) return null;
  const organisation = await findOrganisation(db, user.organisation_uuid);
  return {
    user_id: user.uuid,
    organisation_uuid: user.organisation_uuid,
    organisation_type: organisation?.organisation_type ?? 'broker',
    permissions: permissions ?? effectivePermissions('fsp', user.permissions),
  };
}

/**
 * The facts of the product a bid or template form names (docs/products.md), for its decider; null when it names
 * none, or none that exists. The form is not checked yet: anything but a uuid is left to the decider's schema.
 */
export async function chosenProductFacts(db: WorkflowDependencies['db'], form: { financial_institution_product?: unknown }): Promise<OfferFacts | null> {
  const chosen = z.uuid().safeParse(form.financial_institution_product);
  return chosen.success ? offerFactsOf(db, chosen.data) : null;
}
