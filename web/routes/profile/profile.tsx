import { Stack } from '@mantine/core';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { useSession } from '../../lib/session';
import { PermissionsPanel } from '../../features/permissions/components/permissions-panel';
import { useProfileUser } from '../../features/profile/api/get-profile-user';
import { ProfileDetails } from '../../features/profile/components/profile-details';
import { ProviderAnswers } from '../../features/profile/components/provider-answers';
import { ProviderReviews } from '../../features/reviews/components/provider-reviews';
import { profileRoute } from './profile.route';

export function ProfilePage() {
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
