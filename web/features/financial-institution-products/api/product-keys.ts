import type { ProductListParams } from './list-products';

// Hierarchical query keys: invalidating ['products', 'list'] refreshes every list (an organisation's, every
// organisation's, and the bid form's picker, web/components/bid-form/offered-products.ts) without touching the
// products already loaded by uuid.
export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  detail: (uuid: string) => ['products', uuid] as const,
};
