import { IconFileOff } from '@tabler/icons-react';
import { NotFoundState } from './not-found-state';
import { PageHeader } from './page-header';
import { ButtonLink } from './router-link';

/** A post that does not exist, was deleted, or is not open to the viewer: all look the same (no enumeration). */
export function PostNotFound() {
  return (
    <>
      <PageHeader title="Post not found" crumbs={['Posts', 'Not found']} />
      <NotFoundState
        icon={<IconFileOff />}
        title="Post not found"
        description="This post does not exist, or it is not open to you."
        action={<ButtonLink to="/home">Go to my dashboard</ButtonLink>}
      />
    </>
  );
}
