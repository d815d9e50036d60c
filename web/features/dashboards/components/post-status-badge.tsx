import { Badge } from '@mantine/core';
import { type DashboardPostRow, postStatusLabels } from '../../../../domain/post/dashboard';

const colours: Record<DashboardPostRow['status'], string> = {
  pending: 'gray',
  active: 'blue',
  review: 'violet',
  processing: 'indigo',
  opportunity: 'teal',
  expired: 'gray',
  closed_won: 'green',
  closed_lost: 'red',
  cancelled: 'dark',
};

/** A post's status with the spec's words (Bidding, Decision, Settled, Not Proceeding: spec 1 §4). */
export function PostStatusBadge({ status }: { status: DashboardPostRow['status'] }) {
  return (
    // max-content: a narrow table column would otherwise cut the label ("BID ACCEP…").
    <Badge color={colours[status]} variant="light" radius="sm" miw="max-content">
      {postStatusLabels[status]}
    </Badge>
  );
}
