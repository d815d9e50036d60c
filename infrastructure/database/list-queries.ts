import { type SelectQueryBuilder, sql } from 'kysely';
import type { ListResult } from '../../domain/shared/list-query';

// The lists' shared SQL (DESIGN.md §5, domain/shared/list-query.ts): `sorting[field]=asc|desc` turned into an order,
// one page with the total of the rows matched, and `ilike` text filters. Used by every paged query of the read
// models and of the outbox.

export type SortDirection = 'asc' | 'desc';

/** Which page (from 1) of how many rows. */
export type Paging = { page: number; count: number };

/**
 * The order a list asks for: its `sorting` keys in the order of `sortable` (the list's sort fields, so only known
 * columns reach SQL), or `fallback` when it asks for none.
 */
export function sortOrder<const Field extends string>(
  sortable: readonly Field[],
  sorting: Partial<Record<Field, SortDirection>> | undefined,
  fallback: readonly [Field, SortDirection],
): (readonly [Field, SortDirection])[] {
  const asked = sortable.flatMap((field) => {
    const direction = sorting?.[field];
    return direction ? [[field, direction] as const] : [];
  });
  return asked.length > 0 ? asked : [fallback];
}

/**
 * One page of `ordered` and the number of rows `matched` selects, both at once. `ordered`'s order must end in a
 * unique column, so pages never overlap; `matched` is the same query before its columns and order.
 */
export async function pageOf<Row, OrderedDB, OrderedTB extends keyof OrderedDB, DB, TB extends keyof DB, O>(
  ordered: SelectQueryBuilder<OrderedDB, OrderedTB, Row>,
  matched: SelectQueryBuilder<DB, TB, O>,
  { page, count }: Paging,
): Promise<ListResult<Row>> {
  const [result, total] = await Promise.all([
    pageRows(ordered, { page, count }),
    // A generic query's selection is beyond the compiler: the one column selected here is named for it.
    matched.select(sql<string>`count(*)`.as('total')).$castTo<{ total: string }>().executeTakeFirstOrThrow(),
  ]);
  return { total_records: Number(total.total), result };
}

/** One page of `ordered` (whose order ends in a unique column), for a list that takes its total elsewhere. */
export function pageRows<Row, DB, TB extends keyof DB>(ordered: SelectQueryBuilder<DB, TB, Row>, { page, count }: Paging): Promise<Row[]> {
  return ordered
    .limit(count)
    .offset((page - 1) * count)
    .execute();
}

/** `text` as a literal part of a `like`/`ilike` pattern: its `%`, `_` and `\` match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
