import type { BidFormInput } from './schemas';

/**
 * Terms the refinance post of the tests and benches takes (domain/post/test-fixtures.ts `refinanceLoan`, LVR 75%):
 * 5.50% (comparison 5.60%) variable, maximum LVR 80%. The organisation is the bidder's.
 */
export const refinanceBidTerms = {
  bid_type: 'normal',
  interest_rate: 5.5,
  comparison_rate: 5.6,
  rate_type: 'variable',
  type_of_loan: 'full_service_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 80,
  offset: true,
  redraw: true,
  required_documents: [{ document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true }],
} as const satisfies Omit<BidFormInput, 'organisation_uuid'>;
