import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadListQuery, leadStepLabel, type LeadView, leadView } from '../../domain/lead/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import type { LeadRow } from '../../projections/leads/leads';
import { listLeads } from '../../projections/leads/queries';
import type { UserRow } from '../../projections/users/users';
import { usersByIds } from '../../projections/users/queries';
import { adminOnly } from '../access';
import type { AppDependencies } from '../dependencies';
import { problemResponses } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';

// Leads (docs/leads-and-opportunities.md): the customers who have not published a post, for admins, who may see a
// customer's personal details (docs/personal-data.md).

function toLeadView(row: LeadRow, user: UserRow | undefined): LeadView {
  return {
    uuid: row.customer_id,
    full_name: [user?.first_name, user?.last_name].filter(Boolean).join(' ') || null,
    email: user?.email ?? null,
    status: user?.status ?? 'creating',
    step: row.step,
    step_label: leadStepLabel(row.step),
    draft_post_uuid: row.draft_post_id,
    origin: row.origin,
    campaign_uuid: row.campaign_id,
    registered_at: row.registered_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  };
}

export const leadRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      '/v1/leads',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: ['users'],
          summary: 'Customers who have not published a post: how far they got and when they were last seen (server-paged)',
          querystring: leadListQuery,
          response: { 200: listResultSchema(leadView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, ['leads', 'users']);
        const page = await listLeads(db, request.query);
        const users = await usersByIds(db, page.result.map((row) => row.customer_id));
        return { total_records: page.total_records, result: page.result.map((row) => toLeadView(row, users.get(row.customer_id))) };
      },
    );
  };
