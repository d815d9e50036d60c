import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INLINE_IMAGE_BODY_BYTES, isImageRefusal } from '../../application/images';
import { changeOrganisation } from '../../application/organisations/change-organisation';
import { createOrganisation } from '../../application/organisations/create-organisation';
import { removeOrganisation } from '../../application/organisations/organisation-commands';
import { organisationErrors } from '../../domain/organisation/decider';
import {
  createOrganisationBody,
  type OrganisationView,
  organisationListQuery,
  organisationProviderListQuery,
  organisationProviderView,
  organisationView,
  updateOrganisationBody,
} from '../../domain/organisation/schemas';
import { findProduct } from '../../domain/product/products';
import type { DomainError } from '../../domain/shared/decider';
import { listResultSchema } from '../../domain/shared/list-query';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { OrganisationRow } from '../../projections/organisations/organisations';
import { findOrganisation, listOrganisationProviders, listOrganisations, providersOf } from '../../projections/organisations/queries';
import { adminOnly } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerOnceProjected, answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { organisationProviderViews, toOrganisationView } from './organisation-views';

// The view lists the organisation's providers, who live in the users read model.
const READ_MODELS = ['organisations', 'users'] as const;
const idParams = z.object({ id: z.uuid() });
const organisationNotFound = () => domainProblem({ code: organisationErrors.notFound, message: 'Organisation not found.' });

/** Spec 3 §7 "Organisations and products" (admin only). */
export const organisationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    app.addHook('onRequest', adminOnly(deps));

    /** The organisation as the list shows it once the change is applied; 202 if the projection lags. */
    async function answerOrganisation(reply: FastifyReply, id: string, position: Position | null, status: 200 | 201) {
      await answerOnceProjected(db, reply, READ_MODELS, position);
      const row = await findOrganisation(db, id);
      if (!row) return reply.code(202).send({ uuid: id });
      return reply.code(status).send(await withProviders(row));
    }

    async function withProviders(row: OrganisationRow): Promise<OrganisationView> {
      const providers = await providersOf(db, [row.uuid]);
      return toOrganisationView(row, providers.get(row.uuid) ?? []);
    }

    app.get(
      '/v4/organisations',
      {
        schema: {
          tags: ['organisations'],
          summary: 'List organisations (server-paged)',
          querystring: organisationListQuery,
          response: { 200: listResultSchema(organisationView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const page = await listOrganisations(db, request.query);
        const providers = await providersOf(db, page.result.map((row) => row.uuid));
        return { total_records: page.total_records, result: page.result.map((row) => toOrganisationView(row, providers.get(row.uuid) ?? [])) };
      },
    );

    app.post(
      '/v2/products/:id/organisations',
      {
        bodyLimit: INLINE_IMAGE_BODY_BYTES,
        schema: {
          tags: ['organisations'],
          summary: 'Create an organisation',
          params: idParams,
          body: createOrganisationBody,
          response: { 201: organisationView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.id);
        if (!product) return sendProblem(reply, problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.'));
        // The brokers are judged as the read model knows them; X-Min-Position lets a client name one just created.
        await waitForRequestedPosition(db, request, READ_MODELS);
        const result = await createOrganisation(deps, { productId: product.uuid, organisation: request.body.organisation }, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerOrganisation(reply, result.organisationId, result.position, 201);
      },
    );

    app.get(
      '/v2/organisations/:id',
      {
        schema: {
          tags: ['organisations'],
          summary: 'One organisation with its allowed bidders and providers (both always included)',
          params: idParams,
          querystring: z.strictObject({ include: z.string().max(100).optional() }),
          response: { 200: organisationView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findOrganisation(db, request.params.id);
        if (!row) return sendProblem(reply, organisationNotFound());
        return withProviders(row);
      },
    );

    app.get(
      '/v1/organisations/:id/fsps',
      {
        schema: {
          tags: ['organisations'],
          summary: "The organisation's providers (server-paged, by name)",
          params: idParams,
          querystring: organisationProviderListQuery,
          response: { 200: listResultSchema(organisationProviderView), ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        if (!(await findOrganisation(db, request.params.id))) return sendProblem(reply, organisationNotFound());
        const page = await listOrganisationProviders(db, request.params.id, request.query);
        return { total_records: page.total_records, result: await organisationProviderViews(db, page.result) };
      },
    );

    app.patch(
      '/v2/organisations/:id',
      {
        bodyLimit: INLINE_IMAGE_BODY_BYTES,
        schema: {
          tags: ['organisations'],
          summary: 'Change an organisation',
          params: idParams,
          body: updateOrganisationBody,
          response: { 200: organisationView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const id = request.params.id;
        const result = await changeOrganisation(deps, { organisationId: id, changes: request.body.organisation }, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerOrganisation(reply, id, result.position, 200);
      },
    );

    app.delete(
      '/v1/organisations/:id',
      {
        schema: {
          tags: ['organisations'],
          summary: 'Remove an organisation',
          params: idParams,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        const result = await removeOrganisation(deps, id, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };

const bidderErrors: string[] = [organisationErrors.brokerBidders, organisationErrors.bidderNotBroker, organisationErrors.bidderItself];

/** The form shows a refusal beside the field at fault (the logo, the bidders) or above it; a missing one is no field's. */
function sendDomainError(reply: FastifyReply, error: DomainError) {
  if (error.code === organisationErrors.notFound) return sendProblem(reply, domainProblem(error));
  const field = isImageRefusal(error) ? 'organisation.logo' : bidderErrors.includes(error.code) ? 'organisation.allowed_bidders' : 'base';
  return sendProblem(reply, domainProblem(error, { field }));
}
