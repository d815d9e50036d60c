import type { OrganisationFields } from '../../domain/organisation/schemas';
import type { CommandContext } from '../../infrastructure/command-handler';
import { bidderCandidates } from '../../projections/organisations/queries';
import type { WorkflowDependencies } from '../dependencies';
import { storeImageField } from '../images';
import { runOrganisationCommand } from './organisation-commands';

/**
 * An admin creates an organisation under a product (spec 3 §7 "Organisations and products"): the logo is stored, the
 * allowed bidders are judged as the read model knows them (the caller waits for a position it names first).
 */
export async function createOrganisation(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>, input: { productId: string; organisation: OrganisationFields }, context: CommandContext) {
  const { logo, allowed_bidders, ...fields } = input.organisation;
  const candidates = await bidderCandidates(deps.db, allowed_bidders);
  const logoFile = await storeImageField(deps.db, logo);
  if (!logoFile.ok) return logoFile;
  const organisationId = deps.ids.uuid();
  const result = await runOrganisationCommand(
    deps,
    { type: 'CreateOrganisation', data: { organisation_id: organisationId, product_id: input.productId, ...fields, logo_file_id: logoFile.id ?? null, allowed_bidders: candidates } },
    context,
  );
  return result.ok ? { ok: true as const, organisationId, position: result.position } : result;
}
