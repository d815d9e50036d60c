import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useOrganisation } from '../../features/organisations/api/get-organisation';
import { useUpdateOrganisation } from '../../features/organisations/api/update-organisation';
import { OrganisationForm } from '../../features/organisations/components/organisation-form';
import { organisationEditRoute } from './organisation-edit.route';

export function EditOrganisationPage() {
  const { uuid } = organisationEditRoute.useParams();
  const { data: organisation } = useOrganisation(uuid);
  const navigate = useNavigate();
  const update = useUpdateOrganisation();
  const toOrganisation = () => navigate({ to: '/organisation/$uuid', params: { uuid } });

  return (
    <>
      <PageHeader
        title="Edit organisation"
        crumbs={[
          <AnchorLink to="/organisations" size="sm">
            Organisations
          </AnchorLink>,
          <AnchorLink to="/organisation/$uuid" params={{ uuid }} size="sm">
            {organisation.name}
          </AnchorLink>,
          'Edit',
        ]}
      />
      <OrganisationForm
        organisation={organisation}
        submitLabel="Save changes"
        onCancel={() => void toOrganisation()}
        onSubmit={async (fields) => {
          await update.mutateAsync({ uuid, changes: fields });
          notifications.show({ color: 'teal', title: 'Success!', message: `${fields.name} was saved.` });
          // spec 3 §2: after editing, the user goes to that organisation.
          await toOrganisation();
        }}
      />
    </>
  );
}
