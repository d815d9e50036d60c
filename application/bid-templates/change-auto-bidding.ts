import { autoBiddingReviewPeriod, type AutoBiddingScope } from '../../domain/bid-template/auto-bidding';
import { bidTemplateErrors } from '../../domain/bid-template/decider';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { readSettings } from '../../infrastructure/system-settings';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { providerById } from '../bids/bid-facts';
import type { WorkflowDependencies } from '../dependencies';
import { changeBidTemplate, type ChangeBidTemplateResult } from './change-bid-template';
import { templateActorOf, type TemplateRequest } from './template-request';

// spec 3 §4 "Auto-bidding" (docs/auto-bidding.md): tick a template's auto-bidding on or off. The
// validity is the system configuration's auto_bidding_validity_days; the review period goes up to the provider's
// max_auto_bidding_review_period.

export type AutoBiddingRequest = { templateId: string; autoBidding: boolean; scope?: AutoBiddingScope | null | undefined; reviewPeriod?: number | null | undefined; expectedRevision?: number | null | undefined };

/**
 * spec 3 §3 "Provider limits": a provider's max_auto_bidding_review_period (default 14; 14 for others). No profile
 * sets its own yet, so every provider has the default; this is the one place that answers it.
 */
export const maxAutoBiddingReviewPeriodOf = (_providerId: string): number => autoBiddingReviewPeriod.defaultMax;

export async function changeAutoBidding(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, request: TemplateRequest, change: AutoBiddingRequest): Promise<ChangeBidTemplateResult> {
  const row = await findBidTemplate(deps.db, change.templateId);
  if (row && maySeeTemplate(templateActorOf(request), row) && change.autoBidding && !(await providerById(deps.db, row.owner_id, null))) {
    // A template bids as its provider: one who can no longer bid (suspended, deleted) cannot start auto-bidding.
    return { ok: false, error: { code: bidTemplateErrors.notAllowed, message: 'The provider of this bid template can no longer bid.' } };
  }
  const settings = await readSettings(deps.store);
  return changeBidTemplate(deps, request, {
    type: 'ChangeAutoBidding',
    data: {
      template_id: change.templateId,
      auto_bidding: change.autoBidding,
      scope: change.scope ?? null,
      review_period: change.reviewPeriod ?? null,
      valid_for_days: settings.auto_bidding_validity_days,
      max_review_period: maxAutoBiddingReviewPeriodOf(row?.owner_id ?? ''),
      expected_revision: change.expectedRevision ?? null,
    },
  });
}
