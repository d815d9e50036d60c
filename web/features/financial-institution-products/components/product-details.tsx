import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProductView } from '../../../../domain/financial-institution-product/schemas';
import { DetailItem } from '../../../components/detail-item';
import { AnchorLink } from '../../../components/router-link';
import { formatDate } from '../../../lib/format';
import { restrictionLabel } from '../product-labels';
import { ProductStatusBadge } from './product-status-badge';

/** The product's fields; the page title carries its product name (the page adds its allowed bidders). */
export function ProductDetails({ product }: { product: ProductView }) {
  return (
    <Paper p="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
        <DetailItem label="Name">{product.name}</DetailItem>
        <DetailItem label="Lender">
          <AnchorLink to="/organisation/$uuid/financial_institution_products" params={{ uuid: product.organisation.uuid }} size="sm">
            {product.organisation.name}
          </AnchorLink>
        </DetailItem>
        <DetailItem label="Status">
          <ProductStatusBadge status={product.status} />
        </DetailItem>
        <DetailItem label="Who may offer it">{restrictionLabel(product)}</DetailItem>
        <DetailItem label="Created at">{formatDate(product.created_at)}</DetailItem>
        <DetailItem label="Updated at">{formatDate(product.updated_at)}</DetailItem>
      </SimpleGrid>
      <Stack mt="lg" gap={2}>
        <DetailItem label="Description">
          {product.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{product.description}</Text> : '—'}
        </DetailItem>
      </Stack>
    </Paper>
  );
}
