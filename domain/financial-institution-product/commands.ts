import type { BidderCandidate } from '../organisation/commands';
import type { OrganisationType } from '../organisation/schemas';
import type { ImportRow } from './import-rows';
import type { ProductDetails } from './schemas';

// Commands on an organisation's catalogue. The organisation's type and the named brokers come as the read model
// knows them (the workflow reads them), so the decider judges without I/O.

type Catalogue = { organisation_id: string; organisation_type: OrganisationType };

export type CreateProduct = {
  type: 'CreateProduct';
  data: Catalogue & { product_id: string; details: ProductDetails; allowed_bidders: BidderCandidate[] };
};
/** The whole product (PUT): fields equal to the current ones are not recorded. */
export type ChangeProduct = {
  type: 'ChangeProduct';
  data: Catalogue & { product_id: string; details: ProductDetails; allowed_bidders: BidderCandidate[] };
};
export type RemoveProduct = { type: 'RemoveProduct'; data: { organisation_id: string; product_id: string } };
/** The rows that passed ./import-rows.ts, each with the id it takes if it creates a product. */
export type ImportProducts = {
  type: 'ImportProducts';
  data: Catalogue & { file_name: string; rows: (ImportRow & { product_id: string })[] };
};

export type ProductCommand = CreateProduct | ChangeProduct | RemoveProduct | ImportProducts;
