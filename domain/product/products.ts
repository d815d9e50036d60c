// The marketplace's products: what a post ({product} in the spec's texts) is a request for. Only home loans exist
// today; the spec's paths still carry the product (`/v2/products/{id}/organisations`), so it has a fixed uuid.
export const products = [
  { uuid: '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b', slug: 'home_loan', name: 'Home Loan', label: 'post' },
] as const;

export type Product = (typeof products)[number];

export const homeLoanProduct: Product = products[0];

export function findProduct(uuid: string): Product | undefined {
  return products.find((p) => p.uuid === uuid);
}
