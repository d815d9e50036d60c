import { comparisonLoanFactsOf, comparisonPageSize, type InteractiveMatchesRequest } from '../../domain/bid-template/comparison-loan';
import { type InteractiveCandidate, type InteractiveMatchesPage, interactiveMatches, pageOfOffers } from '../../domain/bid-template/interactive-offers';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { fileUrl } from '../../infrastructure/files';
import { type InteractiveCandidateRow, interactiveMatchCandidates } from '../../projections/bid-templates/interactive-matching-queries';
import type { WorkflowDependencies } from '../dependencies';
import { rulesOf } from './template-rules';

// The evaluation the comparison tool calls (issue 29 item 6; docs/bid-templates.md "Interactive matching: the
// evaluation"): a visitor's loan → the templates offered to the tool that day whose provider may bid and whose rules
// the loan meets, each with its bid after the conditional rules, ranked and paged. It reads only: nothing is written,
// no bid is placed (accepting an offer is the comparison tool's, a later issue).

const candidateOf = (row: InteractiveCandidateRow): InteractiveCandidate => ({
  template_id: row.uuid,
  rules: rulesOf(row),
  interactive_matching: row.interactive_matching,
  expiration_date: row.interactive_matching_expiration_date,
  // Who may bid by hand may offer: an active provider (application/bids/place-bid.ts).
  provider_active: row.provider_type === 'fsp' && row.provider_status === 'active',
  organisation: { uuid: row.organisation_uuid, name: row.organisation_name, logo: row.organisation_logo_file_id ? fileUrl(row.organisation_logo_file_id) : null },
});

/** The offers for one loan at the moment asked (the clock's), the page asked for; `comparisonPageSize` a page. */
export async function evaluateInteractiveMatches(deps: Pick<WorkflowDependencies, 'db' | 'clock'>, request: InteractiveMatchesRequest): Promise<InteractiveMatchesPage> {
  const today = sydneyDay(deps.clock.now());
  const rows = await interactiveMatchCandidates(deps.db, today);
  const offers = interactiveMatches(rows.map(candidateOf), comparisonLoanFactsOf(request), today);
  return pageOfOffers(offers, request.page, comparisonPageSize);
}
