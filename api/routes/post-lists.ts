import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPostRow, dashboardQuery } from '../../domain/post/dashboard';
import { listResultSchema } from '../../domain/shared/list-query';
import { type DashboardScope, listDashboardPosts } from '../../projections/posts/dashboard-queries';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';

// GET /v2/posts: the dashboards' lists (spec 1 §2 "Dashboards", §6; docs/dashboards.md). The caller's role decides
// the list: an admin with `view` reads every post (the jousts), a provider with `view_active_posts` the priority or
// the normal table of posts open to bids, a customer only their own posts.

/** The list the caller may read; null: not allowed. */
function scopeOf(caller: Caller, priority: boolean): DashboardScope | null {
  switch (caller.userType) {
    case 'admin':
      return caller.permissions.view ? { role: 'admin' } : null;
    case 'fsp':
      return caller.permissions.view_active_posts ? { role: 'fsp', providerId: caller.userId, priority } : null;
    case 'customer':
      return { role: 'customer', ownerId: caller.userId };
  }
}

export const postListRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      '/v2/posts',
      {
        onRequest: allow(deps, { userTypes: ['admin', 'fsp', 'customer'] }),
        schema: {
          tags: ['posts'],
          summary:
            'Dashboard lists: the jousts (admin with view, default newest first), the priority (priority=true, 100 a page) and normal tables of active and review posts (fsp with view_active_posts, default review_bids_on soonest first, with the own bid and its place), or the own posts (customer); filter[states|status|loan_type|credit_band|loan_purpose] take several values',
          querystring: dashboardQuery,
          response: { 200: listResultSchema(dashboardPostRow), ...problemResponses },
        },
      },
      async (request, reply) => {
        const scope = scopeOf(callerOf(request), request.query.priority === 'true');
        if (!scope) return sendProblem(reply, forbidden());
        await waitForRequestedPosition(db, request, ['posts', 'bids']);
        return listDashboardPosts(db, scope, request.query);
      },
    );
  };
