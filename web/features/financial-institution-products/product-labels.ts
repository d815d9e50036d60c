import type { ProductView } from '../../../domain/financial-institution-product/schemas';

/** What the restriction means, in words an admin reads in a table or on the product's page. */
export const restrictionLabel = (product: Pick<ProductView, 'is_restrict'>) => (product.is_restrict ? 'Chosen brokers only' : "The lender's brokers");
