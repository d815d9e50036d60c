import { Box, Button, Divider, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { productStatuses, productStatusLabels } from '../../../../domain/financial-institution-product/schemas';
import { ListBody } from '../../../components/list-body';
import { ListFooter, pageCount } from '../../../components/list-footer';
import { type ProductSortField, useProducts } from '../api/list-products';
import { type ProductListSearch, toProductListParams } from '../product-list-search';
import { useConfirmDeleteProduct } from './confirm-delete-product';
import { ProductsTable } from './products-table';

type Props = {
  /** One organisation's products, or (null) every organisation's. */
  organisationUuid: string | null;
  search: ProductListSearch;
  onSearch: (changes: Partial<ProductListSearch>) => void;
  /** What an empty list without filters offers. */
  emptyAction?: string;
};

const statusOptions = productStatuses.map((value) => ({ value, label: productStatusLabels[value] }));

/** A server-paged product list with its search and status filter (the organisation's products, the Products page). */
export function ProductsList({ organisationUuid, search, onSearch, emptyAction }: Props) {
  const params = toProductListParams(search, organisationUuid);
  const { data, isFetching } = useProducts(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const { confirmDelete, deletingUuid } = useConfirmDeleteProduct();
  const [text, setText] = useState(search.search ?? '');
  const applyText = useDebouncedCallback((value: string) => onSearch({ search: value.trim() || undefined, page: undefined }), 300);

  function sortBy(field: ProductSortField) {
    const direction = field === params.sort ? (params.direction === 'asc' ? 'desc' : 'asc') : field === 'created_at' ? 'desc' : 'asc';
    const isDefault = field === 'created_at' && direction === 'desc';
    onSearch({ sort: isDefault ? undefined : field, direction: isDefault ? undefined : direction, page: undefined });
  }

  const pages = pageCount(data.total_records, params.count);
  const filtered = Boolean(search.search || search.status);
  return (
    <Paper>
      <Box p="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search by product name or name"
            placeholder="Search by product name or name"
            leftSection={<IconSearch size={16} />}
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applyText(event.currentTarget.value);
            }}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            data={statusOptions}
            value={search.status ?? null}
            onChange={(value) => onSearch({ status: productStatuses.find((status) => status === value), page: undefined })}
            clearable
            w={{ base: '100%', sm: 160 }}
          />
          {filtered && (
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                setText('');
                onSearch({ search: undefined, status: undefined, page: undefined });
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
      </Box>
      <Divider />
      <ListBody
        loading={reloading || isFetching}
        total={data.total_records}
        shown={data.result.length}
        empty={{
          icon: <IconPackage size={28} />,
          title: filtered ? 'No products match these filters' : 'No products yet',
          description: filtered ? 'Try another name or clear the filters.' : (emptyAction ?? 'Products are added on each bank lender’s page.'),
        }}
        onLastPage={() => onSearch({ page: pages === 1 ? undefined : pages })}
      >
        <ProductsTable
          products={data.result}
          withOrganisation={organisationUuid === null}
          sort={params.sort}
          direction={params.direction}
          onSort={sortBy}
          deletingUuid={deletingUuid}
          onDelete={(product) => confirmDelete(product)}
        />
      </ListBody>
      <ListFooter total={data.total_records} page={params.page} count={params.count} shown={data.result.length} noun="product" onPage={(page) => onSearch({ page: page === 1 ? undefined : page })} />
    </Paper>
  );
}
