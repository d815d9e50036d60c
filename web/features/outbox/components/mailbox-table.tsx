import { Table, Text } from '@mantine/core';
import type { OutboxMessageSummary } from '../../../../domain/outbox/schemas';
import { AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../mailbox-format';
import { OutboxChannelBadge } from './outbox-channel-badge';
import { OutboxStatusBadge } from './outbox-status-badge';

type Props = {
  messages: readonly OutboxMessageSummary[];
  direction: 'asc' | 'desc';
  onSort: () => void;
};

/** What a message is called in the list: its subject (every SMS has one for the mailbox; older ones may not). */
export function messageTitle(message: Pick<OutboxMessageSummary, 'subject' | 'channel' | 'status'>): string {
  if (message.status === 'erased') return 'Erased message';
  return message.subject ?? (message.channel === 'sms' ? 'Text message' : 'Message');
}

export function MailboxTable({ messages, direction, onSort }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="When" direction={direction} onSort={onSort} />
            <Table.Th>Channel</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id} data-testid="outbox-row">
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(message.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <OutboxChannelBadge channel={message.channel} />
              </Table.Td>
              <Table.Td>{message.recipient ?? <Text c="dimmed" size="sm">—</Text>}</Table.Td>
              <Table.Td>
                <AnchorLink to="/mailbox/$id" params={{ id: message.id }} fw={500} size="sm">
                  {messageTitle(message)}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <OutboxStatusBadge status={message.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
