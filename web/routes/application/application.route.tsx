import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { postcodeSteps, stepNames } from '../../features/posts/application/steps';
import { lazyPage } from '../../lib/lazy-page';
import { publicRoute } from '../public';

// The application stepper (spec 2 §2 "Application flow (alternative stepper)"), public: one route per step under
// /application, which keeps the answers for all of them. The visitor gets a customer account at the mobile-number step.

export const applicationRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/application',
  component: lazyPage(() => import('./application'), 'ApplicationLayout'),
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
    component: lazyPage(() => import('./application').then((pages) => pages.stepPages), step),
  }),
);

/** A postcode the localities do not know; no progress, and the way back to the step it came from (`origin`). */
export const applicationInvalidPostcodeRoute = createRoute({
  getParentRoute: () => applicationRoute,
  path: 'invalid-postcode',
  validateSearch: z.object({ origin: z.enum(postcodeSteps).catch('postcode'), postcode: z.string().max(20).catch('') }),
  component: lazyPage(() => import('./application'), 'InvalidPostcodePage'),
});

export const applicationSuccessRoute = createRoute({
  getParentRoute: () => applicationRoute,
  path: 'success',
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: lazyPage(() => import('./application'), 'ApplicationSuccessPage'),
});
