import { describe, expect, it } from 'vitest';
import { type ApplicationAnswers, emptyAnswers } from './answers';
import { nextStep, previousStep, reachableStep, stepNames, stepProgress, stepsFor } from './steps';

const refinance: ApplicationAnswers = { ...emptyAnswers, loan_type: 'refinance', loan_purpose: 'owner' };
const withProgress = (answers: ApplicationAnswers) => stepsFor(answers).map((step) => [step, stepProgress[step]]);

describe('the step order and progress (spec 2 §2 "Application flow")', () => {
  it('asks an owner refinancing every step of the spec but the property, in order, with its percent', () => {
    expect(withProgress(refinance)).toEqual([
      ['loan-type', 0],
      ['loan-purpose', 5],
      ['property-market-value', 10],
      ['loan-amount', 15],
      ['interest-rate', 20],
      ['organisation', 25],
      ['retention', 30],
      ['postcode', 35],
      ['suburb', 40],
      ['applicants', 55],
      ['number-of-dependants', 60],
      ['equity-from-another-property', 65],
      ['cash-savings', 70],
      ['urgency', 75],
      ['expenses', 80],
      ['review-date', 90],
      ['mobile-number', 95],
      ['email', 100],
    ]);
  });

  it('asks an investor for the property postcode (45) and suburb (50)', () => {
    const steps = withProgress({ ...refinance, loan_purpose: 'investment' });
    expect(steps.slice(8, 12)).toEqual([
      ['suburb', 40],
      ['property-postcode', 45],
      ['property-suburb', 50],
      ['applicants', 55],
    ]);
  });

  it('skips the property suburb when the investor does not know it yet', () => {
    expect(stepsFor({ ...refinance, loan_purpose: 'investment', suburb_not_known_yet: true })).not.toContain('property-suburb');
  });

  it('asks a new loan about the purchase at 20 instead of the current loan', () => {
    const steps = withProgress({ ...refinance, loan_type: 'new_loan' });
    expect(steps.slice(3, 6)).toEqual([
      ['loan-amount', 15],
      ['purchase', 20],
      ['postcode', 35],
    ]);
  });

  it('never goes backwards, starts at 0, ends at 100 and never shows 85', () => {
    for (const answers of [refinance, { ...refinance, loan_type: 'new_loan' as const, loan_purpose: 'investment' as const }]) {
      const percents = stepsFor(answers).map((step) => stepProgress[step]);
      expect(percents[0]).toBe(0);
      expect(percents.at(-1)).toBe(100);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
    }
    expect(Object.values(stepProgress)).not.toContain(85);
    expect(stepNames).toHaveLength(Object.keys(stepProgress).length);
  });
});

describe('moving between steps', () => {
  it('goes to the next and previous step the answers call for', () => {
    expect(nextStep('loan-amount', refinance)).toBe('interest-rate');
    expect(nextStep('loan-amount', { ...refinance, loan_type: 'new_loan' })).toBe('purchase');
    expect(nextStep('purchase', { ...refinance, loan_type: 'new_loan' })).toBe('postcode');
    expect(nextStep('suburb', refinance)).toBe('applicants');
    expect(previousStep('applicants', refinance)).toBe('suburb');
    expect(previousStep('postcode', { ...refinance, loan_type: 'new_loan' })).toBe('purchase');
    expect(previousStep('loan-type', refinance)).toBeNull();
    expect(nextStep('email', refinance)).toBeNull();
  });

  it('sends a customer opening a later step back to the first question not answered', () => {
    const answered = new Set(['loan-type', 'loan-purpose']);
    expect(reachableStep('urgency', refinance, (step) => answered.has(step))).toBe('property-market-value');
    expect(reachableStep('loan-purpose', refinance, (step) => answered.has(step))).toBe('loan-purpose');
    expect(reachableStep('urgency', refinance, () => true)).toBe('urgency');
  });
});
