import { Button, Stack } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { PermissionsPanel } from '../../features/permissions/components/permissions-panel';
import { useUser } from '../../features/users/api/get-user';
import { BiddingLimitsPanel } from '../../features/users/components/bidding-limits-panel';
import { ProviderAnswers } from '../../features/users/components/provider-answers';
import { useConfirmDeleteUser } from '../../features/users/components/use-confirm-delete-user';
import { UserDetails } from '../../features/users/components/user-details';
import { userTypeLabels } from '../../features/users/user-labels';
import { useSession } from '../../lib/session';
import { userRoute } from './user.route';

/** spec 2 §2 "/user/{uuid}": Dashboard > {Type}s > View User; for providers the answers, permissions and limits. */
export function UserPage() {
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
