import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bucketFor, rangeErrors } from '../../domain/statistics/range';
import { dashboardStatistics as statisticsView, statisticsQuery } from '../../domain/statistics/schemas';
import { dashboardStatistics } from '../../projections/statistics/queries';
import { adminOnly } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { sydneyDay } from '../../domain/shared/sydney-time';

// The admin dashboard's statistics panel (spec 1 §2 "Dashboards", §7 "Dashboard statistics by date range"; the
// spec shows no path). Figures come from the statistics projection's per-day rows (docs/statistics.md).

export const statisticsRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    app.get(
      '/v1/statistics/dashboard',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: ['statistics'],
          summary: 'Marketplace figures for a date range (YYYY-MM-DD, inclusive, 2017-01-01 to today in Sydney): admins',
          querystring: statisticsQuery,
          response: { 200: statisticsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const range = request.query;
        const errors = rangeErrors(range, sydneyDay(clock.now()));
        if (errors) return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', errors));
        return dashboardStatistics(db, range, bucketFor(range));
      },
    );
  };
