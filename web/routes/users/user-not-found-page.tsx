import { IconUserQuestion } from '@tabler/icons-react';
import { NotFoundState } from '../../components/not-found-state';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';

export function UserNotFoundPage() {
  return (
    <>
      <PageHeader title="User not found" crumbs={['Users', 'Not found']} />
      <NotFoundState
        icon={<IconUserQuestion size={28} />}
        title="This user does not exist"
        description="The user may have been deleted, or the link is wrong."
        action={<ButtonLink to="/users/$userType" params={{ userType: 'fsp' }}>Go to the providers</ButtonLink>}
      />
    </>
  );
}
