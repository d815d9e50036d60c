import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from '../../infrastructure/database/database';

// The plans PostgreSQL makes for the SQL a read model's query function sends (tests that a list is read off an
// index, not sorted whole: docs/performance.md "Deep pages").

export type PlanNode = { 'Node Type': string; 'Subplan Name'?: string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The first node of `plan` (itself included, depth first) that passes `test`. */
export const findNode = (plan: PlanNode, test: (node: PlanNode) => boolean): PlanNode | undefined =>
  test(plan) ? plan : (plan.Plans ?? []).map((child) => findNode(child, test)).find((node) => node !== undefined);

/**
 * A connection of its own (one, so the search_path holds) in `schema`, whose log keeps the statements `run` sends;
 * answers the plan (EXPLAIN, parameters as sent) of the first statement `pick` chooses.
 */
export async function planOfStatement(
  url: string,
  schema: string,
  run: (db: Kysely<DatabaseSchema>) => Promise<unknown>,
  pick: (statement: string) => boolean,
): Promise<PlanNode> {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }), log: (event) => {
      statements.push(event.query);
    },
  });
  try {
    await sql`select set_config('search_path', ${`"${schema}", public`}, false)`.execute(db);
    await run(db);
    const statement = statements.find((s) => pick(s.sql));
    if (!statement) throw new Error('no statement was picked');
    const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${statement.sql}`, [...statement.parameters]);
    return rows[0]!['QUERY PLAN'][0]!.Plan;
  } finally {
    await db.destroy();
  }
}
