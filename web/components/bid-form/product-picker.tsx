import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { OfferedProductView } from '../../../domain/financial-institution-product/schemas';
import { offeredProductsShown, useOfferedProducts } from './offered-products';

type Props = {
  /** The provider the bid is for: the products it may offer are listed (none without a provider). */
  providerUuid: string | null;
  value: string | null;
  /** The product the bid or template names now, shown even if it is no longer offered (a bid may keep it). */
  current: OfferedProductView | null;
  onChange: (product: OfferedProductView | null) => void;
  error?: ReactNode;
};

const labelOf = (product: OfferedProductView) => `${product.product_name} (${product.organisation.name})`;

/**
 * The financial institution product a bid offers (docs/products.md "Who may offer a product"): a searchable list of
 * the products the provider may offer, searched on the server as the provider types. The bid form and the bid
 * template wizard's bid fields use it.
 */
export function ProductPicker({ providerUuid, value, current, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const chosen = current && current.uuid === value ? current : null;
  const [picked, setPicked] = useState<OfferedProductView | null>(chosen);
  const selected = picked?.uuid === value ? picked : chosen;
  // The search box shows the chosen product's label: that is no search.
  const query = selected && typed === labelOf(selected) ? '' : typed;
  const { data, isFetching } = useOfferedProducts(providerUuid, query);
  const products = data?.result ?? [];
  const options = [...(selected && !products.some((p) => p.uuid === selected.uuid) ? [selected] : []), ...products];
  const more = (data?.total_records ?? 0) > offeredProductsShown;

  return (
    <Select
      label="Financial institution product"
      description={
        more ? `The first ${offeredProductsShown} by product name: type to find others.` : 'The lender product this bid offers, from the products you may offer.'
      }
      placeholder={providerUuid ? 'No product chosen' : 'Choose the provider first'}
      leftSection={<IconPackage size={16} />}
      rightSection={isFetching ? <Loader size="xs" /> : undefined}
      data={options.map((product) => ({ value: product.uuid, label: labelOf(product) }))}
      value={value}
      onChange={(uuid) => {
        const product = options.find((p) => p.uuid === uuid) ?? null;
        setPicked(product);
        onChange(product);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters; the list shows what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No product you may offer matches'}
      clearable
      disabled={!providerUuid}
      error={error}
    />
  );
}
