import { IconPackage } from '@tabler/icons-react';
import { NotFoundState } from '../../components/not-found-state';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';

export function ProductNotFoundPage() {
  return (
    <>
      <PageHeader
        title="Product not found"
        crumbs={[
          <AnchorLink to="/financial_institution_products" size="sm">
            Products
          </AnchorLink>,
          'Not found',
        ]}
      />
      <NotFoundState
        icon={<IconPackage size={28} />}
        title="Product not found"
        description="There is no product at this address. It may have been deleted."
        action={
          <ButtonLink to="/financial_institution_products" variant="light">
            Back to products
          </ButtonLink>
        }
      />
    </>
  );
}
