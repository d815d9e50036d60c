import { Paper, Stack, Text, Title } from '@mantine/core';
import { bidGroups, type BidView } from '../../../../contracts/bid';
import type { AcceptOffer } from '../bid-acceptance';
import { bidGroupTitles, customerBidGroupTitles } from '../post-detail-labels';
import { BidCard } from './bid-card';

type Props = {
  bids: BidView[];
  postUuid: string;
  acceptOfferOf: (bid: BidView) => AcceptOffer;
  isOwn: (bid: BidView) => boolean;
  /** Whether the viewer may open the bid's own page (admins; a provider its own bids). */
  mayOpen: (bid: BidView) => boolean;
  /** The post's customer reads the groups in a customer's words. */
  forCustomer?: boolean;
};

/**
 * The post's bids (spec 1 §2): the winning bid on top, then the groups retention, standard, cancelled and anonymous,
 * each in place order (the API answers them so).
 */
export function PostBids({ bids, postUuid, acceptOfferOf, isOwn, mayOpen, forCustomer = false }: Props) {
  const titles = forCustomer ? customerBidGroupTitles : bidGroupTitles;
  const winning = bids.find((bid) => bid.winning);
  const card = (bid: BidView) => <BidCard key={bid.uuid} bid={bid} postUuid={postUuid} acceptOffer={acceptOfferOf(bid)} own={isOwn(bid)} linkToBid={mayOpen(bid)} />;
  if (bids.length === 0) {
    return (
      <Paper p="lg" withBorder>
        <Title order={4}>Bids</Title>
        <Text c="dimmed" size="sm" mt="sm">
          No bids yet.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="lg" data-testid="post-bids">
      {winning && (
        <Stack gap="xs" data-testid="winning-bid">
          <Title order={4}>Winning bid</Title>
          {card(winning)}
        </Stack>
      )}
      {bidGroups.map((group) => {
        const inGroup = bids.filter((bid) => bid.group === group && bid !== winning);
        if (inGroup.length === 0) return null;
        return (
          <Stack key={group} gap="xs" data-testid={`bid-group-${group}`}>
            <Title order={4}>{titles[group]}</Title>
            {inGroup.map(card)}
          </Stack>
        );
      })}
    </Stack>
  );
}
