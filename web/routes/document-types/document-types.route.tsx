import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { TableSkeleton } from '../../components/table-skeleton';
import { documentTypesQueryOptions } from '../../features/document-types/api/document-types';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

export const documentTypesSearch = z.object({ page: z.number().int().min(1).catch(1).default(1), name: z.string().max(100).catch('').default('') });
export const DOCUMENT_TYPES_PAGE_SIZE = 25;

/** The admin's document types (docs/document-types.md): the list required documents choose from. */
export const documentTypesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/document-types',
  validateSearch: documentTypesSearch,
  loaderDeps: ({ search }) => ({ page: search.page, name: search.name, count: DOCUMENT_TYPES_PAGE_SIZE }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(documentTypesQueryOptions(deps)),
  pendingComponent: () => (
    <>
      <PageHeader title="Document types" crumbs={['Document types']} />
      <TableSkeleton label="Loading document types" rows={8} columns={[{ h: 12, flex: 2 }, { h: 12, w: 100 }, { h: 12, w: 80 }]} />
    </>
  ),
  errorComponent: RouteError,
  component: lazyPage(() => import('./document-types'), 'DocumentTypesPage'),
});
