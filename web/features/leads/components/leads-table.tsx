import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { lastLeadStep, type LeadView } from '../../../../domain/lead/schemas';
import { AnchorLink } from '../../../components/router-link';
import { formatDate, formatDateTime } from '../../../lib/format';

const originLabels = { auction: 'Post wizard', matching: 'Comparison tool' } as const;

/** The leads: who they are (admins may see it), how far they got, where they started and when they were last seen. */
export function LeadsTable({ leads }: { leads: readonly LeadView[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Leads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th>How far they got</Table.Th>
            <Table.Th>Started from</Table.Th>
            <Table.Th>Registered</Table.Th>
            <Table.Th>Last seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead.uuid} data-testid="lead-row">
              <Table.Td>
                <Stack gap={0}>
                  <AnchorLink to="/user/$uuid" params={{ uuid: lead.uuid }} fw={500} size="sm">
                    {lead.full_name ?? 'No name given yet'}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    {lead.email ?? 'No e-mail given yet'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td miw={200}>
                <Stack gap={4}>
                  <Text size="sm">
                    {lead.step_label}{' '}
                    <Text span size="xs" c="dimmed">
                      (step {lead.step} of {lastLeadStep})
                    </Text>
                  </Text>
                  <Progress value={(lead.step / lastLeadStep) * 100} size="sm" aria-label={`${lead.step_label}, step ${lead.step} of ${lastLeadStep}`} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Text size="sm">{lead.origin ? originLabels[lead.origin] : 'No post yet'}</Text>
                  {lead.campaign_uuid && (
                    <Badge size="xs" variant="light">
                      Campaign
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(lead.registered_at)}</Table.Td>
              <Table.Td>{formatDateTime(lead.last_seen_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
