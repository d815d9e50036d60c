import { creditBandOf, loanToValueRatio } from '../post/calculations';
import type { PostContent } from '../post/completeness';
import type { PostRuleFacts } from './rule-fields';

/**
 * The facts of a post the template rules test (docs/auto-bidding.md "The auto-bidder"), from the post as its stream
 * folds it; null for a post without its home loan or preferences (it cannot have been published). The place is the
 * property's address, or the customer's when the property is not known yet; the credit band is the applicants'
 * worst (domain/post/calculations.ts).
 */
export function postRuleFactsOf(post: PostContent): PostRuleFacts | null {
  const loan = post.home_loan;
  const preferences = post.preferences;
  if (!loan || !preferences || loan.loan_amount === null || loan.property_market_value === null) return null;
  const place = loan.property_address ?? loan.user_address;
  return {
    loan_amount: loan.loan_amount,
    maximum_lvr: loanToValueRatio(loan.loan_amount, loan.property_market_value),
    property_market_value: loan.property_market_value,
    loan_type: loan.loan_type ?? '',
    loan_purpose: loan.loan_purpose ?? '',
    rate_type: preferences.rate_type,
    repayment_type: preferences.repayment_type,
    credit_band: creditBandOf(post.applicants.map((applicant) => applicant.credit_history))?.band_key ?? null,
    number_of_applicants: loan.number_of_applicants ?? post.applicants.length,
    state: place?.state ?? null,
    postcode: place?.postcode ?? null,
    suburb: place?.suburb ?? null,
  };
}
