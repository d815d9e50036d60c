import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useSession } from '../../lib/session';

export function ProfileEditPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const toProfile = () => navigate({ to: '/profile/$uuid', params: { uuid: user.uuid } });
  return (
    <>
      <PageHeader
        title="Edit profile"
        crumbs={[
          <AnchorLink to="/profile/$uuid" params={{ uuid: user.uuid }} size="sm">
            Profile
          </AnchorLink>,
          'Edit',
        ]}
      />
      <ProfileEditForm
        user={user}
        onCancel={() => void toProfile()}
        onSaved={async () => {
          notifications.show({ color: 'teal', title: 'Success!', message: 'Your profile was saved.' });
          await toProfile();
        }}
      />
    </>
  );
}
