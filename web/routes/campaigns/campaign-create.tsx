import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useCreateCampaign } from '../../features/campaigns/api/save-campaign';
import { CampaignForm } from '../../features/campaigns/components/campaign-form';

export function CreateCampaignPage() {
  const navigate = useNavigate();
  const create = useCreateCampaign();
  return (
    <>
      <PageHeader
        title="Create campaign"
        crumbs={[
          <AnchorLink to="/campaigns" size="sm">
            Campaigns
          </AnchorLink>,
          'Create',
        ]}
      />
      <CampaignForm
        submitLabel="Create campaign"
        onCancel={() => void navigate({ to: '/campaigns' })}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          notifications.show({ color: 'teal', title: 'Success!', message: `${fields.name} was created.` });
          await navigate({ to: '/campaigns' });
        }}
      />
    </>
  );
}
