import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importProducts, PRODUCT_IMPORT_BODY_BYTES } from '../../application/financial-institution-products/import-products';
import { changeProduct, createProduct, removeProduct } from '../../application/financial-institution-products/save-product';
import type { Refusal } from '../../application/refusals';
import { productErrors } from '../../domain/financial-institution-product/decider';
import {
  createProductBody,
  importResultView,
  organisationProductListQuery,
  productListQuery,
  productView,
  updateProductBody,
} from '../../domain/financial-institution-product/schemas';
import { organisationErrors } from '../../domain/organisation/decider';
import { listResultSchema } from '../../domain/shared/list-query';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findProduct, listProducts } from '../../projections/financial-institution-products/queries';
import { findOrganisation } from '../../projections/organisations/queries';
import { adminOnly } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerOnceProjected, answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { toProductView } from './product-views';

// Spec 3 §7 "Organisations and products": an organisation's financial institution products (admin only).

// The views name the product's organisation, from the organisations read model.
const READ_MODELS = ['financial_institution_products', 'organisations'] as const;
const idParams = z.object({ id: z.uuid() });
const WRAPPER = 'financial_institution_product';
const fieldOf: Record<string, string> = { [productErrors.nameTaken]: `${WRAPPER}.product_name`, [productErrors.bidderNotBroker]: `${WRAPPER}.allowed_bidders` };

/** A refusal beside the field at fault, or above the form; a missing product or organisation is no field's. */
function sendRefusal(reply: FastifyReply, error: Refusal) {
  if (error.errors || error.code === productErrors.notFound || error.code === organisationErrors.notFound) return sendProblem(reply, domainProblem(error));
  return sendProblem(reply, domainProblem(error, { field: fieldOf[error.code] ?? 'base' }));
}

export const financialInstitutionProductRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    app.addHook('onRequest', adminOnly(deps));

    /** The product as the lists show it once the change is applied; 202 with its uuid if the projection lags. */
    async function answerProduct(reply: FastifyReply, id: string, position: Position | null, status: 200 | 201) {
      await answerOnceProjected(db, reply, READ_MODELS, position);
      const row = await findProduct(db, id);
      return row ? reply.code(status).send(toProductView(row)) : reply.code(202).send({ uuid: id });
    }

    app.get(
      '/v2/organisations/:id/products',
      {
        schema: {
          tags: ['products'],
          summary: "An organisation's financial institution products (server-paged)",
          params: idParams,
          querystring: organisationProductListQuery,
          response: { 200: listResultSchema(productView), ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        if (!(await findOrganisation(db, request.params.id))) return sendRefusal(reply, { code: organisationErrors.notFound, message: 'Organisation not found.' });
        const { filter, ...paging } = request.query;
        const page = await listProducts(db, { ...paging, filter: { ...filter, organisation_uuid: request.params.id } });
        return { total_records: page.total_records, result: page.result.map(toProductView) };
      },
    );

    app.get(
      '/v2/financial_institution_products',
      {
        schema: {
          tags: ['products'],
          summary: "Every organisation's products (server-paged; the admin's Products page)",
          querystring: productListQuery,
          response: { 200: listResultSchema(productView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const page = await listProducts(db, request.query);
        return { total_records: page.total_records, result: page.result.map(toProductView) };
      },
    );

    app.post(
      '/v2/organisations/:id/financial_institution_products',
      {
        bodyLimit: PRODUCT_IMPORT_BODY_BYTES,
        schema: {
          tags: ['products'],
          summary: 'Create a product (operation create), or import or preview a CSV file of them (operation import_from_csv, dry_run)',
          params: idParams,
          body: createProductBody,
          response: { 200: importResultView, 201: productView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        // The organisation and the brokers are judged as the read models know them: X-Min-Position names one just made.
        await waitForRequestedPosition(db, request, READ_MODELS);
        const context = commandContext(request, clock);
        const body = request.body;
        if (body.operation === 'import_from_csv') {
          const result = await importProducts(deps, { organisationId: request.params.id, file: body }, context);
          if (!result.ok) return sendRefusal(reply, result.error);
          answerPosition(reply, result.position);
          return reply.code(200).send(result.result);
        }
        const result = await createProduct(deps, { organisationId: request.params.id, product: body.financial_institution_product }, context);
        if (!result.ok) return sendRefusal(reply, result.error);
        return answerProduct(reply, result.productId, result.position, 201);
      },
    );

    app.get(
      '/v2/financial_institution_products/:id',
      { schema: { tags: ['products'], summary: 'One product', params: idParams, response: { 200: productView, ...problemResponses } } },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findProduct(db, request.params.id);
        return row ? toProductView(row) : sendRefusal(reply, { code: productErrors.notFound, message: 'Product not found.' });
      },
    );

    app.put(
      '/v2/financial_institution_products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'Save a product (the whole product)',
          params: idParams,
          body: updateProductBody,
          response: { 200: productView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const result = await changeProduct(deps, { productId: request.params.id, product: request.body.financial_institution_product }, commandContext(request, clock));
        if (!result.ok) return sendRefusal(reply, result.error);
        return answerProduct(reply, request.params.id, result.position, 200);
      },
    );

    app.delete(
      '/v2/financial_institution_products/:id',
      { schema: { tags: ['products'], summary: 'Remove a product', params: idParams, response: { 204: z.null(), ...problemResponses } } },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const result = await removeProduct(deps, request.params.id, commandContext(request, clock));
        if (!result.ok) return sendRefusal(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };
