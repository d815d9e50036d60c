import { Accordion, Alert, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useDealHistory } from '../api/get-deal-history';
import { useUserSummary } from '../api/filter-options';
import { historyEntryText } from '../deal-history';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';

/** Admins: every event of the deal's stream and its bid's updates, who and when (issue 5 item 4), loaded when the panel opens. */
export function DealHistoryPanel({ dealUuid }: { dealUuid: string }) {
  const [opened, setOpened] = useState<string | null>(null);
  const history = useDealHistory(dealUuid, opened === 'history');
  return (
    <Accordion variant="separated" value={opened} onChange={setOpened}>
      <Accordion.Item value="history">
        <Accordion.Control>History</Accordion.Control>
        <Accordion.Panel>
          {history.isPending ? (
            <Loader size="sm" />
          ) : history.isError ? (
            <Alert color="red">The history could not be loaded.</Alert>
          ) : (
            <Table striped withTableBorder fz="sm" aria-label="Deal history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.events.map((event) => (
                  <Table.Tr key={`${event.stream}-${event.revision}`}>
                    <Table.Td>{formatDateTime(event.occurred_at)}</Table.Td>
                    <Table.Td>
                      <Who userId={event.user_id} />
                    </Table.Td>
                    <Table.Td>
                      {historyEntryText(event)}
                      {event.erased_fields.length > 0 && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (personal data erased)
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function Who({ userId }: { userId: string | null }) {
  const { data, error } = useUserSummary(userId);
  if (userId === null) return <Text size="sm">System</Text>;
  // A user deleted since (404), or one that cannot be read now: words, never the id (docs/deals.md "History").
  if (error) return <Text size="sm" c="dimmed">{isApiError(error, 404) ? 'A deleted user' : 'Unknown user'}</Text>;
  if (!data) return <Text size="sm">…</Text>;
  return <Text size="sm">{data.name || 'Unknown user'}</Text>;
}
