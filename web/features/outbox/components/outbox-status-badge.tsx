import { Badge, Tooltip } from '@mantine/core';
import type { OutboxStatus } from '../../../../domain/outbox/schemas';
import { outboxStatusDescriptions, outboxStatusLabels } from '../outbox-labels';

const colours: Record<OutboxStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  kept: 'indigo',
  erased: 'gray',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Tooltip label={outboxStatusDescriptions[status]} withArrow>
      <Badge color={colours[status]} variant="light" radius="sm">
        {outboxStatusLabels[status]}
      </Badge>
    </Tooltip>
  );
}
