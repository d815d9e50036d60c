import type { BidTemplateListParams } from './list-bid-templates';

// Hierarchical query keys (STYLE.md "Web"): a change to a template invalidates ['bid-templates', 'list'] (every page
// and filter) and sets the template itself, which every change answers whole.
export const bidTemplateKeys = {
  all: ['bid-templates'] as const,
  lists: () => ['bid-templates', 'list'] as const,
  list: (params: BidTemplateListParams) => ['bid-templates', 'list', params] as const,
  detail: (uuid: string) => ['bid-templates', uuid] as const,
  /** The providers a filter or the admin's provider field offers, by what was typed. */
  providers: (scope: 'all' | 'organisation', search: string) => ['bid-templates', 'providers', scope, search] as const,
};
