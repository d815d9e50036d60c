import { describe, expect, it } from 'vitest';
import { bidFields } from '../../../domain/bid/schemas';
import { externalLoanSchema } from '../../../domain/external-deal/schemas';
import { expenseSchema, homeLoanChangesSchema, preferencesChangesSchema } from '../../../domain/post/schemas';
import { dependantCounts, dependantLabel, interestOnlyYearOptions, postHints } from './post-hints';

// The hints are made from the limits; these read the numbers back out of the words a customer sees and check that
// the schemas the API answers with draw the line at exactly those numbers.

/** '$200,000' → 200000, '1.50%' → 1.5, in the order they stand in the text. */
const numbersIn = (text: string) => [...text.matchAll(/\$?([\d,]+(?:\.\d+)?)%?/g)].map((match) => Number(match[1]!.replace(/,/g, '')));
const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('the post screens’ hints', () => {
  it('read as before', () => {
    expect(postHints.loanAmount).toBe('From $200,000 to $15,000,000');
    expect(postHints.loanAmountSentence).toBe('Between $200,000 and $15,000,000.');
    expect(postHints.interestRate).toBe('From 1.50% to 15.00%');
    expect(postHints.generalExpenseMonthly).toBe('From $50 to $100,000 a month');
    expect(interestOnlyYearOptions.map((option) => option.label)).toEqual(['1 year', '2 years', '3 years', '4 years', '5 years or more']);
    expect(dependantCounts.map(dependantLabel)).toEqual(['0', '1', '2', '3 or more']);
  });

  it('give the loan amount every schema takes: the post’s, a bid’s and an external deal’s', () => {
    const [min, max] = numbersIn(postHints.loanAmount) as [number, number];
    expect(numbersIn(postHints.loanAmountSentence)).toEqual([min, max]);
    const loanAmount = homeLoanChangesSchema.shape.loan_amount;
    const bidAmount = bidFields.shape.amount;
    const externalAmount = externalLoanSchema.shape.loan_amount;
    for (const schema of [loanAmount, bidAmount, externalAmount]) {
      expect([accepts(schema, min - 1), accepts(schema, min), accepts(schema, max), accepts(schema, max + 1)]).toEqual([false, true, true, false]);
    }
  });

  it('give the current interest rate the schema takes', () => {
    const [min, max] = numbersIn(postHints.interestRate) as [number, number];
    const rate = homeLoanChangesSchema.shape.interest_rate;
    expect([accepts(rate, min - 0.01), accepts(rate, min), accepts(rate, max), accepts(rate, max + 0.01)]).toEqual([false, true, true, false]);
  });

  it('give the monthly living expenses the schema takes', () => {
    const [min, max] = numbersIn(postHints.generalExpenseMonthly) as [number, number];
    const general = (value: number) => ({ expense_type: 'general', applicants: ['00000000-0000-4000-8000-000000000001'], value, period: 'monthly_expenses_period' });
    expect([min - 1, min, max, max + 1].map((value) => accepts(expenseSchema, general(value)))).toEqual([false, true, true, false]);
  });

  it('offer exactly the dependants and interest-only years the schemas take', () => {
    const dependants = homeLoanChangesSchema.shape.number_of_dependants;
    expect(dependantCounts.every((count) => accepts(dependants, count))).toBe(true);
    expect([accepts(dependants, dependantCounts[0]! - 1), accepts(dependants, dependantCounts.at(-1)! + 1)]).toEqual([false, false]);
    const years = interestOnlyYearOptions.map((option) => Number(option.value));
    const period = preferencesChangesSchema.shape.interest_only_period;
    expect(years.every((year) => accepts(period, year))).toBe(true);
    expect([accepts(period, years[0]! - 1), accepts(period, years.at(-1)! + 1)]).toEqual([false, false]);
  });
});
