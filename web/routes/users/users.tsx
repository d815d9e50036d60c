import { Box, Divider, Paper, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { type UserType } from '../../../domain/user/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { useUsers } from '../../features/users/api/list-users';
import { useChangeStatus } from '../../features/users/components/use-change-status';
import { useConfirmDeleteUser } from '../../features/users/components/use-confirm-delete-user';
import { UsersTable } from '../../features/users/components/users-table';
import { UsersTableSkeleton } from '../../features/users/components/users-table-skeleton';
import { userTypeLabels } from '../../features/users/user-labels';
import { isSearchable, type UserListSearch } from '../../features/users/user-list-search';
import { useSession } from '../../lib/session';
import { toParams, usersRoute } from './users.route';

// spec 2 §2 "/users/{user_type}": 25 a page sorted by full name, searched over e-mail, full name, status and mobile
// (the server searches; the box waits 400 ms after typing, spec 2 §7).
const SEARCH_DELAY_MS = 400;

function UsersHeader({ userType }: { userType: UserType }) {
  const title = userTypeLabels[userType].many;
  return (
    <PageHeader
      title={title}
      crumbs={[title]}
      actions={
        userType === 'admin' ? (
          <ButtonLink to="/users/admin/create" leftSection={<IconPlus size={16} />}>
            Create admin
          </ButtonLink>
        ) : undefined
      }
    />
  );
}

export function UsersPending() {
  const { userType } = usersRoute.useParams();
  return (
    <>
      <UsersHeader userType={userType as UserType} />
      <Paper>
        <UsersTableSkeleton />
      </Paper>
    </>
  );
}

export function UsersPage() {
  const userType = usersRoute.useParams().userType as UserType;
  const search = usersRoute.useSearch();
  const navigate = usersRoute.useNavigate();
  const params = toParams(userType, search);
  const { data, isFetching } = useUsers(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const session = useSession();
  const { changeStatus, changingUuid } = useChangeStatus();
  const { confirmDelete, deletingUuid } = useConfirmDeleteUser();
  const [text, setText] = useState(search.search ?? '');

  const setSearch = (changes: Partial<UserListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });
  const searchLater = useDebouncedCallback((value: string) => setSearch({ search: value.trim() || undefined, page: undefined }), SEARCH_DELAY_MS);
  const searchable = isSearchable(text);
  const pages = pageCount(data.total_records, params.count);
  const noun = userTypeLabels[userType].one.toLowerCase();

  return (
    <>
      <UsersHeader userType={userType} />
      <Paper>
        <Box p="md">
          <TextInput
            aria-label="Search"
            placeholder="Search by e-mail, name, status or mobile"
            leftSection={<IconSearch size={16} />}
            maw={420}
            value={text}
            error={searchable ? undefined : "Only letters, digits, spaces and @ . + ' - are allowed."}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              if (isSearchable(value)) searchLater(value);
            }}
          />
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconUsers size={28} />,
            title: params.search ? `No ${noun}s match “${params.search}”` : `No ${noun}s yet`,
            description: params.search ? 'Try another name, e-mail, status or mobile number.' : 'They appear here once they exist.',
          }}
          onLastPage={() => setSearch({ page: pages === 1 ? undefined : pages })}
        >
          <UsersTable
            users={data.result}
            selfUuid={session.user.uuid}
            busyUuid={changingUuid ?? deletingUuid}
            onChangeStatus={changeStatus}
            onDelete={(user) => confirmDelete(user)}
          />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.result.length}
          noun={noun}
          onPage={(page) => setSearch({ page: page === 1 ? undefined : page })}
        />
      </Paper>
    </>
  );
}
