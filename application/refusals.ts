import { postErrors } from '../domain/post/decider';
import type { DomainError } from '../domain/shared/decider';

/** A workflow's refusal: a decider's, or one of its own checks before deciding; its field errors as the route names them (under the body's wrapper, if any). */
export type Refusal = DomainError & { errors?: Record<string, string[]> };

/** The codes of the workflows' own checks (api/domain-problems.ts gives their statuses). */
export const workflowErrors = {
  /** A field the caller can fix, found before any decider (a provider not chosen, a bid not of this deal). */
  validationFailed: 'VALIDATION_FAILED',
  providerNotFound: 'PROVIDER_NOT_FOUND',
  /** Outside what the caller's role may ask for (a provider naming another provider). */
  forbidden: 'FORBIDDEN',
} as const;

export const invalidFields = (errors: Record<string, string[]>): Refusal => ({ code: workflowErrors.validationFailed, message: 'The request has invalid fields.', errors });
export const providerNotFound: Refusal = { code: workflowErrors.providerNotFound, message: 'Provider not found.' };
export const forbidden: Refusal = { code: workflowErrors.forbidden, message: 'You are not allowed to do this.' };
/** A post that does not exist, or that the caller may not learn of (docs/security.md). */
export const postNotFound: Refusal = { code: postErrors.notFound, message: 'Post not found.' };
