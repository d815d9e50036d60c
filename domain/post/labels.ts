import type { LoanPurpose, LoanType } from './schemas';

// The words the screens show for a post's loan values (dashboards, deal cards).
export const loanTypeLabels: Record<LoanType, string> = { refinance: 'Refinance', new_loan: 'New loan' };
export const loanPurposeLabels: Record<LoanPurpose, string> = { owner: 'Owner occupied', investment: 'Investment' };
