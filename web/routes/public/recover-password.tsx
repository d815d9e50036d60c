import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { PublicShell } from '../../components/public-shell';
import { AnchorLink } from '../../components/router-link';
import { isApiError } from '../../lib/api-error';
import { useRequestAccountMail } from '../../features/onboarding/api/request-account-mail';
import { useSetNewPassword } from '../../features/onboarding/api/set-new-password';
import { EmailRequestForm } from '../../features/onboarding/components/email-request-form';
import { NewPasswordForm } from '../../features/onboarding/components/new-password-form';
import { showErrorToast } from '../../lib/error-toast';
import { recoverPasswordRoute } from './recover-password.route';

const backToLogin = (
  <>
    Remembered it? <Anchor href="/login">Log in</Anchor>
  </>
);

export function RecoverPasswordPage() {
  const { token } = recoverPasswordRoute.useSearch();
  return token ? <ChooseNewPassword token={token} /> : <AskForLink />;
}

function AskForLink() {
  const recover = useRequestAccountMail('password-recovery');
  if (recover.isSuccess) {
    return (
      <PublicShell title="Check your e-mail" footer={backToLogin}>
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          If {recover.variables} has an account, we sent it a link to choose a new password. The link works for one hour.
        </Alert>
        <Text size="sm" c="dimmed">
          No e-mail after a few minutes? Check your spam folder, or{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => recover.reset()}>
            try again
          </Anchor>
          .
        </Text>
      </PublicShell>
    );
  }
  return (
    <PublicShell title="Forgot your password?" description="Enter your e-mail address and we will send you a link to choose a new password." footer={backToLogin}>
      <EmailRequestForm submitLabel="Send me the link" onSubmit={(email) => recover.mutateAsync(email)} />
    </PublicShell>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const save = useSetNewPassword();
  if (save.isSuccess) {
    return (
      <PublicShell title="Your password was changed">
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          You can log in with your new password now. For your safety, every device that was logged in has been logged out.
        </Alert>
        <Anchor href="/login">Go to log in</Anchor>
      </PublicShell>
    );
  }
  const linkRefused = isApiError(save.error, 422) && 'token' in save.error.errors;
  return (
    <PublicShell title="Choose a new password" footer={backToLogin}>
      {linkRefused ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            This link is invalid, has expired or was already used. Links work once, for one hour.
          </Alert>
          <AnchorLink to="/recover-password" search={{}}>
            Send me a new link
          </AnchorLink>
        </Stack>
      ) : (
        <NewPasswordForm
          onSubmit={async (password) => {
            try {
              await save.mutateAsync({ token, password });
              notifications.show({ color: 'teal', title: 'Password was changed!', message: 'Log in with your new password.' });
            } catch (error) {
              if (!(isApiError(error, 422) && 'token' in error.errors)) showErrorToast(error);
            }
          }}
        />
      )}
    </PublicShell>
  );
}
