import { Badge } from '@mantine/core';
import type { BidStatus } from '../../../../domain/bid/schemas';
import type { BidView } from '../../../../contracts/bid';

const colours: Record<BidStatus, string> = {
  active: 'blue',
  accepted: 'teal',
  contacted: 'teal',
  applied: 'teal',
  closed_won: 'green',
  closed_lost: 'gray',
  cancelled: 'red',
  expired: 'gray',
  on_hold: 'yellow',
};

/**
 * The bid's status in the server's words (spec 1 §4: accepted shows as Declared; a bid the customer did not choose
 * says so: docs/bids.md).
 */
export function BidStatusBadge({ bid }: { bid: Pick<BidView, 'status' | 'status_label'> }) {
  return (
    <Badge color={colours[bid.status]} variant="light" data-testid="bid-status">
      {bid.status_label}
    </Badge>
  );
}
