import { Alert, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type SettingValue,
  type SystemConfigurationDefinition,
  valueSchemaOf,
} from '../../../../domain/system-configuration/catalogue';
import type { SystemConfigurationView } from '../../../../domain/system-configuration/schemas';
import { FormActions } from '../../../components/form-actions';
import { failedSaveMessage } from '../../../lib/server-errors';

type Props = {
  setting: SystemConfigurationView;
  definition: SystemConfigurationDefinition;
  onSubmit: (value: SettingValue) => Promise<void>;
  onCancel: () => void;
};

/** One field editor per field type (spec 3 §2), checked with the same rules as the API. */
export function SystemConfigurationForm({ setting, definition, onSubmit, onCancel }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ value: SettingValue | '' }>({
    initialValues: { value: setting.value },
    validate: {
      value: (value) => {
        const parsed = valueSchemaOf(definition).safeParse(value === '' ? undefined : value);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      },
    },
  });

  const submit = form.onSubmit(async ({ value }) => {
    setFailure(null);
    try {
      await onSubmit(valueSchemaOf(definition).parse(value));
    } catch (error) {
      setFailure(failedSaveMessage(error, { prefix: 'system_configuration', fields: ['value'], setFieldError: form.setFieldError, otherwise: 'The configuration could not be saved. Please try again.' }));
    }
  });

  const input = form.getInputProps('value');
  const editor = (() => {
    switch (definition.field_type) {
      case 'boolean':
        return <Switch label={setting.label} {...form.getInputProps('value', { type: 'checkbox' })} />;
      case 'integer':
        return <NumberInput label={setting.label} {...input} min={definition.min} max={definition.max} allowDecimal={false} clampBehavior="none" allowNegative={definition.min < 0} w={200} />;
      case 'decimal':
        return (
          <NumberInput label={setting.label} {...input} min={definition.min} max={definition.max} decimalScale={2} fixedDecimalScale clampBehavior="none" allowNegative={definition.min < 0} w={200} />
        );
      case 'string':
        return <TextInput label={setting.label} {...input} maxLength={definition.maxLength} />;
      case 'activation_status':
        return (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {setting.label}
            </Text>
            <SegmentedControl
              value={String(form.values.value)}
              onChange={(value) => form.setFieldValue('value', value)}
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              w={240}
            />
          </Stack>
        );
      default: {
        const _never: never = definition;
        return _never;
      }
    }
  })();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        {failure && <Alert color="red">{failure}</Alert>}
        <Text size="sm" c="dimmed">
          {setting.description}
        </Text>
        {editor}
        <FormActions submitLabel="Save" submitting={form.submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
