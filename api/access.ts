import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../infrastructure/config';
import { problem, sendProblem } from './problem';

/**
 * Admin-only routes (spec 3 §6). Until log-in exists (the identity issue) they are open in development mode only
 * and answer 404 in production; the identity work replaces this one function with the real admin check.
 */
export function adminOnly(config: Config): onRequestAsyncHookHandler {
  return async (_request, reply) => {
    if (!config.developmentMode) return sendProblem(reply, problem(404, 'NOT_FOUND', 'Not found.'));
  };
}
