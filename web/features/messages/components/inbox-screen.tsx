import { Badge, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListFooter } from '../../../components/list-footer';
import { PageHeader } from '../../../components/page-header';
import { AnchorLink } from '../../../components/router-link';
import { INBOX_PAGE_SIZE, inboxQueryOptions } from '../api/chat-queries';
import { counterpartOf, formatSentAt } from '../chat-format';

/** spec 1 §2 "/messages": the inbox, conversations with unread messages first, with their counters. */
export function InboxScreen({ page, onPage }: { page: number; onPage(page: number): void }) {
  const inbox = useQuery(inboxQueryOptions(page));
  return (
    <>
      <PageHeader title="Messages" crumbs={['Messages']} />
      <Paper withBorder>
        {inbox.isPending ? (
          <Center mih={160} aria-busy="true">
            <Loader size="sm" />
          </Center>
        ) : inbox.isError ? (
          <Text p="lg" c="red">
            The messages could not be loaded.
          </Text>
        ) : inbox.data.total_records === 0 ? (
          <Text p="lg" c="dimmed">
            No messages yet.
          </Text>
        ) : (
          <>
            <Table highlightOnHover verticalSpacing="sm" data-testid="inbox">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>With</Table.Th>
                  <Table.Th>Last message</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Unread</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inbox.data.result.map((c) => (
                  <Table.Tr key={c.uuid} data-testid="inbox-row" data-conversation={c.uuid} fw={c.unread_count > 0 ? 600 : undefined}>
                    <Table.Td>
                      <AnchorLink to="/posts/$postUuid/messages" params={{ postUuid: c.post_id }} search={{ conversation: c.uuid }}>
                        {counterpartOf(c)}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td maw={420}>
                      <Text size="sm" truncate="end" c={c.last_message ? undefined : 'dimmed'}>
                        {c.last_message ? (c.last_message.text ?? 'Message erased') : 'No messages yet'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatSentAt(c.updated_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {c.unread_count > 0 ? (
                        <Badge color="red" data-testid="unread-count">
                          {c.unread_count}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          0
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <ListFooter total={inbox.data.total_records} page={page} count={INBOX_PAGE_SIZE} shown={inbox.data.result.length} noun="conversation" onPage={onPage} />
          </>
        )}
      </Paper>
    </>
  );
}
