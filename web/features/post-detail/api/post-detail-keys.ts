// Hierarchical query keys (STYLE.md "Web") under the posts' own: a change anywhere under ['posts', uuid] (the edit
// screens, the lifecycle operations) also refreshes this page.
export const postDetailKeys = {
  reading: (uuid: string) => ['posts', uuid, 'reading'] as const,
  bids: (uuid: string) => ['posts', uuid, 'bids'] as const,
};
