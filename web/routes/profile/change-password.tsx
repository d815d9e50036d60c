import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { useSession } from '../../lib/session';

export function ChangePasswordPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const toProfile = () => navigate({ to: '/profile/$uuid', params: { uuid: user.uuid } });
  return (
    <>
      <PageHeader
        title="Change password"
        crumbs={[
          <AnchorLink to="/profile/$uuid" params={{ uuid: user.uuid }} size="sm">
            Profile
          </AnchorLink>,
          'Change password',
        ]}
      />
      <ChangePasswordForm
        userUuid={user.uuid}
        onCancel={() => void toProfile()}
        onChanged={async () => {
          notifications.show({ color: 'teal', title: 'Password was changed!', message: 'Other devices are logged out.' });
          await toProfile();
        }}
      />
    </>
  );
}
