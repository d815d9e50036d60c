import { z } from 'zod';
import { australianState, postcode, suburb } from '../address/schemas';
import { isLoanToValueAllowed, loanToValueRatio } from '../post/calculations';
import { loanPurposes, loanTypes, postLimits, postMessages, preferredRateTypes, repaymentTypes } from '../post/schemas';
import { bounded, choice, numberField, wholeNumber } from '../shared/fields';
import { maxMessage } from '../shared/messages';
import type { PostRuleFacts } from './rule-fields';

// The loan a visitor of the comparison tool describes (spec 2 §4 "Loan validity in the tool", §3 "Primary home
// loan"), as the interactive-matching evaluation takes it (docs/bid-templates.md "Interactive matching: the
// evaluation"). One schema for the API and the tool's form, so both refuse the same loans with the same words.

/** spec 2 §9: comparison results 20 per page, first page 1. */
export const comparisonPageSize = 20;

const comparisonLoanFields = z.strictObject({
  loan_amount: bounded(postLimits.loanAmount.min, postLimits.loanAmount.max),
  property_market_value: numberField().positive(postMessages.positive).max(postLimits.propertyMarketValue.max, maxMessage(postLimits.propertyMarketValue.max)),
  loan_type: choice(loanTypes),
  loan_purpose: choice(loanPurposes),
  /** Where the property is: location rules test it; a template limited to places offers nothing without it. */
  state: australianState.nullish(),
  postcode: postcode.nullish(),
  suburb: suburb.nullish(),
  /** What the visitor wants, as a post's preferences say it; any when not asked. */
  rate_type: choice(preferredRateTypes).default('any'),
  repayment_type: choice(repaymentTypes).default('any'),
  number_of_applicants: wholeNumber(postLimits.applicants.min, postLimits.applicants.max).default(1),
});

/**
 * spec 2 §4: the market value at least the loan amount divided by 0.9; the wizard's rule and words (spec 2 §5). A value
 * that is not above 0 already has its message.
 */
const lvrAllowed = (loan: { loan_amount: number; property_market_value: number }, ctx: z.RefinementCtx) => {
  if (loan.property_market_value > 0 && !isLoanToValueAllowed(loan.loan_amount, loan.property_market_value)) ctx.addIssue({ code: 'custom', path: ['property_market_value'], message: postMessages.lvrTooHigh });
};

/** The loan, as the tool's form validates it. */
export const comparisonLoanSchema = comparisonLoanFields.superRefine(lvrAllowed);

/** The evaluation's request: the loan and the page of results wanted. */
export const interactiveMatchesRequestSchema = comparisonLoanFields.extend({ page: wholeNumber(1, Number.MAX_SAFE_INTEGER).default(1) }).superRefine(lvrAllowed);
export type InteractiveMatchesRequest = z.output<typeof interactiveMatchesRequestSchema>;

export type ComparisonLoanInput = z.input<typeof comparisonLoanSchema>;
export type ComparisonLoan = z.output<typeof comparisonLoanSchema>;

/**
 * The facts the template rules test, from the visitor's loan, as `postRuleFactsOf` builds them from a post: the LVR
 * unrounded (so the tool and the auction answer a loan alike), the place as given. The tool asks no credit history,
 * so a rule on the credit band turns the loan away (docs/bid-templates.md "Interactive matching: the evaluation").
 */
export function comparisonLoanFactsOf(loan: ComparisonLoan): PostRuleFacts {
  return {
    loan_amount: loan.loan_amount,
    maximum_lvr: loanToValueRatio(loan.loan_amount, loan.property_market_value),
    property_market_value: loan.property_market_value,
    loan_type: loan.loan_type,
    loan_purpose: loan.loan_purpose,
    rate_type: loan.rate_type,
    repayment_type: loan.repayment_type,
    credit_band: null,
    number_of_applicants: loan.number_of_applicants,
    state: loan.state ?? null,
    postcode: loan.postcode ?? null,
    suburb: loan.suburb ?? null,
  };
}
