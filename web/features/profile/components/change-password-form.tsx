import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { type ChangePasswordFields, changePasswordFields } from '../../../../domain/user/profile';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/server-errors';
import { useChangePassword } from '../api/change-password';

const fields = ['current_password', 'password', 'password_confirmation'] as const;

/** spec 2 §5 "Change password": the current password, then the new one twice, with the password rules. */
export function ChangePasswordForm({ userUuid, onChanged, onCancel }: { userUuid: string; onChanged: () => Promise<void>; onCancel: () => void }) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordFields>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: schemaResolver(changePasswordFields, { sync: true }),
  });

  async function submit(values: ChangePasswordFields) {
    setFormError(null);
    try {
      await change.mutateAsync({ uuid: userUuid, fields: values });
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        const unplaced = applyServerErrors(error, { prefix: '', fields, setFieldError: form.setFieldError });
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
      } else if (isApiError(error, 429)) {
        setFormError('Too many tries. Please wait a minute and try again.');
      } else {
        setFormError('The password could not be changed. Please try again in a moment.');
      }
      return;
    }
    await onChanged();
  }

  return (
    <Paper p="lg" maw={480}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle />} title="Not changed">
              {formError}
            </Alert>
          )}
          <PasswordInput label="Current password" withAsterisk autoComplete="current-password" {...form.getInputProps('current_password')} />
          <PasswordInput
            label="New password"
            withAsterisk
            autoComplete="new-password"
            description="8 to 100 characters, no spaces, and 3 of: lowercase letters, uppercase letters, numbers, special characters."
            {...form.getInputProps('password')}
          />
          <PasswordInput label="Confirm new password" withAsterisk autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
