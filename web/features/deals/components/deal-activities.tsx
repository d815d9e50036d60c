import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, Timeline, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { DealActivityView, DealView } from '../../../../contracts/deal';
import { isApiError } from '../../../lib/api-error';
import { formatAud, formatDate } from '../../../lib/format';
import { activityFormOf, isAddableActivity, isDeletableActivity, newActivityForm } from '../activity-form';
import { useDeleteActivity } from '../api/change-activity';
import { addActivityLabels, notProceedingReasonLabels } from '../deal-labels';
import { type ActivityDialog, ActivityModal } from './activity-modal';

/**
 * The deal's activities in the order they were recorded (spec 1 §2 "Deal detail"), with the add-activity menu (the
 * steps the deal may take now, as the API lists them), edit, and delete after 'Are you sure?' (spec 3 §8).
 */
export function DealActivities({ deal, today }: { deal: DealView; today: string }) {
  const [dialog, setDialog] = useState<ActivityDialog | null>(null);
  const deletion = useDeleteActivity();
  const navigate = useNavigate();
  // The API lists nothing for a reader who may not write (a colleague with view_all_within_organisation).
  const mayWrite = deal.allowed_activity_types.length > 0;
  const addable = deal.allowed_activity_types.filter(isAddableActivity);

  function chooseActivity(type: (typeof addable)[number]) {
    const add = () => setDialog({ kind: 'add', dealUuid: deal.uuid, initial: newActivityForm(type, today) });
    // spec 1 §4, spec 3 §4: for an external deal, application or closed won (when not already an application) first
    // asks to update the external deal (its post is the external deal: docs/external-deals.md).
    const applied = deal.activities.some((a) => a.activity_type === 'application');
    if (!deal.external || applied || (type !== 'application' && type !== 'closed_won')) return add();
    modals.openConfirmModal({
      title: 'Update the external deal?',
      size: 400,
      centered: true,
      children: <Text size="sm">This is an external deal. Do you want to update the external deal (loan and providers) first?</Text>,
      labels: { confirm: 'Update external deal', cancel: 'Continue without updating' },
      onConfirm: () => void navigate({ to: '/external-deal/$mode/$uuid', params: { mode: 'edit', uuid: deal.post_id } }),
      onCancel: add,
    });
  }

  function confirmDelete(activity: DealActivityView) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: <Text size="sm">Your will not be able to recover this activity!</Text>,
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(activity.uuid, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'Success!', message: `${activity.label} was deleted.` }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'The activity was not deleted',
              message: isApiError(error) && [403, 409, 422].includes(error.status) && error.detail ? error.detail : 'Please try again in a moment.',
            }),
        }),
    });
  }

  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Activities</Title>
          {addable.length > 0 && (
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
                  Add activity
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {addable.map((type) => (
                  <Menu.Item key={type} onClick={() => chooseActivity(type)}>
                    {addActivityLabels[type]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Timeline active={deal.activities.length - 1} bulletSize={18} lineWidth={2}>
          {deal.activities.map((activity) => {
            const editable = mayWrite && isAddableActivity(activity.activity_type);
            return (
              <Timeline.Item
                key={activity.uuid}
                data-testid="deal-activity"
                title={
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {activity.label}
                    </Text>
                    {editable && (
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit activity">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${activity.label}`}
                            onClick={() => isAddableActivity(activity.activity_type) && setDialog({ kind: 'edit', activityUuid: activity.uuid, initial: activityFormOf({ ...activity, activity_type: activity.activity_type }) })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {isDeletableActivity(deal, activity) && (
                          <Tooltip label="Delete activity">
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${activity.label}`} loading={deletion.isPending && deletion.variables === activity.uuid} onClick={() => confirmDelete(activity)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    )}
                  </Group>
                }
              >
                <ActivityDetails activity={activity} />
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
      <ActivityModal dialog={dialog} today={today} onClose={() => setDialog(null)} />
    </Paper>
  );
}

function ActivityDetails({ activity }: { activity: DealActivityView }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {formatDate(activity.activity_date)}
      </Text>
      {activity.amount !== null && <Text size="sm">{formatAud(activity.amount)}</Text>}
      {activity.settled_lender && <Text size="sm">Settled lender: {activity.settled_lender}</Text>}
      {activity.reason && <Text size="sm">Reason: {notProceedingReasonLabels[activity.reason]}</Text>}
      {activity.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {activity.description}
        </Text>
      )}
    </Stack>
  );
}
