import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { InvalidPostcode } from '../../features/posts/application/components/address-steps';
import { ApplicationProvider } from '../../features/posts/application/components/application-context';
import { ApplicationSuccess } from '../../features/posts/application/components/application-success';
import { StepScreen } from '../../features/posts/application/components/step-screen';
import { postcodeSteps, stepNames } from '../../features/posts/application/steps';
import { publicRoute } from '../public';

// The application stepper (spec 2 §2 "Application flow (alternative stepper)"), public: one route per step under
// /application, which keeps the answers for all of them. The visitor gets a customer account at the mobile-number step.

export const applicationRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/application',
  component: () => (
    <ApplicationProvider>
      <Outlet />
    </ApplicationProvider>
  ),
});

/** `/application` opens the first step. */
export const applicationIndexRoute = createRoute({
  getParentRoute: () => applicationRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/application/loan-type', replace: true });
  },
});

export const applicationStepRoutes = stepNames.map((step) =>
  createRoute({
    getParentRoute: () => applicationRoute,
    path: step,
    component: () => <StepScreen step={step} />,
  }),
);

/** A postcode the localities do not know; no progress, and the way back to the step it came from (`origin`). */
export const applicationInvalidPostcodeRoute = createRoute({
  getParentRoute: () => applicationRoute,
  path: 'invalid-postcode',
  validateSearch: z.object({ origin: z.enum(postcodeSteps).catch('postcode'), postcode: z.string().max(20).catch('') }),
  component: function InvalidPostcodePage() {
    const { origin, postcode } = applicationInvalidPostcodeRoute.useSearch();
    return <InvalidPostcode origin={origin} postcode={postcode} />;
  },
});

export const applicationSuccessRoute = createRoute({
  getParentRoute: () => applicationRoute,
  path: 'success',
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: function ApplicationSuccessPage() {
    const { email } = applicationSuccessRoute.useSearch();
    return <ApplicationSuccess email={email} />;
  },
});
