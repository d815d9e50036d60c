import type { BidWarningCode } from '../../domain/bid/rules';
import { bidErrors } from '../../domain/bid/decider';
import type { BidForm } from '../../domain/bid/schemas';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { loadState } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';
import { type BidRequest, chosenProductFacts, postFactsForEdit, providerById } from './bid-facts';
import { runPostThenBid } from './post-then-bid';
import { withDocumentIds } from '../document-ids';

/** The bid as the read model has it, and its whole new form (the form is decided again against the post as it is now). */
export type EditBidInput = {
  /** `form`: the bid's form as saved, whose documents keep their uuids. */
  bid: { bid_id: string; post_id: string; provider_id: string; placed_at: string; form: BidForm };
  form: BidForm;
  confirmedWarnings: BidWarningCode[];
};

/**
 * Edits a bid (docs/bids.md "Editing a bid"), its documents too: the same form rules, LVR block and warnings as
 * placing, with the provider's permissions as the provider holds them now (the caller's own when it is the
 * provider). New rates are recorded on the post stream too (`ChangeBidRates`), so the post ranks the next bid against
 * them; an edit that keeps the rates touches the bid's stream only.
 */
export async function editBid(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, request: BidRequest, { bid, form: sent, confirmedWarnings }: EditBidInput) {
  const { caller } = request;
  const form = withDocumentIds(sent, bid.form, deps.ids);
  const post = await loadState(deps.store, postStream(bid.post_id), postDecider);
  if (post.state.status === 'absent') return { ok: false as const, error: { code: bidErrors.notFound, message: 'Bid not found.' } };
  if (caller.userType === 'fsp' && caller.userId !== bid.provider_id) return { ok: false as const, error: { code: bidErrors.notAllowed, message: 'Only the provider of this bid can change it.' } };
  const provider = await providerById(deps.db, bid.provider_id, caller.userType === 'fsp' ? caller.permissions : null);
  if (!provider) return { ok: false as const, error: { code: bidErrors.notEditable, message: 'The provider of this bid can no longer bid.' } };
  const ask = { bid_id: bid.bid_id, interest_rate: form.interest_rate, comparison_rate: form.comparison_rate, placed_at: bid.placed_at };
  const [facts, product] = await Promise.all([
    postFactsForEdit(deps.db, post.state, ask),
    chosenProductFacts(deps.db, form),
  ]);
  const { interest_rate, comparison_rate } = form;
  return runPostThenBid(deps, request, bid.bid_id, { type: 'EditBid', data: { bid_id: bid.bid_id, post: facts, provider, bid: form, confirmed_warnings: confirmedWarnings, product } }, (held) =>
    held.form.interest_rate === interest_rate && held.form.comparison_rate === comparison_rate
      ? null
      : { type: 'ChangeBidRates', data: { post_id: held.post_id, bid_id: bid.bid_id, interest_rate, comparison_rate } },
  );
}
