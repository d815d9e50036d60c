import type { ProductCommand } from '../../domain/financial-institution-product/commands';
import { type CatalogueState, productDecider } from '../../domain/financial-institution-product/decider';
import { productCatalogueStream } from '../../domain/financial-institution-product/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

/**
 * Runs one command on an organisation's catalogue: decided on all its products, appended, retried on a conflict
 * (a command made from the catalogue is made again on every attempt).
 */
export const runProductCommand = (
  deps: Pick<WorkflowDependencies, 'store' | 'ids'>,
  organisationId: string,
  command: ProductCommand | ((state: CatalogueState) => ProductCommand),
  context: CommandContext,
) => handleCommand({ store: deps.store, ids: deps.ids, streamId: productCatalogueStream(organisationId), decider: productDecider, command, context, personalData: 'withhold' });
