import { Alert, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { ImportProductsModal } from '../../features/financial-institution-products/components/import-products-modal';
import { ProductsList } from '../../features/financial-institution-products/components/products-list';
import { useOrganisation } from '../../features/organisations/api/get-organisation';
import { organisationProductsRoute } from './organisation-products.route';

/** spec 3 §2: an organisation's financial institution products, with create and the CSV import. */
export function OrganisationProductsPage() {
  const { uuid } = organisationProductsRoute.useParams();
  const search = organisationProductsRoute.useSearch();
  const navigate = organisationProductsRoute.useNavigate();
  const { data: organisation } = useOrganisation(uuid);
  const [importing, { open, close }] = useDisclosure(false);
  const lender = organisation.organisation_type === 'financial_institution';

  return (
    <>
      <PageHeader
        title={`${organisation.name} products`}
        crumbs={[
          <AnchorLink to="/organisations" size="sm">
            Organisations
          </AnchorLink>,
          <AnchorLink to="/organisation/$uuid" params={{ uuid }} size="sm">
            {organisation.name}
          </AnchorLink>,
          'Products',
        ]}
        actions={
          lender && (
            <>
              <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={open}>
                Import from CSV
              </Button>
              <ButtonLink to="/organisation/$uuid/financial_institution_products/create" params={{ uuid }} leftSection={<IconPlus size={16} />}>
                Create product
              </ButtonLink>
            </>
          )
        }
      />
      {!lender && (
        <Alert color="gray" icon={<IconInfoCircle />} mb="md">
          {organisation.name} is a broker. Brokers have no products of their own: they offer the products of the bank lenders that list them as allowed bidders.
        </Alert>
      )}
      <ProductsList
        organisationUuid={uuid}
        search={search}
        onSearch={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })}
        emptyAction={lender ? 'Create a product, or import a CSV file of them.' : 'A broker has none.'}
      />
      {lender && <ImportProductsModal organisationUuid={uuid} organisationName={organisation.name} opened={importing} onClose={close} />}
    </>
  );
}
