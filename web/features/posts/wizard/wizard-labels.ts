import type { ExpensePeriod, ExpenseType, IncomePeriod, IncomeType, LoanPurpose, LoanType } from '../../../../domain/post/schemas';
import { organisationCategoryLabels } from '../../../../domain/organisation/schemas';

export {
  creditHistoryLabels,
  currentRateTypeLabels,
  featureLabels,
  preferenceValueLabels,
  preferredRateTypeLabels,
  repaymentTypeLabels,
} from '../../../../domain/post/labels';

// The words the wizard shows for the post's values (spec 2 §3 names the values; the words are ours, en-AU).

export const loanTypeLabels: Record<LoanType, string> = { refinance: 'Refinance my current loan', new_loan: 'A new loan to buy a property' };
export const loanPurposeLabels: Record<LoanPurpose, string> = { owner: 'A home I live in', investment: 'An investment property' };
/** The lender types a customer prefers are the organisations' categories. */
export const lenderTypeLabels = organisationCategoryLabels;

export const incomeTypeLabels: Record<IncomeType, string> = {
  employment_income: 'Employment',
  self_employed: 'Self-employed',
  dividends: 'Dividends',
  interest: 'Interest',
  rental_income: 'Rental income',
  superannuation: 'Superannuation',
  centrelink: 'Centrelink',
  other: 'Other',
};
export const incomeCategoryLabels: Record<string, string> = {
  payg: 'PAYG (salary or wages)',
  casual: 'Casual',
  contract: 'Contract',
  allocated_pension: 'Allocated pension',
  superannuation_drawdown: 'Superannuation drawdown',
  disability_pension: 'Disability pension',
  aged_pension: 'Aged pension',
  foreign_pension: 'Foreign pension',
  other: 'Other',
};
export const incomeTaxLabels = { before_tax: 'Before tax', after_tax: 'After tax' } as const;
export const incomeFrequencyLabels = { regular: 'Regular', occasional: 'Occasional' } as const;
export const incomePeriodLabels: Record<IncomePeriod, string> = {
  weekly_income_period: 'Weekly',
  fortnightly_income_period: 'Fortnightly',
  monthly_income_period: 'Monthly',
  yearly_income_period: 'Yearly',
};
export const expensePeriodLabels: Record<ExpensePeriod, string> = {
  weekly_expenses_period: 'Weekly',
  fortnightly_expenses_period: 'Fortnightly',
  monthly_expenses_period: 'Monthly',
};

/** The sections of step 6, in the order shown, with what each asks about. */
export const expenseSections: readonly { type: ExpenseType; title: string; hint: string; add: string }[] = [
  { type: 'general', title: 'Living expenses', hint: 'Food, bills, transport, insurance… Every applicant must be covered.', add: 'Add living expenses' },
  { type: 'credit_card_limits', title: 'Credit cards', hint: 'The total limit of your cards and what you owe on them now.', add: 'Add credit cards' },
  { type: 'other_home_loan', title: 'Other home loans', hint: 'Home loans on other properties.', add: 'Add a home loan' },
  { type: 'personal_or_car_loan', title: 'Personal and car loans', hint: 'What you owe and your repayments.', add: 'Add a loan' },
  { type: 'rent', title: 'Rent', hint: 'The rent you pay now.', add: 'Add rent' },
  { type: 'others', title: 'Other expenses', hint: 'Child support, school fees and other regular costs.', add: 'Add an expense' },
];

/** Options for a Mantine Select or SegmentedControl from a label map. */
export const optionsOf = <K extends string>(labels: Record<K, string>) => (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
