import { useState } from 'react';
import { customerDashboardStatuses, dashboardPageSize } from '../../../../domain/post/dashboard';
import { type SortOption, sortOptions } from '../dashboard-labels';
import { PostsPanel } from './posts-panel';

const newestFirst = sortOptions[0] as SortOption;
const dashboardFilter = { status: [...customerDashboardStatuses] };

/** The customer's own posts (spec 1 §4: active, review and opportunity on the dashboard; every status on /posts). */
export function CustomerPosts({ title, allStatuses = false }: { title: string; allStatuses?: boolean }) {
  const [filter] = useState(() => (allStatuses ? {} : dashboardFilter));
  return (
    <PostsPanel
      title={title}
      variant="customer"
      count={dashboardPageSize}
      filter={filter}
      sort={newestFirst}
      empty={{ title: 'No posts yet', description: allStatuses ? 'The posts you create show here.' : 'Your posts open for bids or in decision show here.' }}
    />
  );
}
