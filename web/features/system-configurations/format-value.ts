import type { SystemConfigurationView } from '../../../domain/system-configuration/schemas';

const decimal = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** A value as the list shows it (activation statuses are badges, shown by the table). */
export function formatSettingValue({ field_type, value }: Pick<SystemConfigurationView, 'field_type' | 'value'>): string {
  switch (field_type) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'decimal':
      return typeof value === 'number' ? decimal.format(value) : String(value);
    case 'integer':
      return typeof value === 'number' ? integer.format(value) : String(value);
    case 'string':
    case 'activation_status':
      return String(value);
    default: {
      const _never: never = field_type;
      return _never;
    }
  }
}
