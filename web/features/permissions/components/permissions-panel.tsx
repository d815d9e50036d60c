import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  managersMayChange,
  type PermissionChanges,
  type PermissionGroup,
  type PermissionKey,
  permissionGroups,
  permissionLabel,
  type PermissionsView,
} from '../../../../domain/user/permissions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { type Session, useSession } from '../../../lib/session';
import { usePermissions, useUpdatePermissions } from '../api/permissions';

const groupTitles: Record<PermissionGroup, string> = { view: 'View', manage: 'Manage', bid: 'Bid' };
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * spec 3 §6: update with update_permission (admins) or manage_permissions_for_fsps_within_org (a manager, whose
 * team is all the server shows them); see with view_permission or on the own profile. Nobody changes their own.
 */
function accessOf(session: Session, userUuid: string) {
  const own = session.user.uuid === userUuid;
  const isAdmin = session.user.user_type === 'admin';
  const canUpdate = !own && (isAdmin ? session.can('update_permission') : session.user.user_type === 'fsp' && session.can('manage_permissions_for_fsps_within_org'));
  const canSee = own || canUpdate || (isAdmin && session.can('view_permission'));
  return { canSee: session.user.user_type !== 'customer' && canSee, canUpdate, isAdmin };
}

/** A user's permissions grouped view / manage / bid, with switches for those who may change them. */
export function PermissionsPanel({ userUuid }: { userUuid: string }) {
  const session = useSession();
  const access = accessOf(session, userUuid);
  const permissions = usePermissions(userUuid);
  if (!access.canSee) return null;
  if (permissions.isPending) return <PermissionsSkeleton />;
  // spec 3 §8 "Failed load of a panel": swallowed silently.
  if (permissions.isError) return null;
  return <PermissionsEditor key={permissions.dataUpdatedAt} userUuid={userUuid} stored={permissions.data} canUpdate={access.canUpdate} isAdmin={access.isAdmin} />;
}

function PermissionsEditor(props: { userUuid: string; stored: PermissionsView; canUpdate: boolean; isAdmin: boolean }) {
  const { userUuid, stored, canUpdate, isAdmin } = props;
  const [changes, setChanges] = useState<PermissionChanges>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePermissions(userUuid);
  const dirty = Object.keys(changes).length > 0;

  function toggle(key: PermissionKey, storedValue: boolean, value: boolean) {
    setChanges((current) => {
      const { [key]: _, ...rest } = current;
      return value === storedValue ? rest : { ...rest, [key]: value };
    });
  }

  function save() {
    setError(null);
    update.mutate(
      { container: stored.uuid, permissions: changes },
      {
        onSuccess: () => {
          setChanges({});
          notifications.show({ color: 'teal', title: 'Permissions were successfully updated', message: "They apply from the user's next request." });
        },
        onError: (failure) => setError(isApiError(failure) && failure.status < 500 && failure.detail ? failure.detail : 'The permissions were not saved. Please try again.'),
      },
    );
  }

  return (
    <Paper p="lg" data-testid="permissions-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Permissions</Title>
          {canUpdate && dirty && (
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => setChanges({})} disabled={update.isPending}>
                Reset
              </Button>
              <Button size="xs" onClick={save} loading={update.isPending}>
                Save permissions
              </Button>
            </Group>
          )}
        </Group>
        <FormErrorAlert message={error} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {permissionGroups.map((group) => (
            <Stack key={group} gap="sm">
              <Text fw={600} size="sm" c="dimmed" tt="uppercase">
                {groupTitles[group]}
              </Text>
              {stored[group].map((entry) => (
                <Switch
                  key={entry.key}
                  label={permissionLabel(entry.key)}
                  description={capitalised(entry.description)}
                  checked={changes[entry.key] ?? entry.value}
                  // A manager cannot hand out what only an admin may (domain/user/permissions.ts).
                  disabled={!canUpdate || (!isAdmin && !managersMayChange(entry.key)) || update.isPending}
                  onChange={(event) => toggle(entry.key, entry.value, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function PermissionsSkeleton() {
  return (
    <Paper p="lg" role="status" aria-busy="true" aria-label="Loading permissions">
      <Skeleton h={18} w={140} mb="md" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {[0, 1, 2].map((column) => (
          <Stack key={column} gap="sm">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={28} />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
