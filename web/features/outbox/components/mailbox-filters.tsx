import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { outboxChannels, outboxFilter, outboxStatuses } from '../../../../domain/outbox/schemas';
import type { MailboxSearch } from '../mailbox-search';
import { outboxChannelLabels, outboxStatusLabels } from '../outbox-labels';

type Filters = Pick<MailboxSearch, 'channel' | 'status' | 'recipient'>;
type Props = { filters: Filters; onChange: (changes: Filters) => void };

const channelOptions = outboxChannels.map((value) => ({ value, label: outboxChannelLabels[value] }));
const statusOptions = outboxStatuses.map((value) => ({ value, label: outboxStatusLabels[value] }));

export function MailboxFilters({ filters, onChange }: Props) {
  const [recipient, setRecipient] = useState(filters.recipient ?? '');
  // The same rule the API applies to the search.
  const recipientCheck = outboxFilter.shape.recipient.safeParse(recipient);
  const applyRecipient = useDebouncedCallback((value: string) => {
    const checked = outboxFilter.shape.recipient.safeParse(value);
    if (checked.success) onChange({ recipient: checked.data || undefined });
  }, 300);
  const hasFilters = Boolean(filters.channel || filters.status || filters.recipient);

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        aria-label="Search by recipient"
        placeholder="Search by recipient"
        leftSection={<IconSearch size={16} />}
        value={recipient}
        onChange={(event) => {
          setRecipient(event.currentTarget.value);
          applyRecipient(event.currentTarget.value);
        }}
        error={recipientCheck.success ? undefined : recipientCheck.error.issues[0]?.message}
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        aria-label="Channel"
        placeholder="Any channel"
        data={channelOptions}
        value={filters.channel ?? null}
        onChange={(value) => onChange({ channel: outboxChannels.find((channel) => channel === value) })}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: outboxStatuses.find((status) => status === value) })}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
      {hasFilters && (
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setRecipient('');
            onChange({ channel: undefined, status: undefined, recipient: undefined });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
