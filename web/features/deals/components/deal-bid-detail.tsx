import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DealView } from '../../../../contracts/deal';
import { DetailItem } from '../../../components/detail-item';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { formatAud, formatRate } from '../../../lib/format';

const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
const words = (value: string | null | undefined) => (value ? value.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase()) : '—');

/**
 * The accepted bid's terms (spec 1 §2 "Deal detail: bid detail") and, while the deal is open, "Update bid" for its
 * provider and admins (`canUpdate`, deal-actions.ts): the bid's edit page, which comes back to this deal.
 */
export function DealBidDetail({ bid, dealUuid, canUpdate }: { bid: DealView['bid']; dealUuid: string; canUpdate: boolean }) {
  if (!bid) {
    return (
      <Paper p="lg" withBorder>
        <Title order={4}>Bid</Title>
        <Text size="sm" c="dimmed" mt="sm">
          The bid of this deal cannot be shown.
        </Text>
      </Paper>
    );
  }
  const form = bid.home_loan_bid;
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Bid</Title>
          {canUpdate && (
            <ButtonLink
              to="/post/bid/$uuid/$mode"
              params={{ uuid: bid.uuid, mode: 'edit' }}
              search={{ deal: dealUuid }}
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
            >
              Update bid
            </ButtonLink>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <DetailItem label="Product">{form.product_name ?? '—'}</DetailItem>
          <DetailItem label="Interest rate">
            <span data-testid="deal-bid-interest-rate">{formatRate(form.interest_rate)}</span>
          </DetailItem>
          <DetailItem label="Comparison rate">{formatRate(form.comparison_rate)}</DetailItem>
          <DetailItem label="Rate type">
            {words(form.rate_type)}
            {form.fixed_period ? ` (${form.fixed_period} years)` : ''}
          </DetailItem>
          <DetailItem label="Repayment type">{words(form.repayment_type)}</DetailItem>
          <DetailItem label="Maximum LVR">{formatRate(form.maximum_lvr)}</DetailItem>
          {typeof form.amount === 'number' && <DetailItem label="Bid amount">{formatAud(form.amount)}</DetailItem>}
          <DetailItem label="Offset">{yesNo(form.offset)}</DetailItem>
          <DetailItem label="Redraw">{yesNo(form.redraw)}</DetailItem>
          <DetailItem label="Bid type">
            <Badge variant="light" color="gray" size="sm">
              {words(form.bid_type)}
            </Badge>
          </DetailItem>
        </SimpleGrid>
        <AnchorLink to="/post/bid/$uuid/$mode" params={{ uuid: bid.uuid, mode: 'view' }} size="sm">
          Open the bid
        </AnchorLink>
      </Stack>
    </Paper>
  );
}
