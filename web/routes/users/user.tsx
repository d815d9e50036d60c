import { Button, Stack } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { PermissionsPanel } from '../../features/permissions/components/permissions-panel';
import { useUser } from '../../features/users/api/get-user';
import { BiddingLimitsPanel } from '../../features/users/components/bidding-limits-panel';
import { ProviderAnswers } from '../../features/users/components/provider-answers';
import { useConfirmDeleteUser } from '../../features/users/components/use-confirm-delete-user';
import { UserDetails } from '../../features/users/components/user-details';
import { userTypeLabels } from '../../features/users/user-labels';
import { useSession } from '../../lib/session';
import { adminRoute } from '../admin';
import { loadUser } from './load-user';
import { UserNotFoundPage } from './user-not-found-page';

export const userRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/user/$uuid',
  loader: ({ context, params }) => loadUser(context.queryClient, params.uuid),
  notFoundComponent: UserNotFoundPage,
  errorComponent: RouteError,
  component: UserPage,
});

/** spec 2 §2 "/user/{uuid}": Dashboard > {Type}s > View User; for providers the answers, permissions and limits. */
function UserPage() {
  const { uuid } = userRoute.useParams();
  const { data: user } = useUser(uuid);
  const session = useSession();
  const navigate = useNavigate();
  const { confirmDelete, deletingUuid } = useConfirmDeleteUser();
  const isSelf = session.user.uuid === uuid;

  return (
    <>
      <PageHeader
        title={user.full_name ?? user.email ?? 'User'}
        crumbs={[
          <AnchorLink to="/users/$userType" params={{ userType: user.user_type }} size="sm">
            {userTypeLabels[user.user_type].many}
          </AnchorLink>,
          'View User',
        ]}
        actions={
          <>
            <ButtonLink to="/user/$uuid/edit" params={{ uuid }} leftSection={<IconPencil size={16} />}>
              Edit
            </ButtonLink>
            {!isSelf && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={deletingUuid === uuid}
                onClick={() => confirmDelete(user, () => void navigate({ to: '/users/$userType', params: { userType: user.user_type } }))}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <UserDetails user={user} />
        {user.fsp && <ProviderAnswers answers={user.questions ?? []} />}
        {user.fsp && <BiddingLimitsPanel user={{ ...user, fsp: user.fsp }} />}
        {/* spec 3 §2: the permissions panel is not shown for customers. */}
        {user.user_type !== 'customer' && <PermissionsPanel userUuid={uuid} />}
      </Stack>
    </>
  );
}
