import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../infrastructure/database/database';
import { countHit } from '../infrastructure/rate-limit-store';
import { problem, sendProblem } from './problem';

// Every route plugin that limits requests registers @fastify/rate-limit with these options: the counters live in the
// database (infrastructure/rate-limit-store.ts), so the limits hold across API processes, and a refusal is a 429
// problem with Retry-After (docs/security.md "Rate limits (shared)").

const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const tooManyRequests = (ttlMs: number) => problem(429, 'TOO_MANY_REQUESTS', `Too many requests. Please try again in ${waitText(ttlMs)}.`);

/** The name a route's counters are kept under, so two routes limited by the same key (an address) count apart. */
function scopeOf(options: unknown): string {
  const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
  if (!route?.url) return 'shared'; // limiters made with createRateLimit: their keys carry a prefix of their own
  // Fastify answers HEAD with the GET handler: both count against the one limit.
  const methods = [route.method ?? ''].flat().map((method) => (method === 'HEAD' ? 'GET' : method));
  return `${[...new Set(methods)].join(',')} ${route.url}`;
}

export function rateLimitOptions(db: Database, options: Pick<RateLimitPluginOptions, 'hook'> = {}): RateLimitPluginOptions {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _pluginOptions: unknown,
      private readonly scope = 'shared',
    ) {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, this.scope, key, timeWindow).then(
        (hit) => callback(null, { current: hit.hits, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new SharedStore(routeOptions, scopeOf(routeOptions));
    }
  }
  return {
    global: false,
    store: SharedStore,
    // Thrown by the plugin; the error handler turns it into problem+json with these code and text.
    errorResponseBuilder: (_request, context) => {
      const answer = tooManyRequests(context.ttl);
      return Object.assign(new Error(answer.detail), { statusCode: 429, code: answer.code });
    },
    ...options,
  };
}

export type ExtraLimit = { max: number; timeWindow: string; key: (request: FastifyRequest) => string };

/**
 * A preHandler counting the request against several limits (the plugin runs one limiter per request, hence this for
 * a route limited per user and per address). Needs the plugin registered with `rateLimitOptions` in `app`.
 */
export function limitedBy(app: FastifyInstance, limits: readonly ExtraLimit[]) {
  const limiters = limits.map((limit) => app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: limit.key }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) {
        reply.header('retry-after', state.ttlInSeconds);
        return sendProblem(reply, tooManyRequests(state.ttl));
      }
    }
  };
}
