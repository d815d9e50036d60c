import { Button, Group, Rating, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ModerationStatus } from '../../../../domain/review/schemas';
import { moderationToast, type ReviewView } from '../../../../contracts/review';
import { AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { showErrorToast } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { useModerateReview } from '../api/moderate-review';
import type { ReviewListParams } from '../review-list-search';
import { ReviewStatusBadge } from './review-status-badge';

type SortField = ReviewListParams['sortField'];

type Props = {
  reviews: readonly ReviewView[];
  sortField: SortField;
  direction: 'asc' | 'desc';
  onSort: (field: SortField) => void;
};

/** The moderation table (spec 1 §2 "/reviews"): approve or reject each review; 'Review {status}!' (spec 1 §4). */
export function ReviewsTable({ reviews, sortField, direction, onSort }: Props) {
  const moderate = useModerateReview();
  const [running, setRunning] = useState<string | null>(null);
  const sortOf = (field: SortField) => (sortField === field ? direction : undefined);

  function choose(review: ReviewView, status: ModerationStatus) {
    setRunning(`${review.uuid}:${status}`);
    moderate.mutate(
      { uuid: review.uuid, status },
      {
        onSuccess: () => notifications.show({ color: 'teal', title: moderationToast(status), message: `The review of ${review.fsp_name ?? 'the provider'} is ${status}.` }),
        onError: showErrorToast,
        onSettled: () => setRunning(null),
      },
    );
  }

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Date" direction={sortOf('created_at')} onSort={() => onSort('created_at')} />
            <Table.Th>Provider</Table.Th>
            <Table.Th>Customer</Table.Th>
            <SortableTh label="Rating" direction={sortOf('rating')} onSort={() => onSort('rating')} />
            <Table.Th>Comment</Table.Th>
            <SortableTh label="Status" direction={sortOf('status')} onSort={() => onSort('status')} />
            <Table.Th>Moderate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reviews.map((review) => (
            <Table.Tr key={review.uuid} data-testid="review-row">
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(review.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {review.fsp_name ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {review.organisation_name ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{review.customer_name ?? 'Erased customer'}</Text>
                {review.on_behalf && (
                  <Text size="xs" c="dimmed">
                    Rated by an admin on their behalf
                  </Text>
                )}
                <AnchorLink to="/post/$uuid" params={{ uuid: review.post_uuid }} size="xs">
                  View post
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Tooltip label={`${review.rating} of 5`}>
                  <Rating value={review.rating} readOnly size="sm" />
                </Tooltip>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={3} c={review.description ? undefined : 'dimmed'}>
                  {review.description === null ? 'Erased' : review.description || 'No comment'}
                </Text>
              </Table.Td>
              <Table.Td>
                <ReviewStatusBadge status={review.status} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    color="teal"
                    disabled={review.status === 'approved' || (running !== null && running !== `${review.uuid}:approved`)}
                    loading={running === `${review.uuid}:approved`}
                    onClick={() => choose(review, 'approved')}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={review.status === 'rejected' || (running !== null && running !== `${review.uuid}:rejected`)}
                    loading={running === `${review.uuid}:rejected`}
                    onClick={() => choose(review, 'rejected')}
                  >
                    Reject
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
