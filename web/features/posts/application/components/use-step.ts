import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FieldErrors } from '../../../../../domain/post/schemas';
import type { ApplicationAnswers } from '../answers';
import { stepErrors } from '../step-checks';
import { nextStep, previousStep, type StepName, stepProgress } from '../steps';
import { useApplication } from './application-context';

/** The path of a step's screen. */
export const stepPath = (step: StepName) => `/application/${step}` as const;

/** The applicants' ages are counted in the browser's year (docs/post-rules.md "Which schema when"). */
export const currentYear = () => new Date().getFullYear();

/**
 * What a step screen needs: the answers, `next(changes)` which keeps the changes, checks the step with the
 * domain's rules and moves on when they pass, Back, and the first error of a field after a refused Next.
 */
export function useStep(step: StepName) {
  const { answers, setAnswers } = useApplication();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const goTo = (target: StepName) => navigate({ to: stepPath(target) });
  const back = previousStep(step, answers);

  /** Keeps the changes and shows the step's errors; true when the step is answered. */
  function check(changes: Partial<ApplicationAnswers> = {}): boolean {
    if (Object.keys(changes).length > 0) setAnswers(changes);
    const found = stepErrors(step, { ...answers, ...changes }, currentYear());
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  /** `check`, then the next step. */
  function next(changes: Partial<ApplicationAnswers> = {}): boolean {
    if (!check(changes)) return false;
    const following = nextStep(step, { ...answers, ...changes });
    if (following) void goTo(following);
    return true;
  }

  return {
    answers,
    setAnswers,
    check,
    next,
    /** Errors found elsewhere (the server, the postcode search) shown like the step's own. */
    setErrors,
    errorOf: (...fields: string[]) => fields.flatMap((field) => errors[field] ?? [])[0],
    /** The frame's progress, Back, and the edit that clears the errors shown (they belong to the values checked). */
    frame: { progress: stepProgress[step], onBack: back ? () => void goTo(back) : null, onEdit: () => setErrors({}) },
    goTo,
  };
}
