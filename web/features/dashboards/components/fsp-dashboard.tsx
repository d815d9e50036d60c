import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { dashboardPageSize, priorityTableSize } from '../../../../domain/post/dashboard';
import { type SortOption, sortOptions } from '../dashboard-labels';
import { useSavedFilters } from '../use-saved-filters';
import { DashboardFiltersBar } from './dashboard-filters-bar';
import { PostsPanel } from './posts-panel';
import { SortMenu } from './sort-menu';

const reviewDateFirst = sortOptions.find((option) => option.key === 'review_bids_on') as SortOption;

/**
 * The provider's dashboard (spec 1 §2, §9): the priority table (100 posts, no page-size options) and the normal
 * table, both sorted by review date, soonest first; only with view_active_posts.
 */
export function FspDashboard({ canViewActivePosts }: { canViewActivePosts: boolean }) {
  const [filter, setFilter] = useSavedFilters('fsp');
  const [sort, setSort] = useState(reviewDateFirst);
  if (!canViewActivePosts) {
    return (
      <Alert color="gray" icon={<IconLock />} title="Active posts are not available to you">
        Your account does not have the permission to view active posts. Ask your organisation's manager or an admin for it.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <DashboardFiltersBar filter={filter} onChange={setFilter} withStatus={false}>
        <SortMenu value={sort} onChange={setSort} />
      </DashboardFiltersBar>
      <PostsPanel
        title="Priority posts"
        variant="fsp"
        count={priorityTableSize}
        priority
        filter={filter}
        sort={sort}
        empty={{ title: 'No priority posts', description: 'Posts an admin marks as priority show here.' }}
      />
      <PostsPanel
        title="Active posts"
        variant="fsp"
        count={dashboardPageSize}
        priority={false}
        filter={filter}
        sort={sort}
        empty={{ title: 'No active posts', description: 'Posts open for bids and in decision show here.' }}
      />
    </Stack>
  );
}
