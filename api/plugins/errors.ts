import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyConflictError } from '../../infrastructure/command-handler';
import { isDatabaseUnavailable } from '../../infrastructure/database/database';
import { problem, sendProblem } from '../problem';

const MAX_FIELD_ERRORS = 50;

/** One error handler for every route: validation → 422/400/404, known client errors kept, the rest hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      if (where === 'params') return sendProblem(reply, problem(404, 'NOT_FOUND', 'Not found.'));
      // No prototype: a field named `constructor` or `toString` is a key like any other (fuzzing found the 500).
      const errors: Record<string, string[]> = Object.create(null);
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        const params = issue.params as { keys?: unknown };
        // Unknown fields are named one by one, so a typo is easy to spot.
        const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys) ? params.keys.map(String) : null;
        // A schema's own text for unknown keys (the sort lists name their keys) wins over the generic one.
        const unknownKey = issue.message && !issue.message.startsWith('Unrecognized key') ? issue.message : 'Unknown field.';
        const entries: [string, string][] = keys
          ? keys.map((k) => [path ? `${path}.${k}` : k, unknownKey])
          : [[path || (where === 'body' ? 'body' : 'query'), issue.message ?? 'Invalid value.']];
        // At most MAX_FIELD_ERRORS fields: a body of thousands of unknown keys must not buy an answer larger than itself.
        for (const [key, message] of entries) {
          if (errors[key] || Object.keys(errors).length < MAX_FIELD_ERRORS) (errors[key] ??= []).push(message);
        }
      }
      return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', errors));
    }
    if (error instanceof ConcurrencyConflictError) {
      return sendProblem(reply, problem(409, 'CONFLICT', 'Someone else changed this at the same time. Please try again.'));
    }
    if (isDatabaseUnavailable(error)) {
      // A warning, not an error: the request was fine and the outage is reported by /health and the workers.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return sendProblem(reply, problem(503, 'SERVICE_UNAVAILABLE', 'The service is under maintenance. Please try again shortly.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type) have safe messages.
      const code = status === 400 ? 'BAD_REQUEST' : (error.code ?? 'CLIENT_ERROR');
      return sendProblem(reply, problem(status, code, error.message));
    }
    // Only name, code, message and stack: driver errors carry row values (personal data) in other fields.
    request.log.error({ err: { type: error.name, code: error.code, message: error.message, stack: error.stack } }, 'request failed');
    return sendProblem(reply, problem(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
  });
}

/**
 * Fastify's router refuses some paths before any hook or error handler runs (a malformed percent-encoding such as a
 * lone surrogate's bytes, a path parameter longer than maxParamLength): those answers are problem+json too, and do
 * not echo the path back.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(reply, problem(414, 'URI_TOO_LONG', 'A part of the address is too long.'));
    return;
  }
  sendProblem(reply, problem(400, 'BAD_REQUEST', 'The address is not a valid URL.'));
}
