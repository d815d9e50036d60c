import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { PostDetailScreen } from '../../features/post-detail/components/post-detail-screen';
import { PostNotFound } from '../../components/post-not-found';
import { loadPostDetail } from '../../features/post-detail/load-post-detail';
import { privateRoute } from '../private';

// spec 1 §2 "/post/{uuid}": the post detail for every role; the API decides what each may read (docs/post-detail.md).

export const postDetailRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/$uuid',
  loader: ({ context, params }) => loadPostDetail(context.queryClient, params.uuid),
  notFoundComponent: PostNotFound,
  errorComponent: RouteError,
  component: PostDetailPage,
});

function PostDetailPage() {
  const { uuid } = postDetailRoute.useParams();
  return <PostDetailScreen uuid={uuid} />;
}
