import { Alert, Divider, Group, Paper, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFiles } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { DashboardFilter } from '../../../../domain/post/dashboard';
import { ListBody } from '../../../components/list-body';
import { ListFooter, pageCount } from '../../../components/list-footer';
import { errorText } from '../../../lib/error-toast';
import { useDashboardPosts } from '../api/list-dashboard-posts';
import type { SortOption } from '../dashboard-labels';
import { DashboardPostsTable, type DashboardTableVariant } from './dashboard-posts-table';
import { PostsTableSkeleton } from './posts-table-skeleton';

type Props = {
  title: string;
  variant: DashboardTableVariant;
  count: number;
  filter: DashboardFilter;
  sort: SortOption;
  priority?: boolean;
  empty: { title: string; description: string; action?: ReactNode };
  /** Filters and the sort menu, above the table. */
  toolbar?: ReactNode;
};

/** One server-paged table of posts of a dashboard: its own page, the filters and the sort come from the dashboard. */
export function PostsPanel({ title, variant, count, filter, sort, priority, empty, toolbar }: Props) {
  const [page, setPage] = useState(1);
  // A new filter or order starts again at page 1.
  const [shownFor, setShownFor] = useState({ filter, sort });
  if (shownFor.filter !== filter || shownFor.sort !== sort) {
    setShownFor({ filter, sort });
    setPage(1);
  }
  const query = useDashboardPosts({ page, count, filter, sort: { key: sort.key, direction: sort.direction }, ...(priority === undefined ? {} : { priority }) });
  const rows = query.data?.result ?? [];
  const total = query.data?.total_records ?? 0;
  return (
    <Paper aria-label={title} component="section">
      <Group justify="space-between" p="md" gap="sm" align="flex-end">
        <Title order={3} size="h4">
          {title}
          {query.data && (
            <Text span c="dimmed" size="sm" ml="xs">
              ({total})
            </Text>
          )}
        </Title>
        {toolbar}
      </Group>
      <Divider />
      {query.isError ? (
        <Alert m="md" color="red" icon={<IconAlertCircle />} title="The posts could not be loaded">
          {errorText(query.error)}
        </Alert>
      ) : !query.data ? (
        <PostsTableSkeleton label={`Loading ${title.toLowerCase()}`} />
      ) : (
        <>
          <ListBody
            loading={query.isPlaceholderData}
            total={total}
            shown={rows.length}
            empty={{ icon: <IconFiles />, ...empty }}
            onLastPage={() => setPage(pageCount(total, count))}
          >
            <DashboardPostsTable rows={rows} variant={variant} />
          </ListBody>
          <ListFooter total={total} page={page} count={count} shown={rows.length} noun="post" onPage={setPage} />
        </>
      )}
    </Paper>
  );
}
