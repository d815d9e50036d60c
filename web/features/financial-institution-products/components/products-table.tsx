import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ProductView } from '../../../../domain/financial-institution-product/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { ActionIconLink, AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import type { ProductSortField } from '../api/list-products';
import { restrictionLabel } from '../product-labels';
import { ProductStatusBadge } from './product-status-badge';

type Props = {
  products: readonly ProductView[];
  /** Every organisation's products: a column names the lender. */
  withOrganisation: boolean;
  sort: ProductSortField;
  direction: 'asc' | 'desc';
  onSort: (field: ProductSortField) => void;
  deletingUuid: string | undefined;
  onDelete: (product: ProductView) => void;
};

export function ProductsTable({ products, withOrganisation, sort, direction, onSort, deletingUuid, onDelete }: Props) {
  const directionOf = (field: ProductSortField) => (sort === field ? direction : undefined);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Product name" direction={directionOf('product_name')} onSort={() => onSort('product_name')} />
            <SortableTh label="Name" direction={directionOf('name')} onSort={() => onSort('name')} />
            {withOrganisation && <Table.Th>Lender</Table.Th>}
            <SortableTh label="Status" direction={directionOf('status')} onSort={() => onSort('status')} />
            <Table.Th>Who may offer it</Table.Th>
            <SortableTh label="Created at" direction={directionOf('created_at')} onSort={() => onSort('created_at')} />
            <ActionsTh w={120} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.uuid} data-testid="product-row">
              <Table.Td>
                <AnchorLink to="/financial_institution_product/$uuid" params={{ uuid: product.uuid }} fw={500} size="sm">
                  {product.product_name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{product.name}</Table.Td>
              {withOrganisation && (
                <Table.Td>
                  <AnchorLink to="/organisation/$uuid/financial_institution_products" params={{ uuid: product.organisation.uuid }} size="sm">
                    {product.organisation.name}
                  </AnchorLink>
                </Table.Td>
              )}
              <Table.Td>
                <ProductStatusBadge status={product.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{restrictionLabel(product)}</Text>
              </Table.Td>
              <Table.Td>{formatDate(product.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="View" withArrow>
                    <ActionIconLink to="/financial_institution_product/$uuid" params={{ uuid: product.uuid }} variant="subtle" color="gray" aria-label={`View ${product.product_name}`}>
                      <IconEye />
                    </ActionIconLink>
                  </Tooltip>
                  <Tooltip label="Edit" withArrow>
                    <ActionIconLink to="/financial_institution_product/$uuid/edit" params={{ uuid: product.uuid }} variant="subtle" color="gray" aria-label={`Edit ${product.product_name}`}>
                      <IconPencil />
                    </ActionIconLink>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon variant="subtle" color="red" onClick={() => onDelete(product)} loading={deletingUuid === product.uuid} aria-label={`Delete ${product.product_name}`}>
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
