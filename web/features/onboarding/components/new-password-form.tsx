import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { password } from '../../../../domain/user/schemas';
import { PasswordRules } from './password-rules';
import { passwordsDifferent } from '../../../../domain/user/profile';

// spec 2 §5: the password rules, and a confirmation that must equal the password.
const newPassword = z
  .object({ password, password_confirmation: z.string() })
  .refine((values) => values.password === values.password_confirmation, { message: passwordsDifferent, path: ['password_confirmation'] });
type NewPassword = z.input<typeof newPassword>;

/** Choosing a new password; `onSubmit` may throw, the caller shows why. */
export function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<unknown> }) {
  const form = useForm<NewPassword>({ initialValues: { password: '', password_confirmation: '' }, validate: schemaResolver(newPassword, { sync: true }) });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.password))} noValidate>
      <Stack gap="md">
        <PasswordInput label="New password" autoComplete="new-password" required autoFocus description={<PasswordRules />} {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Save the new password
        </Button>
      </Stack>
    </form>
  );
}
