import { createRoute, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../root';
import { readWizardState } from '../../features/posts/wizard/draft-storage';
import { allowedStep, type StepNumber, stepOf } from '../../features/posts/wizard/wizard-steps';
import { wizardStore } from '../../features/posts/wizard/wizard-session';
import { createPostRoute } from './create-post';
import { lazyPage } from '../../lib/lazy-page';

// The steps /create-post/step-1 … /step-7 (spec 2 §2). A step after the furthest one reached leads back to that one;
// each step reads the post being created, and a post that is gone starts again at step 1 (spec 2 §8).

/** The post of a step, or null before step 1 is saved. */
async function loadStep(step: StepNumber, { queryClient }: RouterContext) {
  const toStep = (to: StepNumber) => redirect({ to: stepOf(to).path, replace: true });
  const state = readWizardState(wizardStore());
  const allowed = state.post_uuid ? allowedStep(step, state.reached) : 1;
  if (allowed !== step) throw toStep(allowed);
  if (!state.post_uuid) return { post: null };
  // Imported here, not at the top: it reads the whole form mapping, which only the wizard needs.
  const { loadWizardPost } = await import('../../features/posts/wizard/resume');
  const post = await loadWizardPost(queryClient, state.post_uuid);
  if (!post && step !== 1) throw toStep(1);
  return { post };
}

/** The post a step's page gets from its loader. */
export type StepPost = Awaited<ReturnType<typeof loadStep>>['post'];

export const step1Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-1',
  loader: ({ context }) => loadStep(1, context),
  component: lazyPage(() => import('./steps'), 'Step1'),
});

export const step2Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-2',
  loader: ({ context }) => loadStep(2, context),
  component: lazyPage(() => import('./steps'), 'Step2'),
});

export const step3Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-3',
  loader: ({ context }) => loadStep(3, context),
  component: lazyPage(() => import('./steps'), 'Step3'),
});

export const step4Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-4',
  loader: ({ context }) => loadStep(4, context),
  component: lazyPage(() => import('./steps'), 'Step4'),
});

export const step5Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-5',
  loader: ({ context }) => loadStep(5, context),
  component: lazyPage(() => import('./steps'), 'Step5'),
});

export const step6Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-6',
  loader: ({ context }) => loadStep(6, context),
  component: lazyPage(() => import('./steps'), 'Step6'),
});

export const step7Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-7',
  loader: ({ context }) => loadStep(7, context),
  component: lazyPage(() => import('./steps'), 'Step7'),
});

export const stepRoutes = [step1Route, step2Route, step3Route, step4Route, step5Route, step6Route, step7Route] as const;
