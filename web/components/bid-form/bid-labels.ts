import type { applicationFeeTypes, BidType, bidRateTypes, bidRepaymentTypes, ongoingFeesPeriods, typesOfLoan } from '../../../domain/bid/schemas';

// How the bid screens name the bid form's options (spec 3 §3 "Bid form options").

export const bidTypeLabels: Record<BidType, string> = { normal: 'Normal', anonymous: 'Anonymous', retention: 'Retention' };
export const bidRateTypeLabels: Record<(typeof bidRateTypes)[number], string> = { variable: 'Variable', fixed: 'Fixed' };
export const bidRepaymentTypeLabels: Record<(typeof bidRepaymentTypes)[number], string> = {
  principal_and_interest: 'Principal and interest',
  interest_only: 'Interest only',
};
export const typeOfLoanLabels: Record<(typeof typesOfLoan)[number], string> = {
  full_service_loan: 'Full service loan',
  basic_loan: 'Basic loan',
  line_of_credit: 'Line of credit',
};
export const applicationFeeTypeLabels: Record<(typeof applicationFeeTypes)[number], string> = { $: '$', '%': '%' };
export const ongoingFeesPeriodLabels: Record<(typeof ongoingFeesPeriods)[number], string> = { per_annum: 'per annum', per_month: 'per month' };

export { loanPurposeLabels, loanTypeLabels } from '../../../domain/post/labels';

/** The bid's yes/no options, as the form asks them and the bid's terms list them (spec 3 §3). */
export const bidFeatureLabels = {
  offset: 'Offset account',
  redraw: 'Redraw facility',
  extra_repayments: 'Extra repayments',
  split_loan_facility: 'Split loan facility',
  packaged: 'Packaged',
  discretionary_rate: 'Discretionary rate',
  introductory_rate: 'Introductory rate',
} as const;
