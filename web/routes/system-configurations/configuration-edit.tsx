import { notifications } from '@mantine/notifications';
import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { findSystemConfiguration } from '../../../domain/system-configuration/catalogue';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { AnchorLink } from '../../components/router-link';
import {
  systemConfigurationsQueryOptions,
  useChangeSystemConfiguration,
  useSystemConfigurations,
} from '../../features/system-configurations/api/system-configurations';
import { SystemConfigurationForm } from '../../features/system-configurations/components/system-configuration-form';
import { anyAdminRoute } from './any-admin';

/** spec 3 §2 /configurations/{key}/edit: an unknown key returns to the list ("If none was passed in…"). */
export const configurationEditRoute = createRoute({
  getParentRoute: () => anyAdminRoute,
  path: '/configurations/$key/edit',
  beforeLoad: ({ params }) => {
    if (findSystemConfiguration(params.key)?.key !== params.key) throw redirect({ to: '/system-configurations', replace: true });
  },
  loader: ({ context }) => context.queryClient.fetchQuery(systemConfigurationsQueryOptions),
  errorComponent: RouteError,
  component: EditConfigurationPage,
});

function EditConfigurationPage() {
  const { key } = configurationEditRoute.useParams();
  const setting = useSystemConfigurations().find((s) => s.key === key);
  const definition = findSystemConfiguration(key);
  const navigate = useNavigate();
  const change = useChangeSystemConfiguration();
  // beforeLoad let only catalogue keys in, and the list has every one of them.
  if (!setting || !definition) return null;
  const toList = () => navigate({ to: '/system-configurations' });

  return (
    <>
      <PageHeader
        title={`Edit ${setting.label}`}
        crumbs={[
          <AnchorLink to="/system-configurations" size="sm">
            System Configurations
          </AnchorLink>,
          setting.label,
        ]}
      />
      <SystemConfigurationForm
        setting={setting}
        definition={definition}
        onCancel={() => void toList()}
        onSubmit={async (value) => {
          await change.mutateAsync({ key, value });
          notifications.show({ color: 'teal', title: 'Success!', message: `${setting.label} was saved.` });
          await toList();
        }}
      />
    </>
  );
}
