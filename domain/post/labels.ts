import type { CreditHistory, CurrentRateType, featurePreferences, LoanPurpose, LoanType, PreferenceValue, PreferredRateType, RepaymentType } from './schemas';

// The words the screens show for a post's values (post page, dashboards, deal cards, the wizard's choices). The
// wizard asks the loan type and purpose as questions and keeps its own words for those two.
export const loanTypeLabels: Record<LoanType, string> = { refinance: 'Refinance', new_loan: 'New loan' };
export const loanPurposeLabels: Record<LoanPurpose, string> = { owner: 'Owner occupied', investment: 'Investment' };
export const currentRateTypeLabels: Record<CurrentRateType, string> = { fixed: 'Fixed', variable: 'Variable', split: 'Split' };
export const preferredRateTypeLabels: Record<PreferredRateType, string> = { any: 'Any', fixed: 'Fixed', variable: 'Variable', split: 'Split' };
export const repaymentTypeLabels: Record<RepaymentType, string> = {
  any: 'Any',
  principal_and_interest: 'Principal and interest',
  interest_only: 'Interest only',
};
export const preferenceValueLabels: Record<PreferenceValue, string> = { yes: 'Must have', optional: 'Nice to have', no: "Don't want" };
export const featureLabels: Record<(typeof featurePreferences)[number], string> = {
  redraw_facility: 'Redraw facility',
  extra_repayments: 'Extra repayments',
  line_of_credit: 'Line of credit',
  offset_account: 'Offset account',
  online_service: 'Online service',
  home_or_office_visit: 'Home or office visit',
  weekend_or_after_hours: 'Weekend or after-hours service',
  lender_near_me: 'A lender near me',
};
export const creditHistoryLabels: Record<CreditHistory, string> = { excellent: 'Excellent', average: 'Average', fair: 'Fair', poor: 'Poor' };
