// The wizard's steps (spec 2 §2 "Post creation"): /create-post/step-1 … /step-6 with their titles and time hints,
// then the overview at /step-7. What each step asks is described in docs/post-wizard.md.

export const wizardSteps = [
  { number: 1, title: 'Intro', timeHint: '30s', path: '/create-post/step-1' },
  { number: 2, title: 'Priorities', timeHint: '30s', path: '/create-post/step-2' },
  { number: 3, title: 'Loan Details', timeHint: '1min', path: '/create-post/step-3' },
  { number: 4, title: 'Applicants', timeHint: '30s', path: '/create-post/step-4' },
  { number: 5, title: 'Savings and Incomes', timeHint: '1min', path: '/create-post/step-5' },
  { number: 6, title: 'Expenses and Liabilities', timeHint: '1min', path: '/create-post/step-6' },
  { number: 7, title: 'Overview', timeHint: null, path: '/create-post/step-7' },
] as const;

export type WizardStep = (typeof wizardSteps)[number];
export type StepNumber = WizardStep['number'];
export type StepPath = WizardStep['path'];

export const firstStep: StepNumber = 1;
export const lastStep: StepNumber = 7;

export function stepOf(number: StepNumber): WizardStep {
  return wizardSteps[number - 1]!;
}

export function isStepNumber(value: unknown): value is StepNumber {
  return typeof value === 'number' && Number.isInteger(value) && value >= firstStep && value <= lastStep;
}

export const nextStepOf = (number: StepNumber): StepNumber => (number < lastStep ? ((number + 1) as StepNumber) : lastStep);
export const previousStepOf = (number: StepNumber): StepNumber => (number > firstStep ? ((number - 1) as StepNumber) : firstStep);

/**
 * How far the customer is, in percent, for the progress bar: the steps saved so far out of the six that ask for
 * something (`reached` is the furthest step opened; the steps before it are saved). The last step, the overview,
 * reads 100%: everything is given and only publishing is left (issue 24: it ended at "86% done"), as the
 * application stepper's last step reads 100 (spec 2 §1).
 */
export function progressOf(reached: StepNumber): number {
  return Math.round(((reached - 1) / (lastStep - 1)) * 100);
}

/**
 * The step a customer may open: a step after the furthest one reached needs the steps before it saved, so such a
 * link leads back to the furthest step reached.
 */
export function allowedStep(requested: StepNumber, reached: StepNumber): StepNumber {
  return requested <= reached ? requested : reached;
}
