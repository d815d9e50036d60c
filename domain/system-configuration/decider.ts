import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import {
  findSystemConfiguration,
  type SettingValue,
  systemConfigurationCatalogue,
  type SystemSettings,
  valueSchemaOf,
} from './catalogue';
import type { ChangeSystemConfiguration, SystemConfigurationCommand } from './commands';
import type { SystemConfigurationEvent } from './events';

/** The values an admin has set, by key; a key not here has its catalogue default. */
export type SystemConfigurationState = { values: Readonly<Record<string, SettingValue>> };

export const systemConfigurationErrors = {
  notFound: 'SYSTEM_CONFIGURATION_NOT_FOUND',
  invalidValue: 'SYSTEM_CONFIGURATION_VALUE_INVALID',
} as const;

const initialState = (): SystemConfigurationState => ({ values: {} });

/** Every setting's current value: the admin's, or the catalogue default. */
export function settingsOf(state: SystemConfigurationState): SystemSettings {
  return Object.fromEntries(systemConfigurationCatalogue.map((s) => [s.key, state.values[s.key] ?? s.default])) as SystemSettings;
}

function change(command: ChangeSystemConfiguration, state: SystemConfigurationState): Decision<SystemConfigurationEvent> {
  const setting = findSystemConfiguration(command.data.key);
  if (!setting) return reject(systemConfigurationErrors.notFound, 'System configuration not found.');
  const parsed = valueSchemaOf(setting).safeParse(command.data.value);
  if (!parsed.success) return reject(systemConfigurationErrors.invalidValue, parsed.error.issues[0]?.message ?? 'Invalid value.');
  // Saving the value a setting already has records nothing.
  if ((state.values[setting.key] ?? setting.default) === parsed.data) return accept();
  return accept({ type: 'SystemConfigurationChanged', data: { key: setting.key, value: parsed.data, changed_by: command.data.changed_by } });
}

function decide(command: SystemConfigurationCommand, state: SystemConfigurationState): Decision<SystemConfigurationEvent> {
  switch (command.type) {
    case 'ChangeSystemConfiguration':
      return change(command, state);
    default:
      return assertNever(command.type);
  }
}

function evolve(state: SystemConfigurationState, event: SystemConfigurationEvent): SystemConfigurationState {
  switch (event.type) {
    case 'SystemConfigurationChanged':
      return { values: { ...state.values, [event.data.key]: event.data.value } };
    default:
      return assertNever(event.type);
  }
}

export const systemConfigurationDecider: Decider<SystemConfigurationState, SystemConfigurationCommand, SystemConfigurationEvent> = {
  initialState,
  decide,
  evolve,
};
