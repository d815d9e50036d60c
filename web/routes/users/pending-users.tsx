import { Paper } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { UserView } from '../../../domain/user/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { useUsers } from '../../features/users/api/list-users';
import { PendingUsersTable } from '../../features/users/components/pending-users-table';
import { ApproveProviderModal, RejectProviderModal } from '../../features/users/components/review-provider-modals';
import { pendingUsersRoute, toParams } from './pending-users.route';

/** spec 2 §2 "/pending-users": providers waiting for an admin's review. */
export function PendingUsersPage() {
  const { page } = pendingUsersRoute.useSearch();
  const navigate = pendingUsersRoute.useNavigate();
  const params = toParams(page);
  const { data, isFetching } = useUsers(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const [approving, setApproving] = useState<UserView | null>(null);
  const [rejecting, setRejecting] = useState<UserView | null>(null);
  const pages = pageCount(data.total_records, params.count);
  const goTo = (target: number) => void navigate({ search: { page: target === 1 ? undefined : target } });

  return (
    <>
      <PageHeader title="Pending users" crumbs={['Pending users']} />
      <Paper>
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconUserCheck size={28} />,
            title: 'No providers are waiting',
            description: 'Providers who sign up appear here until you approve or reject them.',
          }}
          onLastPage={() => goTo(pages)}
        >
          <PendingUsersTable users={data.result} onApprove={setApproving} onReject={setRejecting} />
        </ListBody>
        <ListFooter total={data.total_records} page={params.page} count={params.count} shown={data.result.length} noun="pending provider" onPage={goTo} />
      </Paper>
      <ApproveProviderModal user={approving} onClose={() => setApproving(null)} />
      <RejectProviderModal user={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
