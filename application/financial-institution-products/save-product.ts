import { productErrors } from '../../domain/financial-institution-product/decider';
import type { ProductFields } from '../../domain/financial-institution-product/schemas';
import { organisationErrors } from '../../domain/organisation/decider';
import type { CommandContext } from '../../infrastructure/command-handler';
import { findProduct } from '../../projections/financial-institution-products/queries';
import { bidderCandidates, findOrganisation } from '../../projections/organisations/queries';
import type { WorkflowDependencies } from '../dependencies';
import { runProductCommand } from './product-commands';

// An admin creates, changes or removes one product (spec 3 §7). The organisation and the named brokers are read
// from the read models (the route first waits for a position the caller names), the rules are the catalogue's.

type Dependencies = Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>;
const organisationNotFound = { ok: false as const, error: { code: organisationErrors.notFound, message: 'Organisation not found.' } };
const productNotFound = { ok: false as const, error: { code: productErrors.notFound, message: 'Product not found.' } };

export async function createProduct(deps: Dependencies, input: { organisationId: string; product: ProductFields }, context: CommandContext) {
  const organisation = await findOrganisation(deps.db, input.organisationId);
  if (!organisation) return organisationNotFound;
  const { allowed_bidders, ...details } = input.product;
  const productId = deps.ids.uuid();
  const result = await runProductCommand(
    deps,
    organisation.uuid,
    {
      type: 'CreateProduct',
      data: { organisation_id: organisation.uuid, organisation_type: organisation.organisation_type, product_id: productId, details, allowed_bidders: await bidderCandidates(deps.db, allowed_bidders) },
    },
    context,
  );
  return result.ok ? { ok: true as const, productId, position: result.position } : result;
}

/** The whole product as sent (PUT); only what differs is recorded. */
export async function changeProduct(deps: Dependencies, input: { productId: string; product: ProductFields }, context: CommandContext) {
  const product = await findProduct(deps.db, input.productId);
  if (!product) return productNotFound;
  const { allowed_bidders, ...details } = input.product;
  const result = await runProductCommand(
    deps,
    product.organisation_uuid,
    {
      type: 'ChangeProduct',
      data: {
        organisation_id: product.organisation_uuid,
        organisation_type: product.organisation_type,
        product_id: product.uuid,
        details,
        allowed_bidders: await bidderCandidates(deps.db, allowed_bidders),
      },
    },
    context,
  );
  return result.ok ? { ok: true as const, position: result.position } : result;
}

export async function removeProduct(deps: Dependencies, productId: string, context: CommandContext) {
  const product = await findProduct(deps.db, productId);
  if (!product) return productNotFound;
  const result = await runProductCommand(deps, product.organisation_uuid, { type: 'RemoveProduct', data: { organisation_id: product.organisation_uuid, product_id: product.uuid } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
