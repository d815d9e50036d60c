import { describe, expect, it } from 'vitest';
import { comparisonLoanFactsOf, comparisonLoanSchema, interactiveMatchesRequestSchema } from './comparison-loan';

// The comparison tool's loan (spec 2 §4 "Loan validity in the tool"; docs/bid-templates.md "Interactive matching:
// the evaluation").

const loan = { loan_amount: 200_000, property_market_value: 250_000, loan_type: 'refinance', loan_purpose: 'owner' } as const;
const errorsOf = (input: unknown) => {
  const parsed = interactiveMatchesRequestSchema.safeParse(input);
  return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the comparison loan', () => {
  it('takes the spec’s defaults for what the tool does not ask, and page 1', () => {
    expect(interactiveMatchesRequestSchema.parse(loan)).toEqual({ ...loan, rate_type: 'any', repayment_type: 'any', number_of_applicants: 1, page: 1 });
    expect(comparisonLoanSchema.parse(loan)).not.toHaveProperty('page');
  });

  it('needs the loan type, amount, purpose and market value (spec 2 §4)', () => {
    expect(errorsOf({})).toEqual({
      loan_amount: 'This field is required',
      property_market_value: 'This field is required',
      loan_type: 'This field is required',
      loan_purpose: 'This field is required',
    });
  });

  it('refuses a market value below the loan amount divided by 0.9, with the wizard’s words; 90% exactly passes', () => {
    expect(errorsOf({ ...loan, loan_amount: 540_000, property_market_value: 600_000 })).toBeNull();
    expect(errorsOf({ ...loan, loan_amount: 540_001, property_market_value: 600_000 })).toEqual({ property_market_value: 'The loan can be at most 90% of the property value' });
  });

  it('keeps the bounds of a post: the amount, the value, the place, the page', () => {
    expect(errorsOf({ ...loan, loan_amount: 199_999 })).toEqual({ loan_amount: 'Min value is 200,000' });
    expect(errorsOf({ ...loan, property_market_value: 0 })).toEqual({ property_market_value: 'Should be more than 0' });
    expect(errorsOf({ ...loan, loan_type: 'build' })).toEqual({ loan_type: 'Choose one of the listed values' });
    expect(errorsOf({ ...loan, state: 'XX', postcode: '20' })).toEqual({ state: 'Choose a state', postcode: 'Should be 4 digits' });
    expect(errorsOf({ ...loan, page: 0 })).toEqual({ page: 'Min value is 1' });
    expect(errorsOf({ ...loan, page: 1.5 })).toEqual({ page: 'Should be a whole number' });
    expect(errorsOf({ ...loan, email: 'a@b.c' })).toMatchObject({ '': expect.any(String) });
  });

  it('gives the rules the facts a post would: the unrounded LVR, no credit band, the place as given', () => {
    const facts = comparisonLoanFactsOf(comparisonLoanSchema.parse({ ...loan, loan_amount: 201_000, state: 'NSW', postcode: '2000' }));
    expect(facts).toEqual({
      loan_amount: 201_000,
      maximum_lvr: 80.4,
      property_market_value: 250_000,
      loan_type: 'refinance',
      loan_purpose: 'owner',
      rate_type: 'any',
      repayment_type: 'any',
      credit_band: null,
      number_of_applicants: 1,
      state: 'NSW',
      postcode: '2000',
      suburb: null,
    });
  });
});
