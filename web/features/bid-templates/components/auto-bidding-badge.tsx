import { Badge } from '@mantine/core';
import type { AutoBiddingStatus } from '../../../../domain/bid-template/schemas';
import { autoBiddingColours, autoBiddingLabels } from '../bid-template-labels';

/** A template's auto-bidding status (spec 3 §4 "Auto-bidding"). */
export function AutoBiddingBadge({ status }: { status: AutoBiddingStatus }) {
  return (
    <Badge variant="light" color={autoBiddingColours[status]}>
      {autoBiddingLabels[status]}
    </Badge>
  );
}
