import { Stack, Table, Text } from '@mantine/core';
import type { DealSummaryView } from '../../../../contracts/deal';
import { DealStageBadge } from '../../../components/deal-stage';
import { AnchorLink } from '../../../components/router-link';
import { formatAud, formatDate } from '../../../lib/format';
import { postTitleOf } from '../../../lib/post-title';

const dayMs = 86_400_000;
/** Whole days since a YYYY-MM-DD date, by the browser's calendar. */
const daysSince = (day: string) => Math.max(0, Math.floor((Date.now() - new Date(`${day}T00:00:00`).getTime()) / dayMs));

/**
 * The won posts with their deal: the loan and where, the customer (the winning provider and admins may see the name,
 * spec 1 §6), the winner (admins), the stage, the value and how long since the last step.
 */
export function OpportunitiesTable({ deals, showWinner }: { deals: readonly DealSummaryView[]; showWinner: boolean }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Opportunities">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Post</Table.Th>
            <Table.Th>Customer</Table.Th>
            {showWinner && <Table.Th>Won by</Table.Th>}
            <Table.Th>Stage</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Accepted</Table.Th>
            <Table.Th>Last step</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deals.map((deal) => {
            const post = deal.post;
            // The post's name (web/lib/post-title.ts) over two lines: the loan, then the place.
            const loan = post ? postTitleOf({ loan_type: post.loan_type, loan_amount: post.loan_amount }, '') : 'Post removed';
            const idle = daysSince(deal.last_activity_date);
            return (
              <Table.Tr key={deal.uuid} data-testid="opportunity-row">
                <Table.Td>
                  <Stack gap={0}>
                    <AnchorLink to="/deals/$uuid" params={{ uuid: deal.uuid }} fw={500} size="sm">
                      {loan || 'Home loan'}
                    </AnchorLink>
                    <Text size="xs" c="dimmed">
                      {[post?.suburb, post?.state].filter(Boolean).join(', ') || '—'}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{deal.customer_name ?? '—'}</Table.Td>
                {showWinner && <Table.Td>{deal.organisation_name ?? '—'}</Table.Td>}
                <Table.Td>
                  <DealStageBadge stage={deal.stage} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatAud(deal.value)}</Text>
                  <Text size="xs" c="dimmed">
                    {deal.value_label}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(deal.opened_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(deal.last_activity_date)}</Text>
                  <Text size="xs" c={idle >= 14 ? 'orange.8' : 'dimmed'}>
                    {idle === 0 ? 'today' : idle === 1 ? '1 day ago' : `${idle} days ago`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
