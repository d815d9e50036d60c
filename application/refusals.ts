import type { DomainError } from '../domain/shared/decider';

/** A workflow's refusal: a decider's, or one of its own checks before deciding; field errors named as the request spells them. */
export type Refusal = DomainError & { errors?: Record<string, string[]> };

/** The codes of the workflows' own checks (api/domain-problems.ts gives their statuses). */
export const workflowErrors = {
  /** A field the caller can fix, found before any decider (a provider not chosen, a bid not of this deal). */
  validationFailed: 'VALIDATION_FAILED',
  providerNotFound: 'PROVIDER_NOT_FOUND',
} as const;

export const invalidFields = (errors: Record<string, string[]>): Refusal => ({ code: workflowErrors.validationFailed, message: 'The request has invalid fields.', errors });
export const providerNotFound: Refusal = { code: workflowErrors.providerNotFound, message: 'Provider not found.' };
