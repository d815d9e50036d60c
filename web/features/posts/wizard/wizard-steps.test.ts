import { describe, expect, it } from 'vitest';
import { allowedStep, isStepNumber, nextStepOf, previousStepOf, progressOf, stepOf, wizardSteps } from './wizard-steps';

describe('the wizard steps', () => {
  it('have the spec titles and time hints, in order, at /step-1 … /step-7', () => {
    expect(wizardSteps.map((s) => [s.title, s.timeHint, s.path])).toEqual([
      ['Intro', '30s', '/create-post/step-1'],
      ['Priorities', '30s', '/create-post/step-2'],
      ['Loan Details', '1min', '/create-post/step-3'],
      ['Applicants', '30s', '/create-post/step-4'],
      ['Savings and Incomes', '1min', '/create-post/step-5'],
      ['Expenses and Liabilities', '1min', '/create-post/step-6'],
      ['Overview', null, '/create-post/step-7'],
    ]);
    expect(stepOf(3).title).toBe('Loan Details');
  });

  it('go forward and back within 1 to 7', () => {
    expect(nextStepOf(1)).toBe(2);
    expect(nextStepOf(7)).toBe(7);
    expect(previousStepOf(1)).toBe(1);
    expect(previousStepOf(5)).toBe(4);
    expect([0, 1, 7, 8, 2.5, '3'].map(isStepNumber)).toEqual([false, true, true, false, false, false]);
  });

  it('show progress as the share of steps saved, the overview (last step) as 100% done', () => {
    expect(progressOf(1)).toBe(0);
    expect(progressOf(4)).toBe(50);
    expect(progressOf(7)).toBe(100);
  });

  it('open a step after the furthest reached only as that furthest step', () => {
    expect(allowedStep(3, 5)).toBe(3);
    expect(allowedStep(5, 5)).toBe(5);
    expect(allowedStep(6, 2)).toBe(2);
  });
});
