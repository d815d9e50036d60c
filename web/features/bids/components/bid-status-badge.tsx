import { Badge } from '@mantine/core';
import { type BidStatus, bidStatusLabels } from '../../../../domain/bid/schemas';

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

/** The bid's status with the spec's label (spec 1 §4: accepted shows as Declared). */
export function BidStatusBadge({ status }: { status: BidStatus }) {
  return (
    <Badge color={colours[status]} variant="light">
      {bidStatusLabels[status]}
    </Badge>
  );
}
