import { useState } from 'react';
import { dashboardPageSize } from '../../../../domain/post/dashboard';
import { type SortOption, sortOptions } from '../dashboard-labels';
import { useSavedFilters } from '../use-saved-filters';
import { DashboardFiltersBar } from './dashboard-filters-bar';
import { PostsPanel } from './posts-panel';
import { SortMenu } from './sort-menu';

const newestFirst = sortOptions[0] as SortOption;

/** The admin's jousts (spec 1 §2): every published post, filters saved in this browser, 25 a page, newest first. */
export function AdminDashboard({ title = 'Jousts' }: { title?: string }) {
  const [filter, setFilter] = useSavedFilters('admin');
  const [sort, setSort] = useState(newestFirst);
  return (
    <PostsPanel
      title={title}
      variant="admin"
      count={dashboardPageSize}
      filter={filter}
      sort={sort}
      empty={{ title: 'No posts', description: 'No post matches these filters.' }}
      toolbar={
        <DashboardFiltersBar filter={filter} onChange={setFilter} withStatus>
          <SortMenu value={sort} onChange={setSort} />
        </DashboardFiltersBar>
      }
    />
  );
}
