import { PageHeader } from '../../components/page-header';
import { useSystemConfigurations } from '../../features/system-configurations/api/system-configurations';
import { SystemConfigurationsTable } from '../../features/system-configurations/components/system-configurations-table';

export function SystemConfigurationsPage() {
  const settings = useSystemConfigurations();
  return (
    <>
      <PageHeader title="System Configurations" crumbs={['System Configurations']} />
      <SystemConfigurationsTable settings={settings} />
    </>
  );
}
