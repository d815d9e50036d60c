import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useUser } from '../../features/users/api/get-user';
import { useUpdateUser } from '../../features/users/api/update-user';
import { UserEditForm } from '../../features/users/components/user-edit-form';
import { userTypeLabels } from '../../features/users/user-labels';
import { userEditRoute } from './user-edit.route';

/** spec 2 §2 "/user/{uuid}/edit": Dashboard > plural type > Edit User. */
export function EditUserPage() {
  const { uuid } = userEditRoute.useParams();
  const { data: user } = useUser(uuid);
  const navigate = useNavigate();
  const update = useUpdateUser();
  const toUser = () => navigate({ to: '/user/$uuid', params: { uuid } });

  return (
    <>
      <PageHeader
        title={`Edit ${user.full_name ?? 'user'}`}
        crumbs={[
          <AnchorLink to="/users/$userType" params={{ userType: user.user_type }} size="sm">
            {userTypeLabels[user.user_type].many}
          </AnchorLink>,
          'Edit User',
        ]}
      />
      <UserEditForm
        user={user}
        onCancel={() => void toUser()}
        onSubmit={async (changes) => {
          await update.mutateAsync({ uuid, user: changes });
          notifications.show({ color: 'teal', title: 'Success!', message: `${changes.first_name ?? user.first_name} ${changes.last_name ?? user.last_name} was saved.` });
          await toUser();
        }}
      />
    </>
  );
}
