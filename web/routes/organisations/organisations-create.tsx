import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useCreateOrganisation } from '../../features/organisations/api/create-organisation';
import { OrganisationForm } from '../../features/organisations/components/organisation-form';

export function CreateOrganisationPage() {
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  return (
    <>
      <PageHeader
        title="Create organisation"
        crumbs={[
          <AnchorLink to="/organisations" size="sm">
            Organisations
          </AnchorLink>,
          'Create',
        ]}
      />
      <OrganisationForm
        submitLabel="Create organisation"
        onCancel={() => void navigate({ to: '/organisations' })}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          notifications.show({ color: 'teal', title: 'Success!', message: `${fields.name} was created.` });
          // spec 3 §2: after creating an organisation the user goes to the organisations list.
          await navigate({ to: '/organisations' });
        }}
      />
    </>
  );
}
