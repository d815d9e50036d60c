import { Button, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { useProduct } from '../../features/financial-institution-products/api/get-product';
import { useConfirmDeleteProduct } from '../../features/financial-institution-products/components/confirm-delete-product';
import { ProductDetails } from '../../features/financial-institution-products/components/product-details';
import { AllowedBiddersList } from '../../features/organisations/components/allowed-bidders-list';
import { productCrumbs } from './product-crumbs';
import { productRoute } from './product.route';

export function ProductPage() {
  const { uuid } = productRoute.useParams();
  const { data: product } = useProduct(uuid);
  const navigate = useNavigate();
  const { confirmDelete, deletingUuid } = useConfirmDeleteProduct();
  const toList = () => void navigate({ to: '/organisation/$uuid/financial_institution_products', params: { uuid: product.organisation.uuid } });

  return (
    <>
      <PageHeader
        title={product.product_name}
        crumbs={productCrumbs(product.organisation, product.product_name)}
        actions={
          <>
            <ButtonLink to="/financial_institution_product/$uuid/edit" params={{ uuid }} leftSection={<IconPencil size={16} />}>
              Edit
            </ButtonLink>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} loading={deletingUuid === uuid} onClick={() => confirmDelete(product, toList)}>
              Delete
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <ProductDetails product={product} />
        {product.is_restrict && <AllowedBiddersList uuids={product.allowed_bidders} empty="No brokers chosen: only the lender's own providers may offer it." />}
      </Stack>
    </>
  );
}
