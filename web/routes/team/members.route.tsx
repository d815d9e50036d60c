import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { userStatuses } from '../../../domain/user/schemas';
import { RouteError } from '../../components/route-error';
import { membersQueryOptions } from '../../features/team/api/list-members';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

const membersSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  organisation: z.uuid().optional().catch(undefined),
  /** The organisation's name, kept so the filter shows it before its options load. */
  organisation_name: z.string().max(100).optional().catch(undefined),
  status: z.enum(userStatuses).optional().catch(undefined),
});

/** Members (spec 1 §2 "Organisations (organisations, members, products)"): the providers of every organisation, for admins. */
export const membersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/members',
  validateSearch: membersSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, organisation_uuid: search.organisation, status: search.status }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(membersQueryOptions(deps)),
  errorComponent: RouteError,
  component: lazyPage(() => import('./members'), 'MembersPage'),
});
