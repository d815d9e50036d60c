import type { FastifyPluginAsync } from 'fastify';
import type { WorkflowDependencies } from '../application/dependencies';
import type { DatabaseHandle } from '../infrastructure/database/database';
import type { KnownCaller } from './authentication';
import type { KnownCallers } from './known-callers';

/** What the routes get: the workflows' dependencies and the API's own (live streams, the callers' cache). */
export type AppDependencies = WorkflowDependencies & {
  /** LISTEN for the live message stream (docs/messages.md); without it `GET /v1/messages/live` answers 503. */
  listen?: DatabaseHandle['listen'];
  /** Timings of the live message stream (tests shorten them). */
  messageHub?: { heartbeatMs?: number; maxStreamMs?: number };
  /** The callers' rows kept between requests (api/known-callers.ts); buildApp makes it when it can listen. */
  callers?: KnownCallers<KnownCaller>;
};

/** Routes outside the product, registered beside its own: the benchmark's ceiling route (scripts/bench/ceiling-route.ts). */
export type ExtraRoutes = (deps: AppDependencies) => FastifyPluginAsync;
