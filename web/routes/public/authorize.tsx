import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { createRoute, redirect, useRouter } from '@tanstack/react-router';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { authorizeRequest } from '../../../domain/user/schemas';
import { PublicShell } from '../../components/public-shell';
import { apiFetch } from '../../lib/api-fetch';
import { isApiError } from '../../lib/api-error';
import { publicRoute } from '../public';

// The identity page: the product acting as its own identity provider (authorization code with PKCE). It checks the
// password and sends the browser back to the client's redirect with a one-time code; it never hands out tokens.

const authorizeSearch = authorizeRequest.omit({ username: true, password: true });
const credentials = authorizeRequest.pick({ username: true, password: true });
type Credentials = z.input<typeof credentials>;

export const authorizeRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/authorize',
  validateSearch: (search) => authorizeSearch.partial().parse(search),
  // Opened without a log-in request (a bookmark, a typed URL): start one.
  beforeLoad: ({ search }) => {
    if (!authorizeSearch.safeParse(search).success) throw redirect({ to: '/login', search: {}, replace: true });
  },
  component: IdentityPage,
});

function IdentityPage() {
  const request = authorizeSearch.parse(authorizeRoute.useSearch());
  const router = useRouter();
  const form = useForm<Credentials>({ initialValues: { username: '', password: '' }, validate: schemaResolver(credentials, { sync: true }) });
  const logIn = useMutation({
    mutationFn: (values: Credentials) =>
      apiFetch('/oauth/authorize', { method: 'POST', body: { ...request, ...values }, schema: z.object({ redirect_to: z.string().startsWith('/') }) }),
    onSuccess: ({ redirect_to }) => router.history.push(redirect_to),
  });
  const failure = logIn.error ? (isApiError(logIn.error) ? (logIn.error.detail ?? logIn.error.title) : 'Something is wrong with internet connection.') : null;

  return (
    <PublicShell
      title="Log in"
      description="Welcome back. Log in to your account."
      footer={
        <>
          Lender or broker without an account? <Anchor href="/signup-fsp">Sign up</Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit((values) => logIn.mutate(values))} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="E-mail" type="email" autoComplete="username" required autoFocus {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor href="/recover-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={logIn.isPending || logIn.isSuccess}>
            Log in
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Too many wrong passwords slow log-in down for a minute.
          </Text>
        </Stack>
      </form>
    </PublicShell>
  );
}
