import type { ApplicationAnswers } from './answers';

// The application stepper (spec 2 §2 "Application flow (alternative stepper)"): one question per screen, in the
// spec's order, each with its progress percent (85 is unused, as the spec says). Which steps a customer sees
// depends on the answers: the current loan's steps only for a refinance, the property's only for an investment.
// 'purchase' is ours (docs/application-stepper.md): a new loan needs two answers the spec's steps do not ask, so
// it takes the place, and the percent, of the refinance's first step.

export const stepNames = [
  'loan-type',
  'loan-purpose',
  'property-market-value',
  'loan-amount',
  'interest-rate',
  'purchase',
  'organisation',
  'retention',
  'postcode',
  'suburb',
  'property-postcode',
  'property-suburb',
  'applicants',
  'number-of-dependants',
  'equity-from-another-property',
  'cash-savings',
  'urgency',
  'expenses',
  'review-date',
  'mobile-number',
  'email',
] as const;
export type StepName = (typeof stepNames)[number];

export const stepProgress: Record<StepName, number> = {
  'loan-type': 0,
  'loan-purpose': 5,
  'property-market-value': 10,
  'loan-amount': 15,
  'interest-rate': 20,
  purchase: 20,
  organisation: 25,
  retention: 30,
  postcode: 35,
  suburb: 40,
  'property-postcode': 45,
  'property-suburb': 50,
  applicants: 55,
  'number-of-dependants': 60,
  'equity-from-another-property': 65,
  'cash-savings': 70,
  urgency: 75,
  expenses: 80,
  'review-date': 90,
  'mobile-number': 95,
  email: 100,
};

export const firstStep: StepName = 'loan-type';

/** The postcode steps a postcode that is not found came from (the invalid-postcode screen leads back there). */
export const postcodeSteps = ['postcode', 'property-postcode'] as const;
export type PostcodeStep = (typeof postcodeSteps)[number];

/** Whether the customer sees `step`, given the answers so far. */
export function stepApplies(step: StepName, answers: ApplicationAnswers): boolean {
  switch (step) {
    case 'interest-rate':
    case 'organisation':
    case 'retention':
      return answers.loan_type === 'refinance';
    case 'purchase':
      return answers.loan_type === 'new_loan';
    case 'property-postcode':
      return answers.loan_purpose === 'investment';
    case 'property-suburb':
      return answers.loan_purpose === 'investment' && !answers.suburb_not_known_yet;
    default:
      return true;
  }
}

/** The steps this customer sees, in order. */
export function stepsFor(answers: ApplicationAnswers): StepName[] {
  return stepNames.filter((step) => stepApplies(step, answers));
}

/** The step after `step`; null after the last one (the submit leads to success). */
export function nextStep(step: StepName, answers: ApplicationAnswers): StepName | null {
  return stepNames.slice(stepNames.indexOf(step) + 1).find((candidate) => stepApplies(candidate, answers)) ?? null;
}

/** The step before `step`; null on the first one. */
export function previousStep(step: StepName, answers: ApplicationAnswers): StepName | null {
  return (
    stepNames
      .slice(0, stepNames.indexOf(step))
      .reverse()
      .find((candidate) => stepApplies(candidate, answers)) ?? null
  );
}

/**
 * Where a customer opening `step` belongs: the first step before it that is not answered yet (a link or a reload
 * cannot skip a question), else `step` itself. `isAnswered` is the step's check (./step-checks.ts).
 */
export function reachableStep(step: StepName, answers: ApplicationAnswers, isAnswered: (step: StepName) => boolean): StepName {
  for (const candidate of stepNames.slice(0, stepNames.indexOf(step))) {
    if (stepApplies(candidate, answers) && !isAnswered(candidate)) return candidate;
  }
  return step;
}

export const isStepName = (value: string): value is StepName => (stepNames as readonly string[]).includes(value);
