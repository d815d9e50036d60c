/** Query keys of posts (STYLE.md "Web": hierarchical). */
export const postKeys = {
  all: ['posts'] as const,
  detail: (uuid: string) => ['posts', uuid] as const,
};
