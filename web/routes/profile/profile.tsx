import { Stack } from '@mantine/core';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { isApiError } from '../../lib/api-error';
import { isAdministrator, useSession } from '../../lib/session';
import { PermissionsPanel } from '../../features/permissions/components/permissions-panel';
import { fspQuestionsQueryOptions } from '../../features/profile/api/get-fsp-questions';
import { profileUserQueryOptions, useProfileUser } from '../../features/profile/api/get-profile-user';
import { ProfileDetails } from '../../features/profile/components/profile-details';
import { ProviderAnswers } from '../../features/profile/components/provider-answers';
import { ProviderReviews } from '../../features/reviews/components/provider-reviews';
import { privateRoute } from '../private';

/** spec 1 §2 "/profile/{uuid}": the own profile, or any user's for an admin; others go to the dashboard. */
export const profileRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/profile/$uuid',
  beforeLoad: ({ context, params }) => {
    if (params.uuid !== context.session.user.uuid && !isAdministrator(context.session)) throw redirect({ to: '/home', replace: true });
  },
  loader: async ({ context, params }) => {
    if (!z.uuid().safeParse(params.uuid).success) throw notFound();
    try {
      const user = await context.queryClient.fetchQuery(profileUserQueryOptions(params.uuid));
      if (user.user_type === 'fsp') await context.queryClient.fetchQuery(fspQuestionsQueryOptions(params.uuid));
    } catch (error) {
      if (isApiError(error, 404)) throw notFound();
      throw error;
    }
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { uuid } = profileRoute.useParams();
  const session = useSession();
  const { data: user } = useProfileUser(uuid);
  const own = session.user.uuid === uuid;
  return (
    <>
      <PageHeader
        title={own ? 'My profile' : (user.full_name ?? 'Profile')}
        crumbs={['Profile']}
        actions={
          own && (
            <>
              <ButtonLink to="/profile-edit" leftSection={<IconPencil size={16} />}>
                Edit profile
              </ButtonLink>
              <ButtonLink to="/change-password" variant="default" leftSection={<IconKey size={16} />}>
                Change password
              </ButtonLink>
            </>
          )
        }
      />
      <Stack gap="lg">
        <ProfileDetails user={user} />
        {user.user_type === 'fsp' && (
          <>
            <ProviderAnswers providerUuid={uuid} editable={own && user.status === 'active'} />
            <ProviderReviews fspUuid={uuid} />
          </>
        )}
        {/* spec 3 §2: the permissions panel is shown on a profile, not for customers. */}
        {user.user_type !== 'customer' && <PermissionsPanel userUuid={uuid} />}
      </Stack>
    </>
  );
}
