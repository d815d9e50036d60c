import type { SettingValue } from './catalogue';

// All settings live in one stream, so a change is decided against the current values of every setting
// (docs/system-configurations.md).

/** An admin set a setting to a new value (already valid for its field type). */
export type SystemConfigurationChanged = {
  type: 'SystemConfigurationChanged';
  data: { key: string; value: SettingValue; changed_by: string };
};

export type SystemConfigurationEvent = SystemConfigurationChanged;

export const systemConfigurationEventTypes = ['SystemConfigurationChanged'] as const;

/** The one stream of the settings: `<aggregate>-<uuid>` with a fixed uuid (DESIGN.md §2). */
export const SYSTEM_CONFIGURATION_STREAM = 'system_configuration-0b6a3f0e-4d7c-4b8e-9f21-5a1c2e3d4f50';
