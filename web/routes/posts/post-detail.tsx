import { PostDetailScreen } from '../../features/post-detail/components/post-detail-screen';
import { postDetailRoute } from './post-detail.route';

// spec 1 §2 "/post/{uuid}": the post detail for every role; the API decides what each may read (docs/post-detail.md).

export function PostDetailPage() {
  const { uuid } = postDetailRoute.useParams();
  return <PostDetailScreen uuid={uuid} />;
}
