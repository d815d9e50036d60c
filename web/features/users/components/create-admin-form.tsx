import { Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { type CreateAdmin, createAdminBody } from '../../../../domain/user/user-management';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';
import { emailTakenMessage } from '../../../../domain/user/email-reservation';
import { personNameMaxLength } from '../../../../domain/shared/limits';
import { passwordHint } from '../../../lib/password-hint';

type FormValues = Omit<CreateAdmin, 'user_type'>;
const fields = ['first_name', 'last_name', 'email', 'country_code', 'mobile_number', 'password'] as const;
const schema = createAdminBody.shape.user;
// spec 2 §5: the server marks a taken address `takenEmail`; the form says it in words.

type Props = { onSubmit: (user: CreateAdmin) => Promise<unknown>; onCancel: () => void };

/** Create an administrator (spec 2 §2 "/users/admin/create"), with the API's own rules. */
export function CreateAdminForm({ onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { first_name: '', last_name: '', email: '', country_code: '61', mobile_number: '', password: '' },
    validate: (values) => schemaResolver(schema, { sync: true })({ ...values, user_type: 'admin' }),
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = schema.safeParse({ ...values, user_type: 'admin' });
    if (!parsed.success) return;
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'user',
          fields,
          setFieldError: (field, message) => form.setFieldError(field, message === 'takenEmail' ? emailTakenMessage : message),
          otherwise: 'The admin could not be created. Please try again in a moment.',
        }),
      );
    }
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not created" message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('last_name')} />
            <TextInput label="E-mail" withAsterisk type="email" autoComplete="off" {...form.getInputProps('email')} />
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextInput label="Code" w={80} leftSection="+" {...form.getInputProps('country_code')} />
              <TextInput label="Mobile number" withAsterisk flex={1} inputMode="tel" {...form.getInputProps('mobile_number')} />
            </Group>
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              description={passwordHint}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
          <FormActions submitLabel="Create admin" submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
