import { createRoute, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../root';
import { ApplicantsStep } from '../../features/posts/wizard/components/applicants-step';
import { ExpensesStep } from '../../features/posts/wizard/components/expenses-step';
import { IntroStep } from '../../features/posts/wizard/components/intro-step';
import { LoanDetailsStep } from '../../features/posts/wizard/components/loan-details-step';
import { OverviewStep } from '../../features/posts/wizard/components/overview-step';
import { PrioritiesStep } from '../../features/posts/wizard/components/priorities-step';
import { SavingsStep } from '../../features/posts/wizard/components/savings-step';
import { WizardLayout } from '../../features/posts/wizard/components/wizard-layout';
import { readWizardState } from '../../features/posts/wizard/draft-storage';
import { loadWizardPost } from '../../features/posts/wizard/resume';
import { allowedStep, type StepNumber, stepOf } from '../../features/posts/wizard/wizard-steps';
import { wizardStore } from '../../features/posts/wizard/wizard-session';
import { createPostRoute } from './create-post';

// The steps /create-post/step-1 … /step-7 (spec 2 §2). A step after the furthest one reached leads back to that one;
// each step reads the post being created, and a post that is gone starts again at step 1 (spec 2 §8).

/** The post of a step, or null before step 1 is saved. */
async function loadStep(step: StepNumber, { queryClient }: RouterContext) {
  const toStep = (to: StepNumber) => redirect({ to: stepOf(to).path, replace: true });
  const state = readWizardState(wizardStore());
  const allowed = state.post_uuid ? allowedStep(step, state.reached) : 1;
  if (allowed !== step) throw toStep(allowed);
  if (!state.post_uuid) return { post: null };
  const post = await loadWizardPost(queryClient, state.post_uuid);
  if (!post && step !== 1) throw toStep(1);
  return { post };
}

export const step1Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-1',
  loader: ({ context }) => loadStep(1, context),
  component: function Step1() {
    const { post } = step1Route.useLoaderData();
    return (
      <WizardLayout step={1}>
        <IntroStep key={post?.uuid ?? 'new'} post={post} />
      </WizardLayout>
    );
  },
});

/** Steps 2 to 7 always have a post (the loader sends a visitor without one to step 1). */
function withPost(step: StepNumber, data: { post: Awaited<ReturnType<typeof loadStep>>['post'] }) {
  if (!data.post) throw new Error(`step ${step} without a post`);
  return data.post;
}

export const step2Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-2',
  loader: ({ context }) => loadStep(2, context),
  component: function Step2() {
    const post = withPost(2, step2Route.useLoaderData());
    return (
      <WizardLayout step={2}>
        <PrioritiesStep post={post} />
      </WizardLayout>
    );
  },
});

export const step3Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-3',
  loader: ({ context }) => loadStep(3, context),
  component: function Step3() {
    const post = withPost(3, step3Route.useLoaderData());
    return (
      <WizardLayout step={3}>
        <LoanDetailsStep post={post} />
      </WizardLayout>
    );
  },
});

export const step4Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-4',
  loader: ({ context }) => loadStep(4, context),
  component: function Step4() {
    const post = withPost(4, step4Route.useLoaderData());
    return (
      <WizardLayout step={4}>
        <ApplicantsStep post={post} />
      </WizardLayout>
    );
  },
});

export const step5Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-5',
  loader: ({ context }) => loadStep(5, context),
  component: function Step5() {
    const post = withPost(5, step5Route.useLoaderData());
    return (
      <WizardLayout step={5}>
        <SavingsStep post={post} />
      </WizardLayout>
    );
  },
});

export const step6Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-6',
  loader: ({ context }) => loadStep(6, context),
  component: function Step6() {
    const post = withPost(6, step6Route.useLoaderData());
    return (
      <WizardLayout step={6}>
        <ExpensesStep post={post} />
      </WizardLayout>
    );
  },
});

export const step7Route = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/step-7',
  loader: ({ context }) => loadStep(7, context),
  component: function Step7() {
    const post = withPost(7, step7Route.useLoaderData());
    return (
      <WizardLayout step={7}>
        <OverviewStep post={post} />
      </WizardLayout>
    );
  },
});

export const stepRoutes = [step1Route, step2Route, step3Route, step4Route, step5Route, step6Route, step7Route] as const;
