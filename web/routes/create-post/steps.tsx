import { ApplicantsStep } from '../../features/posts/wizard/components/applicants-step';
import { ExpensesStep } from '../../features/posts/wizard/components/expenses-step';
import { IntroStep } from '../../features/posts/wizard/components/intro-step';
import { LoanDetailsStep } from '../../features/posts/wizard/components/loan-details-step';
import { OverviewStep } from '../../features/posts/wizard/components/overview-step';
import { PrioritiesStep } from '../../features/posts/wizard/components/priorities-step';
import { SavingsStep } from '../../features/posts/wizard/components/savings-step';
import { WizardLayout } from '../../features/posts/wizard/components/wizard-layout';
import type { StepNumber } from '../../features/posts/wizard/wizard-steps';
import { type StepPost, step1Route, step2Route, step3Route, step4Route, step5Route, step6Route, step7Route } from './steps.route';

// The pages of the wizard's steps (their routes: steps.route.tsx).

/** Steps 2 to 7 always have a post (the loader sends a visitor without one to step 1). */
function withPost(step: StepNumber, data: { post: StepPost }) {
  if (!data.post) throw new Error(`step ${step} without a post`);
  return data.post;
}

export function Step1() {
  const { post } = step1Route.useLoaderData();
  return (
    <WizardLayout step={1}>
      <IntroStep key={post?.uuid ?? 'new'} post={post} />
    </WizardLayout>
  );
}

export function Step2() {
  const post = withPost(2, step2Route.useLoaderData());
  return (
    <WizardLayout step={2}>
      <PrioritiesStep post={post} />
    </WizardLayout>
  );
}

export function Step3() {
  const post = withPost(3, step3Route.useLoaderData());
  return (
    <WizardLayout step={3}>
      <LoanDetailsStep post={post} />
    </WizardLayout>
  );
}

export function Step4() {
  const post = withPost(4, step4Route.useLoaderData());
  return (
    <WizardLayout step={4}>
      <ApplicantsStep post={post} />
    </WizardLayout>
  );
}

export function Step5() {
  const post = withPost(5, step5Route.useLoaderData());
  return (
    <WizardLayout step={5}>
      <SavingsStep post={post} />
    </WizardLayout>
  );
}

export function Step6() {
  const post = withPost(6, step6Route.useLoaderData());
  return (
    <WizardLayout step={6}>
      <ExpensesStep post={post} />
    </WizardLayout>
  );
}

export function Step7() {
  const post = withPost(7, step7Route.useLoaderData());
  return (
    <WizardLayout step={7}>
      <OverviewStep post={post} />
    </WizardLayout>
  );
}
