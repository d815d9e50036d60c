import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { productMessages } from '../../../domain/financial-institution-product/schemas';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useProduct } from '../../features/financial-institution-products/api/get-product';
import { useUpdateProduct } from '../../features/financial-institution-products/api/save-product';
import { ProductForm } from '../../features/financial-institution-products/components/product-form';
import { AllowedBiddersField } from '../../features/organisations/components/allowed-bidders-field';
import { productCrumbs } from './product-crumbs';
import { productEditRoute } from './product-edit.route';

export function EditProductPage() {
  const { uuid } = productEditRoute.useParams();
  const { data: product } = useProduct(uuid);
  const navigate = useNavigate();
  const update = useUpdateProduct();
  const toProduct = () => navigate({ to: '/financial_institution_product/$uuid', params: { uuid } });

  return (
    <>
      <PageHeader
        title="Edit product"
        crumbs={productCrumbs(
          product.organisation,
          <AnchorLink to="/financial_institution_product/$uuid" params={{ uuid }} size="sm">
            {product.product_name}
          </AnchorLink>,
          'Edit',
        )}
      />
      <ProductForm
        product={product}
        biddersField={(field) => <AllowedBiddersField organisationUuid={product.organisation.uuid} {...field} />}
        submitLabel="Save changes"
        onCancel={() => void toProduct()}
        onSubmit={async (fields) => {
          await update.mutateAsync({ uuid, product: fields });
          notifications.show({ color: 'teal', title: 'Success!', message: productMessages.updated });
          await toProduct();
        }}
      />
    </>
  );
}
