import { Outlet } from '@tanstack/react-router';
import { InvalidPostcode } from '../../features/posts/application/components/address-steps';
import { ApplicationProvider } from '../../features/posts/application/components/application-context';
import { ApplicationSuccess } from '../../features/posts/application/components/application-success';
import { StepScreen } from '../../features/posts/application/components/step-screen';
import { stepNames } from '../../features/posts/application/steps';
import { applicationInvalidPostcodeRoute, applicationSuccessRoute } from './application.route';

// The application stepper's pages (their routes: application.route.tsx).

export function ApplicationLayout() {
  return (
    <ApplicationProvider>
      <Outlet />
    </ApplicationProvider>
  );
}

/** The page of each step, by the step's name (its path). */
export const stepPages = Object.fromEntries(stepNames.map((step) => [step, () => <StepScreen step={step} />]));

export function InvalidPostcodePage() {
  const { origin, postcode } = applicationInvalidPostcodeRoute.useSearch();
  return <InvalidPostcode origin={origin} postcode={postcode} />;
}

export function ApplicationSuccessPage() {
  const { email } = applicationSuccessRoute.useSearch();
  return <ApplicationSuccess email={email} />;
}
