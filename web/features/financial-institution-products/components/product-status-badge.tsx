import { Badge } from '@mantine/core';
import { type ProductStatus, productStatusLabels } from '../../../../domain/financial-institution-product/schemas';

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light" radius="sm">
      {productStatusLabels[status]}
    </Badge>
  );
}
