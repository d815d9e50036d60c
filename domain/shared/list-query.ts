import { z } from 'zod';

// Lists take page, count, sorting[field]=asc|desc and filter[field]=value (DESIGN.md §5) and answer
// { total_records, result }. Sort keys come only from a list, so they can go into SQL safely.

export const sortDirection = z.enum(['asc', 'desc'], { error: 'Sort asc or desc.' });

/** `sorting[field]=asc|desc` with the route's fields only; any other key is refused with the list of allowed ones. */
export function sortingSchema<const Sortable extends readonly [string, ...string[]]>(sortable: Sortable) {
  return z
    .partialRecord(z.enum(sortable), sortDirection, { error: `Sort by one of: ${sortable.join(', ')}.` })
    .optional();
}

/** spec 1 §9: tables show 25 rows a page; a page holds at most 100. */
export const listPageSizes = { standard: 25, max: 100 } as const;

/** `page` and `count` of a list (the count defaults to 25 unless the list says otherwise). */
export const pageFields = (defaultCount: number = listPageSizes.standard) => ({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(listPageSizes.max, `count is at most ${listPageSizes.max}`).default(defaultCount),
});

export function listQuerySchema<const Sortable extends readonly [string, ...string[]], Filter extends z.ZodObject>(
  sortable: Sortable,
  filter: Filter,
  options: { defaultCount?: number } = {},
) {
  return z.strictObject({
    ...pageFields(options.defaultCount),
    sorting: sortingSchema(sortable),
    filter: filter.optional(),
  });
}

export function listResultSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ total_records: z.number().int().min(0), result: z.array(item) });
}

export type ListResult<Item> = { total_records: number; result: Item[] };
