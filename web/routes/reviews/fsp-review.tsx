import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { reviewContextQueryOptions } from '../../features/reviews/api/get-review-context';
import { RatingForm } from '../../features/reviews/components/rating-form';
import { reviewErrorMessages } from '../../features/reviews/review-errors';
import { isAdministrator, useSession } from '../../lib/session';
import { fspReviewRoute, uuid } from './fsp-review.route';

// spec 1 §2 "/fsp-review/{post_uuid}/{fsp_uuid}": the rating page for a provider; customer_uuid is passed as a
// parameter (an admin rating on a customer's behalf; without it, the admin picks the post's customer). Providers
// are sent to the dashboard. Refusals (no deal with this provider …) show on the page, composed as spec 1 §8 says.

export function FspReviewPage() {
  const { postUuid, fspUuid } = fspReviewRoute.useParams();
  const { customer_uuid } = fspReviewRoute.useSearch();
  const navigate = fspReviewRoute.useNavigate();
  const session = useSession();
  const valid = uuid.safeParse(postUuid).success && uuid.safeParse(fspUuid).success;
  const context = useQuery({ ...reviewContextQueryOptions(postUuid, fspUuid, customer_uuid), enabled: valid });
  const admin = isAdministrator(session);

  return (
    <>
      <PageHeader
        title="Rate provider"
        crumbs={[
          <AnchorLink key="post" to="/post/$uuid" params={{ uuid: postUuid }} size="sm" c="dimmed">
            {session.user.user_type === 'customer' ? 'My Post' : 'Post'}
          </AnchorLink>,
          'Rate provider',
        ]}
      />
      <Stack gap="lg">
        {!valid && (
          <Alert color="red" icon={<IconAlertCircle />} title="Error!">
            This link is not valid.
          </Alert>
        )}
        {valid && context.isPending && (
          <Center mih={200} aria-busy="true">
            <Loader />
          </Center>
        )}
        {context.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="Error!" data-testid="review-refused">
            {reviewErrorMessages(context.error).join(' ')}
          </Alert>
        )}
        {context.data && <RatingForm context={context.data} onBehalf={admin} onSent={() => void navigate({ to: '/post/$uuid', params: { uuid: postUuid } })} />}
      </Stack>
    </>
  );
}
