import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { email } from '../../../../domain/user/schemas';
import { showErrorToast } from '../../../lib/error-toast';

const emailForm = z.object({ email });

/** One e-mail field and a button: asking for the activation mail again or for a password reset link. */
export function EmailRequestForm({ initialEmail, submitLabel, onSubmit }: { initialEmail?: string; submitLabel: string; onSubmit: (email: string) => Promise<unknown> }) {
  const form = useForm({ initialValues: { email: initialEmail ?? '' }, validate: schemaResolver(emailForm, { sync: true }) });
  const submit = async (values: { email: string }) => {
    try {
      await onSubmit(emailForm.parse(values).email);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="E-mail" type="email" autoComplete="email" required autoFocus {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
