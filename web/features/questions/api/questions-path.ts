import { homeLoanProduct } from '../../../../domain/product/products';

// The spec's paths carry the product (spec 3 §7); only home loans exist (domain/product/products.ts).
export const questionsPath = `/v1/products/${homeLoanProduct.uuid}/questions`;

export const questionPath = (uuid: string) => `${questionsPath}/${encodeURIComponent(uuid)}`;
