import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchmarkCashFlows, type ComparisonTerms, comparisonBenchmark, comparisonRate, comparisonRateDiffers, variableRateTerms } from './comparison-rate';

const plain: ComparisonTerms = variableRateTerms(6);

describe('the comparison rate (reg 100)', () => {
  it('is the interest rate when there are no fees and no revert', () => {
    expect(comparisonRate(plain)).toBe(6);
    expect(comparisonRate({ ...plain, interest_rate: 4.19 })).toBe(4.19);
  });

  it('gives 6.04% for 6.00% with a $600 upfront fee (the issue’s vector)', () => {
    expect(comparisonRate({ ...plain, application_fee_value: 600 })).toBe(6.04);
  });

  it('counts a percentage application fee on the benchmark amount, and nothing when waived', () => {
    expect(comparisonRate({ ...plain, application_fee_type: '%', application_fee_value: 0.4 })).toBe(6.04);
    expect(comparisonRate({ ...plain, application_fee_value: 600, waived: true })).toBe(6);
  });

  it('counts ongoing fees per month and per year, and nothing when waived', () => {
    const monthly = comparisonRate({ ...plain, ongoing_fees_value: 10, ongoing_fees_period: 'per_month' });
    const yearly = comparisonRate({ ...plain, ongoing_fees_value: 120, ongoing_fees_period: 'per_annum' });
    expect(monthly).toBeGreaterThan(6.1);
    expect(Math.abs(monthly - yearly)).toBeLessThanOrEqual(0.02);
    expect(comparisonRate({ ...plain, ongoing_fees_value: 395, ongoing_fees_waived: true })).toBe(6);
  });

  it('charges a yearly fee 25 times over the term and a monthly one 300 times', () => {
    const yearly = benchmarkCashFlows({ ...plain, ongoing_fees_value: 100 });
    const none = benchmarkCashFlows(plain);
    const feesPaid = yearly.payments.reduce((sum, p, i) => sum + p - (none.payments[i] ?? 0), 0);
    expect(feesPaid).toBeCloseTo(2500, 6);
    const monthly = benchmarkCashFlows({ ...plain, ongoing_fees_value: 10, ongoing_fees_period: 'per_month' });
    expect(monthly.payments.reduce((sum, p, i) => sum + p - (none.payments[i] ?? 0), 0)).toBeCloseTo(3000, 6);
  });

  it('weighs an introductory rate by how long it lasts before the revert', () => {
    const intro = { ...plain, interest_rate: 5, introductory_rate: true, rate_reverts_to: 6.5, rate_reverts_after: 24 };
    const rate = comparisonRate(intro);
    expect(rate).toBeGreaterThan(5);
    expect(rate).toBeLessThan(6.5);
    expect(comparisonRate({ ...intro, rate_reverts_after: 60 })).toBeLessThan(rate);
    // A fixed rate reverts after its fixed period when the bid says to what.
    expect(comparisonRate({ ...plain, rate_type: 'fixed', fixed_period: 2, interest_rate: 5, rate_reverts_to: 6.5 })).toBe(rate);
  });

  it('repays the benchmark amount exactly over the term', () => {
    const flows = benchmarkCashFlows({ ...plain, introductory_rate: true, interest_rate: 4.5, rate_reverts_to: 7, rate_reverts_after: 36 });
    expect(flows.payments).toHaveLength(comparisonBenchmark.years * 12);
    // Discounting the repayments at the loan's own rates gives back the amount lent.
    let balance = comparisonBenchmark.amount;
    flows.payments.forEach((payment, i) => {
      balance = balance * (1 + (i < 36 ? 4.5 : 7) / 1200) - payment;
    });
    expect(Math.abs(balance)).toBeLessThan(0.01);
  });

  it('works fortnightly and weekly with n = 26.09 and 52.18', () => {
    expect(comparisonRate(plain, 'fortnightly')).toBe(6);
    expect(comparisonRate(plain, 'weekly')).toBe(6);
    expect(comparisonRate({ ...plain, application_fee_value: 600 }, 'fortnightly')).toBe(6.04);
  });

  it('never falls below the interest rate when fees are added, and rises with the fee (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 150, max: 1500 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 1_000 }), (rateBp, fee, extra) => {
        const terms = { ...plain, interest_rate: rateBp / 100, application_fee_value: fee };
        const rate = comparisonRate(terms);
        expect(rate).toBeGreaterThanOrEqual(terms.interest_rate);
        expect(comparisonRate({ ...terms, application_fee_value: fee + extra })).toBeGreaterThanOrEqual(rate);
      }),
      { numRuns: 60 },
    );
  });

  it('flags a declared rate more than 0.01 points from the computed one', () => {
    expect(comparisonRateDiffers(6.04, 6.04)).toBe(false);
    expect(comparisonRateDiffers(6.05, 6.04)).toBe(false);
    expect(comparisonRateDiffers(6.06, 6.04)).toBe(true);
    expect(comparisonRateDiffers(5.9, 6.04)).toBe(true);
  });
});
