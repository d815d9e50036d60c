import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PublicShell } from '../../components/public-shell';
import { useSignUpProvider } from '../../features/onboarding/api/sign-up-provider';
import { ProviderSignUpForm } from '../../features/onboarding/components/provider-sign-up-form';

export function SignupFspPage() {
  const navigate = useNavigate();
  const signUp = useSignUpProvider();
  return (
    <PublicShell
      title="Sign up as a lender or broker"
      description="Tell us about you and your organisation. After you confirm your e-mail address, our team reviews your account."
      width={760}
      footer={
        <>
          Already have an account? <Anchor href="/login">Log in</Anchor>
        </>
      }
    >
      <ProviderSignUpForm
        onSubmit={async (user) => {
          await signUp.mutateAsync(user);
          // spec 2 §4: a success toast, then signup-success.
          notifications.show({ color: 'teal', title: 'Success!', message: 'Your account was created. Check your e-mail to activate it.' });
          await navigate({ to: '/signup-success', search: { email: user.email } });
        }}
      />
    </PublicShell>
  );
}
