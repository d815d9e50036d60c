import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { findSystemConfiguration } from '../../../domain/system-configuration/catalogue';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useChangeSystemConfiguration, useSystemConfigurations } from '../../features/system-configurations/api/system-configurations';
import { SystemConfigurationForm } from '../../features/system-configurations/components/system-configuration-form';
import { configurationEditRoute } from './configuration-edit.route';

export function EditConfigurationPage() {
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
