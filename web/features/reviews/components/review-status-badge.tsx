import { Badge } from '@mantine/core';
import type { ReviewStatus } from '../../../../domain/review/schemas';

const colours: Record<ReviewStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };
export const reviewStatusLabels: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge color={colours[status]} variant="light" data-testid="review-status">
      {reviewStatusLabels[status]}
    </Badge>
  );
}
