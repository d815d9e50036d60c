import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { fspQuestionsQueryOptions, useFspQuestions } from '../../features/profile/api/get-fsp-questions';
import { CompleteProfileForm } from '../../features/profile/components/complete-profile-form';
import { useSession } from '../../lib/session';
import { privateRoute } from '../private';

/** spec 2 §2, §4: only an approved provider completes the profile; anyone else (an active user) goes to the dashboard. */
export const fspActivateProfileRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/fsp-activate-profile',
  beforeLoad: ({ context }) => {
    const { user } = context.session;
    if (user.user_type !== 'fsp' || user.status !== 'approved') throw redirect({ to: '/home', replace: true });
  },
  loader: ({ context }) => context.queryClient.fetchQuery(fspQuestionsQueryOptions(context.session.user.uuid)),
  component: ActivateProfilePage,
});

function ActivateProfilePage() {
  const { user } = useSession();
  const questions = useFspQuestions(user.uuid);
  const navigate = useNavigate();
  return (
    <Stack gap={0}>
      <PageHeader title="Complete your profile" crumbs={['Complete your profile']} withDashboard={false} />
      <Text c="dimmed" mb="lg" maw={760}>
        Your account was approved. Add a picture and answer the questions below; then your profile is active and you can
        start bidding.
      </Text>
      <CompleteProfileForm
        user={user}
        questions={questions}
        onCompleted={async () => {
          notifications.show({ color: 'teal', title: 'Profile Complete!', message: 'Welcome to the marketplace.' });
          await navigate({ to: '/home', replace: true });
        }}
      />
    </Stack>
  );
}
