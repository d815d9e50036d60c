import { findSystemConfiguration } from '../../domain/system-configuration/catalogue';
import { settingsOf, systemConfigurationDecider } from '../../domain/system-configuration/decider';
import { SYSTEM_CONFIGURATION_STREAM } from '../../domain/system-configuration/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

export type SystemConfigurationChange = { key: string; value: unknown; changedBy: string };

/**
 * An admin changes one setting, named by its key or uuid (spec 3 §7 "System configurations"). Answers the settings
 * as the write side holds them after the change, so the caller shows them without waiting for a read model.
 */
export async function changeSystemConfiguration(deps: Pick<WorkflowDependencies, 'store' | 'ids'>, change: SystemConfigurationChange, context: CommandContext) {
  const result = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: SYSTEM_CONFIGURATION_STREAM,
    decider: systemConfigurationDecider,
    command: { type: 'ChangeSystemConfiguration', data: { key: change.key, value: change.value, changed_by: change.changedBy } },
    context,
  });
  if (!result.ok) return result;
  return { ok: true as const, position: result.position, key: findSystemConfiguration(change.key)?.key, settings: settingsOf(result.state) };
}
