import { Badge } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import type { OutboxChannel } from '../../../../domain/outbox/schemas';
import { outboxChannelLabels } from '../outbox-labels';

export function OutboxChannelBadge({ channel }: { channel: OutboxChannel }) {
  const Icon = channel === 'email' ? IconMail : IconMessage;
  return (
    <Badge color="gray" variant="outline" radius="sm" leftSection={<Icon size={12} />}>
      {outboxChannelLabels[channel]}
    </Badge>
  );
}
