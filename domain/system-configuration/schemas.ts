import { z } from 'zod';
import { fieldTypes, type SettingValue, systemConfigurationCatalogue } from './catalogue';

// The API's shapes (spec 3 §3 "System configuration", §7 "System configurations"); the web parses with them too.

export const settingValue = z.union([z.boolean(), z.number(), z.string()]);

export const systemConfigurationView = z.object({
  key: z.string(),
  uuid: z.uuid(),
  label: z.string(),
  description: z.string(),
  value: settingValue,
  field_type: z.enum(fieldTypes),
});
export type SystemConfigurationView = z.infer<typeof systemConfigurationView>;

export const systemConfigurationList = z.object({ total_records: z.number().int(), result: z.array(systemConfigurationView) });

/**
 * `PATCH /v1/system_configurations {system_configuration: {key | uuid, value}}`. The value's own rules depend on
 * the setting, so they are checked by the decider (a 422 on `value` with the type's message).
 */
export const changeSystemConfigurationBody = z.strictObject({
  system_configuration: z
    .strictObject({
      key: z.string().max(100).optional(),
      uuid: z.uuid({ error: 'Not a system configuration id.' }).optional(),
      value: z.unknown(),
    })
    .refine((c) => c.key !== undefined || c.uuid !== undefined, { message: 'Send the key or the uuid of the configuration.', path: ['key'] })
    .refine((c) => c.value !== undefined, { message: 'Value is required.', path: ['value'] }),
});

/** The list view of every setting, in catalogue order. */
export function systemConfigurationViews(values: Readonly<Record<string, SettingValue>>): SystemConfigurationView[] {
  return systemConfigurationCatalogue.map(({ key, uuid, label, description, field_type }) => ({
    key,
    uuid,
    label,
    description,
    field_type,
    value: values[key] as SettingValue,
  }));
}
