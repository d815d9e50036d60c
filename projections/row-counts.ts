import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import { buildSchema } from './projection';

/**
 * Keeps `counts` (its key columns and `n`) equal to the rows of `table` not deleted, grouped by the key: statement
 * triggers add the new rows and take away the old ones in the same transaction as the change (post_counts, deal_counts).
 * `keys` are the counts' columns, each with the expression of `table` that fills it (its own name when absent). The
 * function names the table's own schema (a rebuild writes into a schema of its own), so it never depends on
 * search_path; static SQL, whose plans PL/pgSQL keeps (EXECUTE planned each statement anew:
 * docs/performance-history.md "Triggers without EXECUTE"). A count back at zero is deleted, so the counts are the same
 * whether the rows came one statement at a time (live) or a batch at once (a rebuild's set-based handlers).
 */
export async function keepRowCounts(trx: Database, table: string, counts: string, keys: readonly (string | [column: string, expression: string])[]): Promise<void> {
  const schema = await buildSchema(trx);
  const columns = keys.map((key) => (typeof key === 'string' ? key : key[0])).join(', ');
  const selected = keys.map((key) => (typeof key === 'string' ? key : `${key[1]} as ${key[0]}`)).join(', ');
  const positions = keys.map((_, i) => i + 1).join(', ');
  const count = (changes: string) => `
        insert into ${schema}.${counts} as c (${columns}, n)
        select ${columns}, sum(d) from (${changes}) changes
        group by ${positions} having sum(d) <> 0
        on conflict (${columns}) do update set n = c.n + excluded.n;
        delete from ${schema}.${counts} where n = 0;`;
  const added = `select ${selected}, 1 as d from new_rows where not deleted`;
  const removed = `select ${selected}, -1 as d from old_rows where not deleted`;
  // The zero counts' own index: their deletion after each statement finds them without reading the table.
  await sql.raw(`create index ${counts}_zero on ${schema}.${counts} ((1)) where n = 0`).execute(trx);
  await sql
    .raw(
      `create function keep_${counts}() returns trigger language plpgsql as $fn$
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
    sql.raw(`create trigger ${table}_counted_${event} after ${event} on ${table} referencing ${tables} for each statement execute function keep_${counts}()`).execute(trx);
  await trigger('insert', 'new table as new_rows');
  await trigger('update', 'old table as old_rows new table as new_rows');
  await trigger('delete', 'old table as old_rows');
}
