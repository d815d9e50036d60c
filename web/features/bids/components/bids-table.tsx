import { Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { formatPercent } from '../../../../domain/bid/schemas';
import type { BidView } from '../../../../contracts/bid';
import { ActionsTh } from '../../../components/actions-th';
import { ActionIconLink, AnchorLink } from '../../../components/router-link';
import { PlacedAutomatically } from '../../../components/placed-automatically';
import { SortableTh } from '../../../components/sortable-th';
import { formatAud, formatDate, formatRate } from '../../../lib/format';
import { bidNameOf } from '../bid-name';
import { BidStatusBadge } from './bid-status-badge';

type Props = {
  bids: readonly BidView[];
  /** spec 1 §6: the bid's owner shows with view_all_within_organisation, and to admins. */
  showOwner: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
};

/** A page of bids, newest first unless turned round (spec 1 §9). */
export function BidsTable({ bids, showOwner, direction, onSort }: Props) {
  return (
    <Table.ScrollContainer minWidth={showOwner ? 1040 : 900}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Placed" direction={direction} onSort={onSort} />
            <Table.Th>Bid</Table.Th>
            {showOwner && <Table.Th>Owner</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Interest rate</Table.Th>
            <Table.Th ta="right">Comparison rate</Table.Th>
            <Table.Th ta="right">Maximum LVR</Table.Th>
            <Table.Th ta="right">Loan amount</Table.Th>
            <ActionsTh w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bids.map((bid) => (
            <Table.Tr key={bid.uuid} data-testid="bid-row">
              <Table.Td>{formatDate(bid.created_at)}</Table.Td>
              <Table.Td>
                <AnchorLink to="/post/bid/$uuid/$mode" params={{ uuid: bid.uuid, mode: 'view' }} fw={500} size="sm">
                  {bidNameOf(bid)}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {bid.organisation?.name ?? 'Organisation hidden'}
                </Text>
                <PlacedAutomatically bid={bid} size="xs" />
              </Table.Td>
              {showOwner && <Table.Td>{bid.provider?.full_name ?? '—'}</Table.Td>}
              <Table.Td>
                <BidStatusBadge bid={bid} />
              </Table.Td>
              <Table.Td ta="right">{formatRate(bid.interest_rate)}</Table.Td>
              <Table.Td ta="right">{formatRate(bid.comparison_rate)}</Table.Td>
              <Table.Td ta="right">{formatPercent(bid.maximum_lvr)}</Table.Td>
              <Table.Td ta="right">{formatAud(bid.loan_amount)}</Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                <Tooltip label="View" withArrow>
                  <ActionIconLink to="/post/bid/$uuid/$mode" params={{ uuid: bid.uuid, mode: 'view' }} variant="subtle" color="gray" aria-label="View the bid">
                    <IconEye />
                  </ActionIconLink>
                </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
