import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { OrganisationNotFound } from '../../features/organisations/components/organisation-not-found';

export function OrganisationNotFoundPage() {
  return (
    <>
      <PageHeader
        title="Organisation not found"
        crumbs={[
          <AnchorLink to="/organisations" size="sm">
            Organisations
          </AnchorLink>,
          'Not found',
        ]}
      />
      <OrganisationNotFound />
    </>
  );
}
