import { Button, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconPackage, IconPencil, IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { useOrganisation } from '../../features/organisations/api/get-organisation';
import { useConfirmDeleteOrganisation } from '../../features/organisations/components/confirm-delete-organisation';
import { AllowedBiddersList } from '../../features/organisations/components/allowed-bidders-list';
import { OrganisationDetails } from '../../features/organisations/components/organisation-details';
import { OrganisationProviders } from '../../features/organisations/components/organisation-providers';
import { organisationRoute } from './organisation.route';

export function OrganisationPage() {
  const { uuid } = organisationRoute.useParams();
  const { data: organisation } = useOrganisation(uuid);
  const navigate = useNavigate();
  const { confirmDelete, deletingUuid } = useConfirmDeleteOrganisation();

  return (
    <>
      <PageHeader
        title={organisation.name}
        crumbs={[
          <AnchorLink to="/organisations" size="sm">
            Organisations
          </AnchorLink>,
          organisation.name,
        ]}
        actions={
          <>
            <ButtonLink to="/organisation/$uuid/financial_institution_products" params={{ uuid }} variant="light" leftSection={<IconPackage size={16} />}>
              Products
            </ButtonLink>
            <ButtonLink to="/organisation/$uuid/edit" params={{ uuid }} leftSection={<IconPencil size={16} />}>
              Edit
            </ButtonLink>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={deletingUuid === uuid}
              onClick={() => confirmDelete(organisation, () => void navigate({ to: '/organisations' }))}
            >
              Delete
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <OrganisationDetails organisation={organisation} />
        {/* spec 3 §3: allowed bidders are brokers bidding for a financial institution; a broker has none. */}
        {organisation.organisation_type === 'financial_institution' && <AllowedBiddersList uuids={organisation.allowed_bidders} />}
        <OrganisationProviders organisationUuid={uuid} />
      </Stack>
    </>
  );
}
