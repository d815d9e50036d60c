import { Badge, Button, Group, NumberInput, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserView } from '../../../../domain/user/schemas';
import { bidLimit, type BidLimitKey, bidLimitMax } from '../../../../domain/user/user-management';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useUpdateUser } from '../api/update-user';
import { type LimitState, limitUsage } from '../bidding-limits';

type Provider = UserView & { fsp: NonNullable<UserView['fsp']> };
type Limits = Record<BidLimitKey, number | null>;

const rows: readonly { key: BidLimitKey; label: string; used: (fsp: Provider['fsp']) => number }[] = [
  { key: 'bids_accepted_limit', label: 'Accepted bids', used: (fsp) => fsp.total_accepted_bids },
  { key: 'bids_contacted_limit', label: 'Contacted bids', used: (fsp) => fsp.total_contacted_bids },
];

const colours: Record<LimitState, string> = { unlimited: 'gray', normal: 'teal', warning: 'orange', maxed: 'red' };
const storedLimits = (fsp: Provider['fsp']): Limits => ({ bids_accepted_limit: fsp.bids_accepted_limit, bids_contacted_limit: fsp.bids_contacted_limit });

/**
 * A provider's bidding limits (spec 3 §2, §4): used / limit with a bar, warning from 80 %, maxed at 100 %. The
 * admin toggles editing, confirms to save ('Limits have been updated!') or resets to the stored values.
 */
export function BiddingLimitsPanel({ user }: { user: Provider }) {
  const [editing, setEditing] = useState(false);
  const [limits, setLimits] = useState<Limits>(storedLimits(user.fsp));
  const [errors, setErrors] = useState<Partial<Record<BidLimitKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateUser();

  function reset() {
    setLimits(storedLimits(user.fsp));
    setErrors({});
    setFormError(null);
  }

  function confirm() {
    const found: Partial<Record<BidLimitKey, string>> = {};
    for (const { key } of rows) {
      const checked = bidLimit.safeParse(limits[key]);
      if (!checked.success) found[key] = checked.error.issues[0]?.message ?? 'Invalid value';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError(null);
    update.mutate(
      { uuid: user.uuid, user: { fsp: limits } },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({ color: 'teal', title: 'Limits have been updated!', message: `${user.full_name ?? 'The provider'}'s bidding limits are saved.` });
        },
        onError: (error) => {
          if (isApiError(error, 422)) {
            setErrors({
              bids_accepted_limit: error.errors['user.fsp.bids_accepted_limit']?.join(' '),
              bids_contacted_limit: error.errors['user.fsp.bids_contacted_limit']?.join(' '),
            });
          }
          // spec 3 §8 "Failed save": the server's error text is not shown.
          setFormError('The limits were not saved. Please try again.');
        },
      },
    );
  }

  return (
    <Paper p="lg" data-testid="bidding-limits-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Bidding limits</Title>
          {!editing && (
            <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              Edit limits
            </Button>
          )}
        </Group>
        <FormErrorAlert message={formError} />
        {rows.map(({ key, label, used }) => {
          const usage = limitUsage(used(user.fsp), user.fsp[key]);
          return (
            <Stack key={key} gap={6}>
              <Group justify="space-between" gap="sm">
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Group gap="xs">
                  {usage.state === 'warning' && (
                    <Badge color="orange" variant="light">
                      Warning
                    </Badge>
                  )}
                  {usage.state === 'maxed' && (
                    <Badge color="red" variant="light">
                      Maxed
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed" data-testid={`${key}-usage`}>
                    {usage.used} / {usage.limit ?? 'No limit'}
                  </Text>
                </Group>
              </Group>
              <Progress value={usage.ratio === null ? 0 : Math.min(100, usage.ratio * 100)} color={colours[usage.state]} aria-label={`${label} used`} />
              {editing && (
                <NumberInput
                  label={`${label} limit`}
                  description="Leave empty for no limit"
                  allowDecimal={false}
                  allowNegative={false}
                  min={0}
                  max={bidLimitMax}
                  maw={240}
                  value={limits[key] ?? ''}
                  error={errors[key]}
                  onChange={(value) => setLimits((current) => ({ ...current, [key]: value === '' ? null : Number(value) }))}
                />
              )}
            </Stack>
          );
        })}
        {editing && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="subtle"
              onClick={() => {
                reset();
                setEditing(false);
              }}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button variant="default" onClick={reset} disabled={update.isPending}>
              Reset
            </Button>
            <Button onClick={confirm} loading={update.isPending}>
              Confirm
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
