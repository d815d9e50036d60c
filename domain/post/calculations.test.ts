import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditBandOf,
  creditBands,
  flooredLoanToValueRatio,
  hasLoanToValueWarning,
  isLoanToValueAllowed,
  loanToValueRatio,
  monthlyExpense,
  monthlyRepayment,
  retentionEstimate,
  totalYearlyIncome,
  yearlyIncome,
} from './calculations';
import { type CreditHistory, creditHistories, expensePeriods, incomePeriods } from './constants';

const amount = fc.integer({ min: 1, max: 50_000_000 });
const rate = fc.double({ min: 0.01, max: 15, noNaN: true });
const history = fc.constantFrom(...creditHistories);

describe('loan-to-value ratio', () => {
  it('is the loan amount over the market value in percent', () => {
    expect(loanToValueRatio(450_000, 500_000)).toBe(90);
    expect(flooredLoanToValueRatio(400_000, 600_000)).toBe(66);
  });
  it('property: the floored LVR is the whole percent at or below the exact one', () => {
    fc.assert(
      fc.property(amount, amount, (loan, value) => {
        const exact = loanToValueRatio(loan, value);
        const floored = flooredLoanToValueRatio(loan, value);
        expect(Number.isInteger(floored)).toBe(true);
        expect(floored).toBeLessThanOrEqual(exact);
        expect(exact - floored).toBeLessThan(1);
      }),
    );
  });
  it('property: a loan is allowed exactly when its LVR is at most 90 %, and warned about above 80 %', () => {
    fc.assert(
      fc.property(amount, amount, (loan, value) => {
        expect(isLoanToValueAllowed(loan, value)).toBe(loan * 100 <= 90 * value);
        expect(hasLoanToValueWarning(loan, value)).toBe(loan * 100 > 80 * value && loan * 100 <= 90 * value);
      }),
    );
  });
  it('allows exactly 90 % and warns from just above 80 %', () => {
    expect(isLoanToValueAllowed(540_000, 600_000)).toBe(true);
    expect(isLoanToValueAllowed(540_001, 600_000)).toBe(false);
    expect(hasLoanToValueWarning(480_000, 600_000)).toBe(false);
    expect(hasLoanToValueWarning(480_001, 600_000)).toBe(true);
  });
});

describe('credit band', () => {
  const band = (...histories: CreditHistory[]) => creditBandOf(histories)?.label;
  it('follows the worst history, Very Good when the worst is average next to an excellent one', () => {
    expect(band('excellent')).toBe('Excellent');
    expect(band('excellent', 'excellent')).toBe('Excellent');
    expect(band('excellent', 'average')).toBe('Very Good');
    expect(band('average')).toBe('Average');
    expect(band('excellent', 'fair')).toBe('Fair');
    expect(band('excellent', 'poor')).toBe('Low');
    expect(creditBandOf([])).toBeNull();
  });
  it('has the colours of spec 1 §9', () => {
    expect(Object.fromEntries(creditBands.map((b) => [b.band_key, b.colour]))).toEqual({
      LowCreditBand: '#ef5460',
      FairCreditBand: '#ff9c86',
      AverageCreditBand: '#ffb72a',
      VeryGoodCreditBand: '#b6da86',
      ExcellentCreditBand: '#33de8f',
    });
  });
  const rank = (histories: CreditHistory[]) => creditBands.findIndex((b) => b === creditBandOf(histories));
  it('property: the order of the applicants does not matter', () => {
    fc.assert(fc.property(fc.array(history, { minLength: 1, maxLength: 4 }), (histories) => {
        expect(creditBandOf([...histories].reverse())).toBe(creditBandOf(histories));
      }),
    );
  });
  it('property: adding an applicant with a worse history never raises the band', () => {
    const order: CreditHistory[] = ['poor', 'fair', 'average', 'excellent'];
    fc.assert(
      fc.property(fc.array(history, { minLength: 1, maxLength: 3 }), history, (histories, added) => {
        const worst = order[Math.min(...histories.map((h) => order.indexOf(h)))] as CreditHistory;
        fc.pre(order.indexOf(added) <= order.indexOf(worst));
        expect(rank([...histories, added])).toBeLessThanOrEqual(rank(histories));
      }),
    );
  });
});

describe('repayments', () => {
  it('repays 500,000 at 6 % over 30 years with 2,997.75 a month', () => {
    expect(monthlyRepayment(500_000, 6)).toBeCloseTo(2997.75, 2);
    expect(monthlyRepayment(360_000, 0)).toBe(1000);
  });
  it('property: over the term the repayments cover the principal and cost more at a higher rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 15_000_000 }), rate, rate, (principal, a, b) => {
        fc.pre(Math.abs(a - b) > 1e-6);
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(monthlyRepayment(principal, low) * 360).toBeGreaterThan(principal);
        expect(monthlyRepayment(principal, high)).toBeGreaterThan(monthlyRepayment(principal, low));
        // A shorter term repays more each month.
        expect(monthlyRepayment(principal, low, 25)).toBeGreaterThan(monthlyRepayment(principal, low, 30));
      }),
    );
  });
  it('property: the retention estimate saves exactly when the offered rate is lower', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200_000, max: 15_000_000 }), rate, rate, (loan, current, offered) => {
        fc.pre(Math.abs(current - offered) > 1e-6); // closer rates differ below floating-point precision
        const estimate = retentionEstimate(loan, current, offered);
        expect(estimate.current_repayment).toBeCloseTo(monthlyRepayment(loan, current, 25), 6);
        expect(Math.sign(estimate.monthly_savings)).toBe(Math.sign(current - offered));
      }),
    );
    expect(retentionEstimate(500_000, 6, 6).monthly_savings).toBe(0);
  });
});

describe('incomes and expenses', () => {
  it('counts a year as 52 weeks, 26 fortnights, 12 months', () => {
    expect(yearlyIncome({ value: 1_000, period: 'weekly_income_period' })).toBe(52_000);
    expect(yearlyIncome({ value: 1_000, period: 'fortnightly_income_period' })).toBe(26_000);
    expect(yearlyIncome({ value: 1_000, period: 'monthly_income_period' })).toBe(12_000);
    expect(yearlyIncome({ value: 1_000, period: 'yearly_income_period' })).toBe(1_000);
    expect(monthlyExpense({ value: 100, period: 'weekly_expenses_period' })).toBe(400);
    expect(monthlyExpense({ value: 100, period: 'fortnightly_expenses_period' })).toBe(200);
  });
  const income = fc.record({ value: fc.integer({ min: 1, max: 1_000_000 }), period: fc.constantFrom(...incomePeriods) });
  it('property: the total yearly income is the sum of each income over a year, in any order', () => {
    fc.assert(
      fc.property(fc.array(income, { maxLength: 10 }), fc.array(income, { maxLength: 10 }), (a, b) => {
        expect(totalYearlyIncome([...a, ...b])).toBe(totalYearlyIncome(a) + totalYearlyIncome(b));
        expect(totalYearlyIncome([...a].reverse())).toBe(totalYearlyIncome(a));
      }),
    );
  });
  it('property: a general expense normalised to a month grows with its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(...expensePeriods), (x, y, period) => {
        expect(monthlyExpense({ value: x + y, period })).toBe(monthlyExpense({ value: x, period }) + monthlyExpense({ value: y, period }));
        expect(monthlyExpense({ value: x, period })).toBeGreaterThanOrEqual(x);
      }),
    );
  });
});
