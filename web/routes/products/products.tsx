import { PageHeader } from '../../components/page-header';
import { ProductsList } from '../../features/financial-institution-products/components/products-list';
import { productsRoute } from './products.route';

export function ProductsPage() {
  const search = productsRoute.useSearch();
  const navigate = productsRoute.useNavigate();
  return (
    <>
      <PageHeader title="Products" crumbs={['Products']} />
      <ProductsList
        organisationUuid={null}
        search={search}
        onSearch={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })}
        emptyAction="Products are created or imported on each bank lender's products page (Organisations › the lender › Products)."
      />
    </>
  );
}
