import { z } from 'zod';
import { userListQuery } from '../../../domain/user/schemas';
import { listPageSizes } from '../../../domain/shared/list-query';

// The users list keeps its state in the URL (page and search), so it survives reloads and can be shared. A value
// that does not fit is dropped rather than failing the page. spec 2 §2: 25 a page, sorted by full name ascending.

export const usersPageSize = listPageSizes.standard;

const searchRule = userListQuery.shape.filter.unwrap().shape.search;
/** TanStack Router reads `?search=2024` as a number; the search wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), searchRule);

export const userListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  search: searchText.catch(undefined),
});
export type UserListSearch = z.infer<typeof userListSearch>;

/** Whether text typed into the search box may be sent (the server refuses other characters). */
export const isSearchable = (text: string) => searchRule.safeParse(text).success;
