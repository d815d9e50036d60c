import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { useFspQuestions } from '../../features/profile/api/get-fsp-questions';
import { CompleteProfileForm } from '../../features/profile/components/complete-profile-form';
import { useSession } from '../../lib/session';

export function ActivateProfilePage() {
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
