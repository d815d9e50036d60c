import type { ReviewListParams } from '../review-list-search';

// Hierarchical query keys (STYLE.md "Web"): a submission or a moderation invalidates ['reviews'] (the lists, the
// provider's page and the rating page's context all show the review).
export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => ['reviews', 'list'] as const,
  list: (params: ReviewListParams) => ['reviews', 'list', params] as const,
  context: (postUuid: string, fspUuid: string, customerUuid: string | undefined) => ['reviews', 'context', postUuid, fspUuid, customerUuid ?? null] as const,
  provider: (fspUuid: string, page: number) => ['reviews', 'provider', fspUuid, page] as const,
};
