import { Navigate } from '@tanstack/react-router';
import { isStepAnswered } from '../step-checks';
import { reachableStep, type StepName } from '../steps';
import { ApplicantsStep } from './applicants-step';
import { PostcodeStep, SuburbStep } from './address-steps';
import { useApplication } from './application-context';
import { ChoiceStep } from './choice-steps';
import { EmailStep, MobileNumberStep, ReviewDateStep } from './contact-steps';
import { AmountStep, ExpensesStep, InterestRateStep, OrganisationStep, PurchaseStep } from './loan-steps';
import { currentYear, stepPath } from './use-step';

/** The screen of `step`; a step whose earlier questions are not answered yet sends the customer back to them. */
export function StepScreen({ step }: { step: StepName }) {
  const { answers } = useApplication();
  const reachable = reachableStep(step, answers, (candidate) => isStepAnswered(candidate, answers, currentYear()));
  if (reachable !== step) return <Navigate to={stepPath(reachable)} replace />;
  // Each screen is keyed by its step so its fields start from that step's answers.
  return <StepContent key={step} step={step} />;
}

function StepContent({ step }: { step: StepName }) {
  switch (step) {
    case 'loan-type':
    case 'loan-purpose':
    case 'retention':
    case 'number-of-dependants':
    case 'equity-from-another-property':
    case 'urgency':
      return <ChoiceStep step={step} />;
    case 'property-market-value':
    case 'loan-amount':
    case 'cash-savings':
      return <AmountStep step={step} />;
    case 'interest-rate':
      return <InterestRateStep />;
    case 'purchase':
      return <PurchaseStep />;
    case 'organisation':
      return <OrganisationStep />;
    case 'postcode':
    case 'property-postcode':
      return <PostcodeStep step={step} />;
    case 'suburb':
    case 'property-suburb':
      return <SuburbStep step={step} />;
    case 'applicants':
      return <ApplicantsStep />;
    case 'expenses':
      return <ExpensesStep />;
    case 'review-date':
      return <ReviewDateStep />;
    case 'mobile-number':
      return <MobileNumberStep />;
    case 'email':
      return <EmailStep />;
    default: {
      const unknown: never = step;
      return unknown;
    }
  }
}
