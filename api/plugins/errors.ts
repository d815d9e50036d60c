import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyConflictError } from '../../infrastructure/command-handler';
import { problem, sendProblem } from '../problem';

// PostgreSQL connection failures (class 08, shutdown 57P0x) and refused sockets mean the database is away: 503.
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return /^08|^57P0[1-3]$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code);
}

/** One error handler for every route: validation → 422/400/404, known client errors kept, the rest hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      if (where === 'params') return sendProblem(reply, problem(404, 'NOT_FOUND', 'Not found.'));
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        const params = issue.params as { keys?: unknown };
        // Unknown fields are named one by one, so a typo is easy to spot.
        const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys) ? params.keys.map(String) : null;
        const entries: [string, string][] = keys
          ? keys.map((k) => [path ? `${path}.${k}` : k, 'Unknown field.'])
          : [[path || (where === 'body' ? 'body' : 'query'), issue.message ?? 'Invalid value.']];
        for (const [key, message] of entries) (errors[key] ??= []).push(message);
      }
      return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', errors));
    }
    if (error instanceof ConcurrencyConflictError) {
      return sendProblem(reply, problem(409, 'CONFLICT', 'Someone else changed this at the same time. Please try again.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'database unavailable');
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
