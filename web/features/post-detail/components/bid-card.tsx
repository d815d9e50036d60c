import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { BidView } from '../../../../contracts/bid';
import { AskMeButton } from '../../../components/chat-buttons';
import { DetailItem } from '../../../components/detail-item';
import { PlacedAutomatically } from '../../../components/placed-automatically';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { formatAud, formatRate } from '../../../lib/format';
import type { AcceptOffer } from '../bid-acceptance';

type Props = {
  bid: BidView;
  postUuid: string;
  acceptOffer: AcceptOffer;
  /** The viewing provider's own bid: highlighted. */
  own: boolean;
  /** Providers and admins open the bid's own page; customers are sent away from it (spec 1 §2). */
  linkToBid: boolean;
};

/** One bid on the post page: place, lender, rates, repayment; the Accept button where the viewer may accept. */
export function BidCard({ bid, postUuid, acceptOffer, own, linkToBid }: Props) {
  const lender = bid.organisation?.name ?? (bid.bid_type === 'anonymous' ? 'Anonymous lender' : 'A lender');
  return (
    <Paper
      p="md"
      withBorder
      data-testid="bid-card"
      data-bid={bid.uuid}
      data-own={own || undefined}
      bg={own ? 'blue.0' : bid.winning ? 'teal.0' : undefined}
      style={own ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Badge variant={bid.status === 'cancelled' ? 'outline' : 'filled'} color={bid.status === 'cancelled' ? 'gray' : 'blue'} size="lg" data-testid="place-label">
              {bid.place_label ?? '—'}
            </Badge>
            <Text fw={600} data-testid="bid-lender">
              {lender}
            </Text>
            {own && (
              <Badge variant="light" color="blue">
                Your bid
              </Badge>
            )}
            {bid.winning && (
              <Badge color="teal" leftSection={<IconTrophy size={14} />}>
                Winning bid
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            <Badge variant="light" color="gray">
              {bid.status_label}
            </Badge>
            {acceptOffer === 'accept' && (
              <ButtonLink to="/post/$uuid/get-deal/$bidUuid" params={{ uuid: postUuid, bidUuid: bid.uuid }} size="xs" color="teal">
                Accept
              </ButtonLink>
            )}
            {/* spec 1 §6: the customer's ask-me message to this bidder (the button shows for the customer only). */}
            {bid.provider && <AskMeButton postUuid={postUuid} providerUuid={bid.provider.uuid} />}
            {acceptOffer === 'already-accepted' && (
              <Button size="xs" variant="default" disabled>
                Already accepted
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <DetailItem label="Interest rate">
            <span data-testid="bid-interest-rate">{formatRate(bid.interest_rate)}</span>
          </DetailItem>
          <DetailItem label="Comparison rate">
            <span data-testid="bid-comparison-rate">{formatRate(bid.comparison_rate)}</span>
          </DetailItem>
          <DetailItem label="Rate type">
            {bid.rate_type === 'fixed' ? `Fixed${bid.fixed_period ? `, ${bid.fixed_period} years` : ''}` : 'Variable'}
          </DetailItem>
          <DetailItem label="Monthly repayment">{formatAud(bid.monthly_repayment)}</DetailItem>
          <DetailItem label="Monthly savings">{bid.monthly_savings === null ? '—' : formatAud(bid.monthly_savings)}</DetailItem>
        </SimpleGrid>
        <PlacedAutomatically bid={bid} />
        {linkToBid && (
          <AnchorLink to="/post/bid/$uuid/$mode" params={{ uuid: bid.uuid, mode: 'view' }} size="sm">
            View the bid
          </AnchorLink>
        )}
      </Stack>
    </Paper>
  );
}
