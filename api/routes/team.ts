import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationProviderView, teamListQuery } from '../../domain/organisation/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import { listOrganisationProviders } from '../../projections/organisations/queries';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { organisationProviderViews } from './organisation-views';

/**
 * The team (spec 1 §2 /my-team, spec 2 §7 `GET /v2/users`): the providers of the caller's own organisation. A provider
 * never sees another organisation's people; an admin (with `view`, as on every admin list) sees all providers or
 * one organisation's with `filter[organisation_uuid]`.
 */
export const teamRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/v2/users',
      {
        onRequest: allow(deps, { userTypes: ['fsp', 'admin'] }),
        schema: {
          tags: ['users'],
          summary: "The providers of the caller's organisation (admins: any organisation via filter[organisation_uuid])",
          querystring: teamListQuery,
          response: { 200: listResultSchema(organisationProviderView), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const asked = request.query.filter?.organisation_uuid ?? null;
        let organisationUuid = asked;
        // An admin without `view` keeps only the system settings (api/access.ts adminOnly).
        if (caller.userType === 'admin' && !caller.permissions.view) return sendProblem(reply, forbidden());
        if (caller.userType === 'fsp') {
          // Naming another organisation is refused rather than ignored, so a client bug shows.
          if (asked !== null && asked !== caller.organisationUuid) return sendProblem(reply, forbidden());
          // A provider not yet placed in an organisation has no team.
          if (caller.organisationUuid === null) return { total_records: 0, result: [] };
          organisationUuid = caller.organisationUuid;
        }
        await waitForRequestedPosition(db, request, ['users', 'members']);
        const page = await listOrganisationProviders(db, organisationUuid, request.query);
        return { total_records: page.total_records, result: await organisationProviderViews(db, page.result) };
      },
    );
  };
