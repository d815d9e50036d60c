import { Center, Divider, Group, Loader, Pagination, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { reviewLimits } from '../../../../domain/review/schemas';
import { formatDate } from '../../../lib/format';
import { useProviderReviews } from '../api/provider-reviews';

/** The provider's approved reviews on its profile, 5 per page, with the average (spec 1 §2, §9). */
export function ProviderReviews({ fspUuid }: { fspUuid: string }) {
  const [page, setPage] = useState(1);
  const reviews = useProviderReviews(fspUuid, page);
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total_records / reviewLimits.pageSize)) : 1;
  return (
    <Paper p="lg" data-testid="provider-reviews">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={4}>Reviews</Title>
          {data && data.average_rating !== null && (
            <Group gap="xs" data-testid="reviews-average">
              <Rating value={data.average_rating} fractions={4} readOnly size="sm" />
              <Text size="sm" fw={600}>
                {data.average_rating.toFixed(2)}
              </Text>
              <Text size="sm" c="dimmed">
                ({data.total_records} {data.total_records === 1 ? 'review' : 'reviews'})
              </Text>
            </Group>
          )}
        </Group>
        {reviews.isPending && (
          <Center mih={80} aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
        {reviews.isError && (
          <Text size="sm" c="dimmed">
            The reviews could not be loaded.
          </Text>
        )}
        {data && data.total_records === 0 && (
          <Text size="sm" c="dimmed">
            No reviews yet
          </Text>
        )}
        {data && data.result.length > 0 && (
          <Stack gap={0} style={{ opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
            {data.result.map((review, index) => (
              <div key={review.uuid} data-testid="provider-review">
                {index > 0 && <Divider my="sm" />}
                <Group justify="space-between" gap="xs">
                  <Rating value={review.rating} readOnly size="sm" />
                  <Text size="xs" c="dimmed">
                    {review.customer_name ?? 'A customer'} · {formatDate(review.created_at)}
                  </Text>
                </Group>
                {review.description && (
                  <Text size="sm" mt={4}>
                    {review.description}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" mt="xs" />}
      </Stack>
    </Paper>
  );
}
