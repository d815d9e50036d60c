import { Paper, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { type ChangePasswordFields, changePasswordFields } from '../../../../domain/user/profile';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useChangePassword } from '../api/change-password';
import { passwordHint } from '../../../lib/password-hint';

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
      setFormError(
        failedSaveMessage(error, {
          prefix: '',
          fields,
          setFieldError: form.setFieldError,
          byStatus: { 429: 'Too many tries. Please wait a minute and try again.' },
          otherwise: 'The password could not be changed. Please try again in a moment.',
        }),
      );
      return;
    }
    await onChanged();
  }

  return (
    <Paper p="lg" maw={480}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not changed" message={formError} />
          <PasswordInput label="Current password" withAsterisk autoComplete="current-password" {...form.getInputProps('current_password')} />
          <PasswordInput
            label="New password"
            withAsterisk
            autoComplete="new-password"
            description={passwordHint}
            {...form.getInputProps('password')}
          />
          <PasswordInput label="Confirm new password" withAsterisk autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
          <FormActions submitLabel="Change password" submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
