import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import { buildSchema } from './projection';

/** A key column of the totals, with the expression of the table that fills it (its own name when absent). */
type Key = string | [column: string, expression: string];

/** Keeps `counts` (its key columns and `n`) equal to the rows of `table` not deleted, grouped by the key (post_counts, deal_counts). */
export async function keepRowCounts(trx: Database, table: string, counts: string, keys: readonly Key[]): Promise<void> {
  await keepRowTotals(trx, { table, totals: counts, keys, sums: [['n', '1']], where: 'not deleted' });
}

/**
 * Keeps `totals` (its key columns and one column per sum) equal to the sums over the rows of `table` (those `where`
 * selects), grouped by the key: statement triggers add the new rows and take away the old ones in the same
 * transaction as the change. `sums` are the totals' columns, each with the expression of `table` it sums (`1`
 * counts rows). The function names the table's own schema (a rebuild writes into a schema of its own), so it never
 * depends on search_path; static SQL, whose plans PL/pgSQL keeps (EXECUTE planned each statement anew:
 * docs/performance-history.md "Triggers without EXECUTE"). Totals all back at zero are deleted, so the totals are the
 * same whether the rows came one statement at a time (live) or a batch at once (a rebuild's set-based handlers).
 */
export async function keepRowTotals(
  trx: Database,
  { table, totals, keys, sums, where }: { table: string; totals: string; keys: readonly Key[]; sums: readonly [column: string, expression: string][]; where?: string },
): Promise<void> {
  const schema = await buildSchema(trx);
  const columns = keys.map((key) => (typeof key === 'string' ? key : key[0])).join(', ');
  const selected = keys.map((key) => (typeof key === 'string' ? key : `${key[1]} as ${key[0]}`)).join(', ');
  const positions = keys.map((_, i) => i + 1).join(', ');
  const sumColumns = sums.map(([column]) => column);
  const filter = where ? ` where ${where}` : '';
  const changes = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select ${selected}, ${sums.map(([column, expression]) => `${sign}(${expression}) as ${column}`).join(', ')} from ${rows}${filter}`;
  const zero = sumColumns.map((column) => `${column} = 0`).join(' and ');
  const count = (changed: string) => `
        insert into ${schema}.${totals} as c (${columns}, ${sumColumns.join(', ')})
        select ${columns}, ${sumColumns.map((column) => `sum(${column})`).join(', ')} from (${changed}) changes
        group by ${positions} having ${sumColumns.map((column) => `sum(${column}) <> 0`).join(' or ')}
        on conflict (${columns}) do update set ${sumColumns.map((column) => `${column} = c.${column} + excluded.${column}`).join(', ')};
        delete from ${schema}.${totals} where ${zero};`;
  const added = changes('new_rows', '');
  const removed = changes('old_rows', '-');
  // The zero totals' own index: their deletion after each statement finds them without reading the table.
  await sql.raw(`create index ${totals}_zero on ${schema}.${totals} ((1)) where ${zero}`).execute(trx);
  await sql
    .raw(
      `create function keep_${totals}() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then ${count(added)}
      elsif tg_op = 'DELETE' then ${count(removed)}
      else ${count(`${added} union all ${removed}`)}
      end if;
      return null;
    end
    $fn$`,
    )
    .execute(trx);
  const trigger = (event: string, tables: string) =>
    sql.raw(`create trigger ${table}_counted_${event} after ${event} on ${table} referencing ${tables} for each statement execute function keep_${totals}()`).execute(trx);
  await trigger('insert', 'new table as new_rows');
  await trigger('update', 'old table as old_rows new table as new_rows');
  await trigger('delete', 'old table as old_rows');
}
