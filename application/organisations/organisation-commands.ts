import type { OrganisationCommand } from '../../domain/organisation/commands';
import { organisationDecider } from '../../domain/organisation/decider';
import { organisationStream } from '../../domain/organisation/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

/** Runs one command on an organisation's stream (the organisation workflows share it). */
export const runOrganisationCommand = (deps: Pick<WorkflowDependencies, 'store' | 'ids'>, command: OrganisationCommand, context: CommandContext) =>
  handleCommand({ store: deps.store, ids: deps.ids, streamId: organisationStream(command.data.organisation_id), decider: organisationDecider, command, context });

/** An admin removes an organisation. */
export const removeOrganisation = (deps: Pick<WorkflowDependencies, 'store' | 'ids'>, organisationId: string, context: CommandContext) =>
  runOrganisationCommand(deps, { type: 'RemoveOrganisation', data: { organisation_id: organisationId } }, context);
