import { z } from 'zod';
import { autoBiddingStatusList } from './bid-template-labels';
import type { AutoBiddingStatus } from '../../../domain/bid-template/schemas';
import type { BidTemplateListParams } from './api/list-bid-templates';

// The templates list keeps its state in the URL (page and filters); a value that does not fit is dropped rather than
// failing the page. spec 3 §9: 25 a page, created_at descending.

export const bidTemplatesPageSize = 25;

export const bidTemplateListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  provider: z.uuid().optional().catch(undefined),
  organisation: z.uuid().optional().catch(undefined),
  auto_bidding: z.enum(autoBiddingStatusList as [AutoBiddingStatus, ...AutoBiddingStatus[]]).optional().catch(undefined),
});
export type BidTemplateListSearch = z.infer<typeof bidTemplateListSearch>;

export function toBidTemplateListParams(search: BidTemplateListSearch): BidTemplateListParams {
  return {
    page: search.page ?? 1,
    count: bidTemplatesPageSize,
    filter: {
      ...(search.provider ? { fsp_user_uuid: search.provider } : {}),
      ...(search.organisation ? { organisation_uuid: search.organisation } : {}),
      ...(search.auto_bidding ? { auto_bidding: search.auto_bidding } : {}),
    },
  };
}
