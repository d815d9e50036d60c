import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeOrganisationDetails, OrganisationCommand } from '../../domain/organisation/commands';
import { organisationDecider, organisationErrors } from '../../domain/organisation/decider';
import { type OrganisationDetails, organisationStream } from '../../domain/organisation/events';
import {
  createOrganisationBody,
  type OrganisationProviderView,
  type OrganisationView,
  organisationListQuery,
  organisationProviderListQuery,
  organisationProviderView,
  organisationView,
  updateOrganisationBody,
} from '../../domain/organisation/schemas';
import { findProduct } from '../../domain/product/products';
import { listResultSchema } from '../../domain/shared/list-query';
import { handleCommand } from '../../infrastructure/command-handler';
import { fileUrl, MAX_IMAGE_BYTES, storeImage } from '../../infrastructure/files';
import type { Position } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { OrganisationRow } from '../../projections/organisations/organisations';
import {
  bidderCandidates,
  findOrganisation,
  listOrganisationProviders,
  listOrganisations,
  type ProviderName,
  providersOf,
} from '../../projections/organisations/queries';
import type { UserRow } from '../../projections/users/users';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

// The view lists the organisation's providers, who live in the users read model.
const READ_MODELS = ['organisations', 'users'] as const;
const idParams = z.object({ id: z.uuid() });
// A cropped logo arrives inline as a data URL: room for a 2 MB image in base64.
const BODY_LIMIT = Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024;

export function toOrganisationView(row: OrganisationRow, fsps: ProviderName[]): OrganisationView {
  return {
    uuid: row.uuid,
    name: row.name,
    abbreviation: row.abbreviation,
    organisation_type: row.organisation_type,
    category: row.category,
    status: row.status,
    logo: row.logo_file_id ? { original: fileUrl(row.logo_file_id) } : null,
    allowed_bidders: row.allowed_bidders,
    fsps: fsps.map(({ uuid, full_name }) => ({ uuid, full_name })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toOrganisationProviderView(row: UserRow): OrganisationProviderView {
  return {
    uuid: row.uuid,
    full_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    email: row.email,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** Spec 3 §7 "Organisations and products" (admin only). */
export const organisationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids } = deps;

    app.addHook('onRequest', adminOnly(deps));

    const execute = (request: FastifyRequest, command: OrganisationCommand) =>
      handleCommand({
        store,
        ids,
        streamId: organisationStream(command.data.organisation_id),
        decider: organisationDecider,
        command,
        context: { userId: callerOf(request).userId, correlationId: request.id, causationId: null, now: clock.now() },
      });

    /** Stores a new logo if one was sent; `undefined` keeps the current one, `null` removes it. */
    async function logoFileId(logo: string | null | undefined, reply: FastifyReply): Promise<string | null | undefined | false> {
      if (logo === undefined || logo === null) return logo;
      const stored = await storeImage(db, logo);
      if (stored.ok) return stored.id;
      const message = stored.reason === 'TOO_LARGE' ? 'The image must be smaller than 2 MB.' : 'Only images are allowed!';
      sendProblem(reply, problem(422, stored.reason, message, { 'organisation.logo': [message] }));
      return false;
    }

    /** The organisation as the list shows it once the change is applied; 202 if the projection lags. */
    async function answerOrganisation(reply: FastifyReply, id: string, position: Position | null, status: 200 | 201) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: 5000 });
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
        bodyLimit: BODY_LIMIT,
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
        const { logo, allowed_bidders, ...fields } = request.body.organisation;
        // The brokers are judged as the read model knows them; X-Min-Position lets a client name one just created.
        await waitForRequestedPosition(db, request, READ_MODELS);
        const candidates = await bidderCandidates(db, allowed_bidders);
        const logo_file_id = await logoFileId(logo, reply);
        if (logo_file_id === false) return reply;
        const organisationId = ids.uuid();
        const details: OrganisationDetails = { ...fields, logo_file_id: logo_file_id ?? null };
        const result = await execute(request, {
          type: 'CreateOrganisation',
          data: { organisation_id: organisationId, product_id: product.uuid, ...details, allowed_bidders: candidates },
        });
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerOrganisation(reply, organisationId, result.position, 201);
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
        if (!row) return sendProblem(reply, problem(404, organisationErrors.notFound, 'Organisation not found.'));
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
        if (!(await findOrganisation(db, request.params.id))) {
          return sendProblem(reply, problem(404, organisationErrors.notFound, 'Organisation not found.'));
        }
        const page = await listOrganisationProviders(db, request.params.id, request.query);
        return { total_records: page.total_records, result: page.result.map(toOrganisationProviderView) };
      },
    );

    app.patch(
      '/v2/organisations/:id',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['organisations'],
          summary: 'Change an organisation',
          params: idParams,
          body: updateOrganisationBody,
          response: { 200: organisationView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const { logo, allowed_bidders, ...fields } = request.body.organisation;
        await waitForRequestedPosition(db, request, READ_MODELS);
        const candidates = allowed_bidders ? await bidderCandidates(db, allowed_bidders) : undefined;
        const logo_file_id = await logoFileId(logo, reply);
        if (logo_file_id === false) return reply;
        const changes: ChangeOrganisationDetails['data']['changes'] = { ...fields, ...(logo_file_id !== undefined ? { logo_file_id } : {}) };
        const id = request.params.id;
        const result = await execute(request, {
          type: 'ChangeOrganisationDetails',
          data: { organisation_id: id, changes, ...(candidates ? { allowed_bidders: candidates } : {}) },
        });
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
        const result = await execute(request, { type: 'RemoveOrganisation', data: { organisation_id: id } });
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };

const bidderErrors: string[] = [organisationErrors.brokerBidders, organisationErrors.bidderNotBroker, organisationErrors.bidderItself];

function sendDomainError(reply: FastifyReply, error: { code: string; message: string }) {
  if (error.code === organisationErrors.notFound) return sendProblem(reply, problem(404, error.code, error.message));
  const field = bidderErrors.includes(error.code) ? 'organisation.allowed_bidders' : 'base';
  return sendProblem(reply, problem(422, error.code, error.message, { [field]: [error.message] }));
}
