import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useCreateAdmin } from '../../features/users/api/create-admin';
import { CreateAdminForm } from '../../features/users/components/create-admin-form';

/** spec 2 §2 "/users/admin/create": create an administrator. */
export function CreateAdminPage() {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const toAdmins = () => navigate({ to: '/users/$userType', params: { userType: 'admin' } });
  return (
    <>
      <PageHeader
        title="Create admin"
        crumbs={[
          <AnchorLink to="/users/$userType" params={{ userType: 'admin' }} size="sm">
            Admins
          </AnchorLink>,
          'Create Admin',
        ]}
      />
      <CreateAdminForm
        onCancel={() => void toAdmins()}
        onSubmit={async (user) => {
          await create.mutateAsync(user);
          notifications.show({ color: 'teal', title: 'Success!', message: `${user.first_name} ${user.last_name} is now an admin.` });
          await toAdmins();
        }}
      />
    </>
  );
}
