import { useState } from 'react';
import { customerDashboardStatuses, dashboardPageSize } from '../../../../domain/post/dashboard';
import { ButtonLink } from '../../../components/router-link';
import { type SortOption, sortOptions } from '../dashboard-labels';
import { PostsPanel } from './posts-panel';

const newestFirst = sortOptions[0] as SortOption;
const dashboardFilter = { status: [...customerDashboardStatuses] };

/**
 * The customer's own posts (spec 1 §4: active, review and opportunity on the dashboard; every status on /posts). The
 * dashboard's list is titled "Current posts" and points to My Posts when empty: a settled post is not there, and
 * "No posts yet" beside it would misreport (docs/dashboards.md "The customer's dashboard").
 */
export function CustomerPosts({ allStatuses = false }: { allStatuses?: boolean }) {
  const [filter] = useState(() => (allStatuses ? {} : dashboardFilter));
  return (
    <PostsPanel
      title={allStatuses ? 'Posts' : 'Current posts'}
      variant="customer"
      count={dashboardPageSize}
      filter={filter}
      sort={newestFirst}
      empty={
        allStatuses
          ? { title: 'No posts yet', description: 'The posts you create show here.' }
          : {
              title: 'No current posts',
              description: 'Posts open for bids, in decision or with an accepted bid show here. Settled, closed and cancelled posts are in My Posts.',
              action: (
                <ButtonLink to="/posts" variant="light">
                  See all my posts
                </ButtonLink>
              ),
            }
      }
    />
  );
}
