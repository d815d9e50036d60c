import type { BidTemplateView } from '../../../contracts/bid-template';
import { autoBiddingReviewPeriod, type AutoBiddingScope, defaultAutoBiddingScope } from '../../../domain/bid-template/auto-bidding';
import type { Session } from '../../lib/session';
import type { AutoBiddingChoice } from './api/change-auto-bidding';

// The auto-bidding form's values (spec 3 §4 "Auto-bidding"): where they start, whether they were touched, and what
// the call sends. The list's dialog and the review step share them (components/auto-bidding-fields.tsx).

export type AutoBiddingValue = { on: boolean; scope: AutoBiddingScope; reviewPeriod: number };
export type AutoBiddingTemplate = Pick<BidTemplateView, 'auto_bidding' | 'valid_for' | 'expiry_on' | 'auto_bidding_scope' | 'auto_bidding_review_period'>;

/** spec 3 §4: 1 to the provider's max_auto_bidding_review_period (default 14), and 14 for others. */
export const maxReviewPeriodOf = (session: Session): number => session.user.fsp?.max_auto_bidding_review_period ?? autoBiddingReviewPeriod.defaultMax;

export const initialAutoBiddingValue = (template: AutoBiddingTemplate, maxReviewPeriod: number): AutoBiddingValue => ({
  on: template.auto_bidding === 'active',
  scope: template.auto_bidding_scope ?? defaultAutoBiddingScope,
  reviewPeriod: Math.min(template.auto_bidding_review_period ?? maxReviewPeriod, maxReviewPeriod),
});

/** spec 3 §4 step 5: an untouched form saves nothing. */
export const autoBiddingTouched = (template: AutoBiddingTemplate, value: AutoBiddingValue, maxReviewPeriod: number): boolean => {
  const initial = initialAutoBiddingValue(template, maxReviewPeriod);
  return value.on !== initial.on || (value.on && (value.reviewPeriod !== initial.reviewPeriod || value.scope !== initial.scope));
};

/** What the call sends: the execution option only on a first activation, the review period only when ticking on. */
export const autoBiddingChoiceOf = (template: AutoBiddingTemplate, value: AutoBiddingValue): AutoBiddingChoice => ({
  autoBidding: value.on,
  scope: value.on && template.auto_bidding === 'pending' ? value.scope : null,
  reviewPeriod: value.on ? value.reviewPeriod : null,
});

