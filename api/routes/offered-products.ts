import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offeredProductListQuery, offeredProductView } from '../../domain/financial-institution-product/schemas';
import { providerNotFound } from '../../application/refusals';
import { listResultSchema } from '../../domain/shared/list-query';
import { listOfferedProducts } from '../../projections/financial-institution-products/queries';
import { findUser } from '../../projections/users/queries';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { toOfferedProductView } from './product-views';

// The bid form's product picker (docs/products.md "Who may offer a product"): the products a provider may offer on
// a bid, which the bid decider accepts and no other. A provider asks for itself; an admin bidding for a provider
// (spec 3 §5) for that provider.

const READ_MODELS = ['financial_institution_products', 'organisations', 'users'] as const;

export const offeredProductRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/v2/fsps/:id/financial_institution_products',
      {
        onRequest: allow(deps, { userTypes: ['fsp', 'admin'] }),
        schema: {
          tags: ['products'],
          summary: 'The products a provider may offer on a bid (server-paged, by product name; search by part of a name)',
          params: z.object({ id: z.uuid() }),
          querystring: offeredProductListQuery,
          response: { 200: listResultSchema(offeredProductView), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (caller.userType === 'admin' ? !caller.permissions.view : caller.userId !== request.params.id) return sendProblem(reply, forbidden());
        await waitForRequestedPosition(db, request, READ_MODELS);
        const organisationUuid = caller.userType === 'admin' ? await providerOrganisation(request.params.id) : caller.organisationUuid;
        if (!organisationUuid) return sendProblem(reply, domainProblem(providerNotFound));
        const page = await listOfferedProducts(db, organisationUuid, request.query);
        return { total_records: page.total_records, result: page.result.map(toOfferedProductView) };
      },
    );

    async function providerOrganisation(userId: string): Promise<string | null> {
      const user = await findUser(db, userId);
      return user?.user_type === 'fsp' ? user.organisation_uuid : null;
    }
  };
