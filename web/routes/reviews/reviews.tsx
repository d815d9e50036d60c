import { Box, Divider, Group, Paper, SegmentedControl } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconStars } from '@tabler/icons-react';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { TableSkeleton } from '../../components/table-skeleton';
import { useReviews } from '../../features/reviews/api/list-reviews';
import { ReviewsTable } from '../../features/reviews/components/reviews-table';
import { type ReviewListSearch, toReviewListParams } from '../../features/reviews/review-list-search';
import { reviewsRoute } from './reviews.route';

// spec 1 §2 "/reviews": the moderation list of reviews (admins; others are sent to the dashboard by adminRoute).

const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function ReviewsHeader() {
  return <PageHeader title="Reviews" crumbs={['Reviews']} />;
}

export function ReviewsPending() {
  return (
    <>
      <ReviewsHeader />
      <Paper>
        <TableSkeleton label="Loading reviews" rows={6} withHeading columns={[{ h: 12, w: 80 }, { h: 12, flex: 2 }, { h: 12, flex: 2 }, { h: 12, w: 90 }, { h: 12, flex: 3 }, { h: 20, w: 70 }, { h: 24, w: 140 }]} />
      </Paper>
    </>
  );
}

export function ReviewsPage() {
  const search = reviewsRoute.useSearch();
  const navigate = reviewsRoute.useNavigate();
  const params = toReviewListParams(search);
  const { data, isFetching } = useReviews(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const setSearch = (changes: Partial<ReviewListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });

  return (
    <>
      <ReviewsHeader />
      <Paper>
        <Group p="md">
          <SegmentedControl
            aria-label="Status"
            data={statusChoices}
            value={search.status ?? 'all'}
            onChange={(value) => setSearch({ status: value === 'all' ? undefined : (value as ReviewListSearch['status']), page: undefined })}
          />
        </Group>
        <Divider />
        <ListBody
          loading={reloading || (isFetching && data.result.length === 0)}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconStars size={28} />,
            title: search.status ? `No ${search.status} reviews` : 'No reviews yet',
            description: 'Reviews customers send after a deal appear here for moderation.',
          }}
          onLastPage={() => setSearch({ page: undefined })}
        >
          <ReviewsTable
            reviews={data.result}
            sortField={params.sortField}
            direction={params.direction}
            onSort={(field) =>
              setSearch({
                sort: field === 'created_at' ? undefined : field,
                direction: params.sortField === field && params.direction === 'desc' ? 'asc' : undefined,
                page: undefined,
              })
            }
          />
        </ListBody>
        <Box>
          <ListFooter total={data.total_records} page={params.page} count={params.count} shown={data.result.length} noun="review" onPage={(page) => setSearch({ page: page === 1 ? undefined : page })} />
        </Box>
      </Paper>
    </>
  );
}
