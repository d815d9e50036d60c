import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { autoBidImprovementsView } from '../../../../contracts/auto-bid-improvement';
import type { BidView } from '../../../../contracts/bid';
import { apiFetch } from '../../../lib/api-fetch';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { bidKeys } from '../api/bid-keys';

// Floor and step (docs/auto-bidding.md "Floor and step"): the audit of an auto-bid's improvements on the bid's page,
// for the bid's own side (the answer names its template: `auto_bid_template` is set only for them). Nothing shows for
// a bid never improved. The bid that beat it is named by its lender as the reader may see it (the answer leaves out an
// anonymous bid's lender: 'another lender'), never by its id.

export function AutoBidImprovements({ bid }: { bid: Pick<BidView, 'uuid' | 'auto_bid_template'> }) {
  const ownSide = bid.auto_bid_template !== null;
  const { data } = useQuery({
    queryKey: [...bidKeys.detail(bid.uuid), 'improvements'],
    queryFn: ({ signal }) => apiFetch(`/v4/home_loan_bids/${encodeURIComponent(bid.uuid)}/improvements`, { schema: autoBidImprovementsView, signal }),
    enabled: ownSide,
  });
  if (!data || data.improvements.length === 0) return null;
  const template = data.template?.name ?? 'since deleted';
  return (
    <Stack gap={4} data-testid="auto-bid-improvements">
      <Title order={5}>Improvements</Title>
      <List size="sm" spacing={4}>
        {data.improvements.map((improvement) => (
          <List.Item key={improvement.number}>
            <Text size="sm" span>
              {formatDateTime(improvement.improved_at)} Improved by template {template}: {formatPercent(improvement.from.comparison_rate)} → {formatPercent(improvement.to.comparison_rate)} (interest{' '}
              {formatPercent(improvement.from.interest_rate)} → {formatPercent(improvement.to.interest_rate)}) because a bid from{' '}
              {improvement.beaten_by_lender ?? 'another lender'} offered {formatPercent(improvement.beaten_by_comparison_rate)}.
            </Text>
            {improvement.refused && (
              <Text size="sm" c="red" span>
                {' '}Not applied: {improvement.refused.message}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
