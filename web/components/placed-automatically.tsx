import { Text, type TextProps } from '@mantine/core';
import type { BidView } from '../../contracts/bid';
import { AnchorLink } from './router-link';

// docs/auto-bidding.md "Placed automatically": a bid the auto-bidder placed says so. The bid's organisation and
// admins read which template placed it (a link for those who may open the template); the customer only that it was
// automatic. Nothing shows for a bid placed by hand, or where the answer leaves it out (a competing provider).

type Props = { bid: Pick<BidView, 'placed_automatically' | 'auto_bid_template'> } & TextProps;

export function PlacedAutomatically({ bid, ...text }: Props) {
  if (!bid.placed_automatically) return null;
  const template = bid.auto_bid_template;
  return (
    <Text size="sm" c="dimmed" data-testid="placed-automatically" {...text}>
      Placed automatically
      {template && (
        <>
          {' by template '}
          {template.name === null ? (
            'since deleted'
          ) : template.may_open ? (
            <AnchorLink to="/bid-templates/$mode/$uuid" params={{ mode: 'view', uuid: template.uuid }} inherit>
              {template.name}
            </AnchorLink>
          ) : (
            template.name
          )}
        </>
      )}
    </Text>
  );
}
