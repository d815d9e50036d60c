import { Alert, Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck } from '@tabler/icons-react';
import { PublicShell } from '../../components/public-shell';
import { useRequestAccountMail } from '../../features/onboarding/api/request-account-mail';
import { EmailRequestForm } from '../../features/onboarding/components/email-request-form';
import { resendActivationRoute } from './resend-activation.route';

export function ResendActivationPage() {
  const { email } = resendActivationRoute.useSearch();
  const resend = useRequestAccountMail('activation');
  return (
    <PublicShell
      title="Send the activation e-mail again"
      description="Enter the e-mail address you signed up with and we will send you a new activation link."
      footer={
        <>
          Already activated? <Anchor href="/login">Log in</Anchor>
        </>
      }
    >
      {resend.isSuccess && (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          If {resend.variables} has an account waiting for activation, a new activation e-mail is on its way.
        </Alert>
      )}
      <EmailRequestForm
        initialEmail={email}
        submitLabel="Send the activation e-mail"
        onSubmit={async (address) => {
          await resend.mutateAsync(address);
          notifications.show({ color: 'teal', title: 'Activation email was sent!', message: 'Check your inbox for the link.' });
        }}
      />
    </PublicShell>
  );
}
