import type { ChangeOrganisationDetails } from '../../domain/organisation/commands';
import type { OrganisationFields } from '../../domain/organisation/schemas';
import type { CommandContext } from '../../infrastructure/command-handler';
import { bidderCandidates } from '../../projections/organisations/queries';
import type { WorkflowDependencies } from '../dependencies';
import { storeImageField } from '../images';
import { runOrganisationCommand } from './organisation-commands';

/** An admin changes an organisation: a field left out keeps its value (a new logo is stored, `logo: null` removes it). */
export async function changeOrganisation(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>,
  input: { organisationId: string; changes: Partial<OrganisationFields> },
  context: CommandContext,
) {
  const { logo, allowed_bidders, ...fields } = input.changes;
  const candidates = allowed_bidders ? await bidderCandidates(deps.db, allowed_bidders) : undefined;
  const logoFile = await storeImageField(deps.db, logo);
  if (!logoFile.ok) return logoFile;
  const changes: ChangeOrganisationDetails['data']['changes'] = { ...fields, ...(logoFile.id !== undefined ? { logo_file_id: logoFile.id } : {}) };
  const result = await runOrganisationCommand(
    deps,
    { type: 'ChangeOrganisationDetails', data: { organisation_id: input.organisationId, changes, ...(candidates ? { allowed_bidders: candidates } : {}) } },
    context,
  );
  return result.ok ? { ok: true as const, position: result.position } : result;
}
