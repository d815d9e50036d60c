import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { productMessages } from '../../../domain/financial-institution-product/schemas';
import { PageHeader } from '../../components/page-header';
import { useCreateProduct } from '../../features/financial-institution-products/api/save-product';
import { ProductForm } from '../../features/financial-institution-products/components/product-form';
import { AllowedBiddersField } from '../../features/organisations/components/allowed-bidders-field';
import { useOrganisation } from '../../features/organisations/api/get-organisation';
import { organisationProductCreateRoute } from './organisation-product-create.route';
import { productCrumbs } from './product-crumbs';

export function CreateProductPage() {
  const { uuid } = organisationProductCreateRoute.useParams();
  const { data: organisation } = useOrganisation(uuid);
  const navigate = useNavigate();
  const create = useCreateProduct();
  const toList = () => navigate({ to: '/organisation/$uuid/financial_institution_products', params: { uuid } });

  return (
    <>
      <PageHeader title="Create product" crumbs={productCrumbs(organisation, 'Create')} />
      <ProductForm
        biddersField={(field) => <AllowedBiddersField organisationUuid={uuid} {...field} />}
        submitLabel="Create product"
        onCancel={() => void toList()}
        onSubmit={async (fields) => {
          await create.mutateAsync({ organisationUuid: uuid, product: fields });
          notifications.show({ color: 'teal', title: 'Success!', message: productMessages.created });
          await toList();
        }}
      />
    </>
  );
}
