import { Anchor, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { bidStatusLabels } from '../../../../domain/bid/schemas';
import type { DashboardPostRow } from '../../../../domain/post/dashboard';
import { formatAud, formatDate, formatPercent, formatRate } from '../../../lib/format';
import { customerNextStep, hasAcceptedBid, loanTypeLabels } from '../dashboard-labels';
import { CreditBandBadge } from '../../../components/credit-band-badge';
import { PostStatusBadge } from './post-status-badge';

export type DashboardTableVariant = 'admin' | 'fsp' | 'customer';

type Props = { rows: readonly DashboardPostRow[]; variant: DashboardTableVariant };

// The post detail (/post/{uuid}) is another screen of the route table; a plain link keeps this table independent of it.
const postPath = (uuid: string) => `/post/${uuid}`;

function Place({ row }: { row: DashboardPostRow }) {
  const label = [row.suburb, row.state].filter(Boolean).join(', ') || 'Post';
  return (
    <Group gap={6} wrap="nowrap">
      {row.prioritised && (
        <Tooltip label="Priority">
          <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label="Priority" />
        </Tooltip>
      )}
      <Anchor href={postPath(row.uuid)} fw={500} size="sm">
        {label}
      </Anchor>
    </Group>
  );
}

function LeadingBid({ bid, bidCount, status }: { bid: DashboardPostRow['leading_bid']; bidCount: number; status: DashboardPostRow['status'] }) {
  // The leading bid is an active one: once a bid is accepted or the bids expired, the post has bids but none leads.
  if (!bid) return <Text size="sm" c="dimmed">{hasAcceptedBid(status) ? 'Bid accepted' : bidCount > 0 ? 'No active bid' : 'No bids yet'}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {formatRate(bid.comparison_rate)} <Text span size="xs" c="dimmed">comparison</Text>
      </Text>
      <Text size="xs" c="dimmed">
        {formatRate(bid.interest_rate)} interest{bid.organisation_name ? ` · ${bid.organisation_name}` : ''}
      </Text>
    </Stack>
  );
}

function OwnBid({ bid }: { bid: DashboardPostRow['own_bid'] }) {
  if (!bid) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      {bid.place && <Badge variant="filled" radius="sm" color={bid.place === '1st' ? 'teal' : 'gray'}>{bid.place}</Badge>}
      <Text size="sm">{bidStatusLabels[bid.status]}</Text>
    </Group>
  );
}

/** The posts of a dashboard; the columns follow who reads it (spec 1 §2 "Dashboards"). */
export function DashboardPostsTable({ rows, variant }: Props) {
  return (
    <Table.ScrollContainer minWidth={variant === 'customer' ? 960 : 1080}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Post</Table.Th>
            <Table.Th>Status</Table.Th>
            {variant !== 'customer' && <Table.Th>Loan</Table.Th>}
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">LVR</Table.Th>
            {variant !== 'customer' && <Table.Th>Credit band</Table.Th>}
            {variant !== 'fsp' && <Table.Th>Created</Table.Th>}
            <Table.Th>Review date</Table.Th>
            <Table.Th ta="right">Bids</Table.Th>
            <Table.Th>Leading bid</Table.Th>
            {variant === 'fsp' && <Table.Th>My bid</Table.Th>}
            {variant === 'customer' && <Table.Th>What happens next</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.uuid} data-testid="dashboard-post-row">
              <Table.Td>
                <Place row={row} />
              </Table.Td>
              <Table.Td>
                <PostStatusBadge status={row.status} />
              </Table.Td>
              {variant !== 'customer' && <Table.Td>{row.loan_type ? loanTypeLabels[row.loan_type] : '—'}</Table.Td>}
              <Table.Td ta="right">{row.loan_amount === null ? '—' : formatAud(row.loan_amount)}</Table.Td>
              <Table.Td ta="right">{row.lvr === null ? '—' : formatPercent(row.lvr)}</Table.Td>
              {variant !== 'customer' && (
                <Table.Td>
                  <CreditBandBadge bandKey={row.credit_band} />
                </Table.Td>
              )}
              {variant !== 'fsp' && <Table.Td>{formatDate(row.created_at)}</Table.Td>}
              <Table.Td>{formatDate(row.review_bids_on) || '—'}</Table.Td>
              <Table.Td ta="right">{row.bid_count}</Table.Td>
              <Table.Td>
                <LeadingBid bid={row.leading_bid} bidCount={row.bid_count} status={row.status} />
              </Table.Td>
              {variant === 'customer' && (
                <Table.Td maw={280}>
                  <Text size="sm" data-testid="next-step">
                    {customerNextStep(row)}
                  </Text>
                </Table.Td>
              )}
              {variant === 'fsp' && (
                <Table.Td>
                  <OwnBid bid={row.own_bid ?? null} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
