import { Drawer, Paper } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrganisationProviderView } from '../../../domain/organisation/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { PermissionsPanel } from '../../features/permissions/components/permissions-panel';
import { TEAM_PAGE, useTeam } from '../../features/team/api/list-team';
import { TeamTable } from '../../features/team/components/team-table';
import { TeamTableSkeleton } from '../../features/team/components/team-table-skeleton';
import { useSession } from '../../lib/session';
import { myTeamRoute } from './my-team.route';

function MyTeamHeader() {
  return <PageHeader title="My Team" crumbs={['My Team']} />;
}

export function MyTeamPending() {
  return (
    <>
      <MyTeamHeader />
      <Paper>
        <TeamTableSkeleton />
      </Paper>
    </>
  );
}

export function MyTeamPage() {
  const session = useSession();
  const search = myTeamRoute.useSearch();
  const navigate = myTeamRoute.useNavigate();
  const page = search.page ?? 1;
  const { data, isFetching } = useTeam(page);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const [member, setMember] = useState<OrganisationProviderView | null>(null);
  // spec 3 §6: a manager changes the permissions of the organisation's providers.
  const manages = session.can('manage_permissions_for_fsps_within_org');

  return (
    <>
      <MyTeamHeader />
      <Paper>
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{ icon: <IconUsersGroup size={28} />, title: 'No team yet', description: 'Providers appear here once an admin places them in your organisation.' }}
        >
          <TeamTable members={data.result} selfUuid={session.user.uuid} {...(manages ? { onPermissions: setMember } : {})} />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={page}
          count={TEAM_PAGE}
          shown={data.result.length}
          noun="team member"
          onPage={(next) => void navigate({ search: { page: next === 1 ? undefined : next } })}
        />
      </Paper>
      <Drawer
        opened={member !== null}
        onClose={() => setMember(null)}
        position="right"
        size="lg"
        title={member ? `Permissions of ${member.full_name ?? 'this provider'}` : undefined}
      >
        {member && <PermissionsPanel userUuid={member.uuid} />}
      </Drawer>
    </>
  );
}
