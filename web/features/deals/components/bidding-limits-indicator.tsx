import { Group, Paper, Progress, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { bidLimitLevel } from '../../../../domain/deal/figures';
import { useBiddingLimits } from '../api/get-bidding-limits';
import { limitLevelColours } from '../deal-labels';

const levelTexts = { ok: null, warning: 'Close to the limit', maxed: 'Limit reached' } as const;

/**
 * A provider's bidding limits (spec 3 §3 "Provider limits", §4 "Bidding limit warnings"): deals now accepted and
 * now contacted against the limits, a warning at 80% and maxed at 100% (the warning then turns off).
 */
export function BiddingLimitsIndicator({ providerUuid }: { providerUuid: string }) {
  const { data, isPending, isError } = useBiddingLimits(providerUuid);
  if (isError) return null;
  if (isPending) return <Skeleton h={56} w={420} radius="md" />;
  return (
    <Paper withBorder p="xs" px="sm" radius="md" aria-label="Bidding limits" data-testid="bidding-limits">
      <Group gap="lg" wrap="nowrap">
        <Limit label="Accepted" used={data.accepted.used} limit={data.accepted.limit} />
        <Limit label="Contacted" used={data.contacted.used} limit={data.contacted.limit} />
      </Group>
    </Paper>
  );
}

function Limit({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  // The level is computed here from the same rule as the API's, so the bar and the words always agree.
  const level = bidLimitLevel(used, limit);
  const levelText = levelTexts[level];
  return (
    <Stack gap={4} w={180} data-level={level} data-testid={`limit-${label.toLowerCase()}`}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <Text size="xs" c={level === 'ok' ? 'dimmed' : limitLevelColours[level]} fw={level === 'ok' ? 400 : 700}>
          {limit === null ? `${used} (no limit)` : `${used} / ${limit}`}
        </Text>
      </Group>
      {limit !== null && (
        <Tooltip label={levelText ?? `${Math.round((used / Math.max(limit, 1)) * 100)}% used`} withArrow>
          <Progress value={Math.min(100, (used / Math.max(limit, 1)) * 100)} color={limitLevelColours[level]} size="sm" aria-label={`${label} deals against the limit`} />
        </Tooltip>
      )}
      {levelText && (
        <Text size="xs" c={limitLevelColours[level]} fw={600}>
          {levelText}
        </Text>
      )}
    </Stack>
  );
}
