import { urgencies, urgencyLabels } from '../../../../../domain/post/schemas';
import type { ApplicationAnswers } from '../answers';
import type { StepName } from '../steps';
import { ChoiceList, StepFrame } from './step-frame';
import { useStep } from './use-step';
import { dependantCounts } from '../../post-hints';

// The steps answered by one pick: the pick is kept and the next step opens.

type ChoiceField = 'loan_type' | 'loan_purpose' | 'retention' | 'equity_from_another_property' | 'urgency' | 'number_of_dependants';
type Choice = { value: string | number | boolean; label: string; hint?: string };
type ChoiceQuestion = { field: ChoiceField; title: string; description?: string; choices: Choice[] };

const yesNo: Choice[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export const choiceQuestions = {
  'loan-type': {
    field: 'loan_type',
    title: 'What would you like to do?',
    choices: [
      { value: 'refinance', label: 'Refinance my current loan', hint: 'Find a better deal for the loan I have' },
      { value: 'new_loan', label: 'A new loan to buy a property', hint: 'I am buying a home or an investment' },
    ],
  },
  'loan-purpose': {
    field: 'loan_purpose',
    title: 'What is the property for?',
    choices: [
      { value: 'owner', label: 'A home I live in' },
      { value: 'investment', label: 'An investment property' },
    ],
  },
  retention: {
    field: 'retention',
    title: 'Would you stay with your current lender if it matched the best offer?',
    description: 'Lenders can see this when they bid.',
    choices: yesNo,
  },
  'number-of-dependants': {
    field: 'number_of_dependants',
    title: 'How many dependants do you have?',
    description: 'Children or others who rely on your income.',
    choices: dependantCounts.map((n) => ({ value: n, label: String(n) })),
  },
  'equity-from-another-property': {
    field: 'equity_from_another_property',
    title: 'Do you have equity in another property?',
    description: 'Part of another property that you own outright.',
    choices: yesNo,
  },
  urgency: {
    field: 'urgency',
    title: 'How soon do you need the loan?',
    choices: urgencies.map((u) => ({ value: u, label: urgencyLabels[u] })),
  },
} as const satisfies Partial<Record<StepName, ChoiceQuestion>>;

export type ChoiceStepName = keyof typeof choiceQuestions;

export function ChoiceStep({ step }: { step: ChoiceStepName }) {
  const question: ChoiceQuestion = choiceQuestions[step];
  const { answers, next, errorOf, frame } = useStep(step);
  const value = answers[question.field] as Choice['value'] | null;
  return (
    <StepFrame title={question.title} description={question.description} {...frame} onNext={() => void next()}>
      <ChoiceList
        label={question.title}
        choices={question.choices}
        value={value}
        error={errorOf(question.field)}
        onPick={(picked) => next({ [question.field]: picked } as Partial<ApplicationAnswers>)}
      />
    </StepFrame>
  );
}
