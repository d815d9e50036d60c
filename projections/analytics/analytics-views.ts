import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import { ANALYTICS_SCHEMA, type AnalyticsView, analyticsViews } from './views';

// Keeps the `analytics` schema's views (views.ts) in place over the read models' `public` views. They read `public`,
// never a build's own schema, so dropping a retired build (`drop schema … cascade`) never takes them along; but they
// would block the swap's `drop view public.<table>`, so the swap drops those reading the swapped tables first and
// creates them again over the new build, in its transaction (runner.ts #swapIn): analysts never see them missing.

/** What a failed view creation reports; the view is left out (or kept as it was), everything else goes on. */
export type AnalyticsViewFailure = { view: string; message: string };

/** The comment that marks a view as made from this definition: a changed definition is made again at start. */
const fingerprint = (view: AnalyticsView) => `See docs/analytics.md. Definition ${createHash('sha256').update(view.query).digest('hex').slice(0, 16)}.`;

/** Swaps and refreshes take turns, so two of them never drop and create the same views at once. */
async function lockAnalyticsViews(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('analytics views', 0))`.execute(trx);
}

/**
 * In the swap's transaction, before the read-model views `tables` are dropped: drops every view of the analytics
 * schema that depends on one of them (also one no definition names any more), since it would block the drop.
 */
export async function dropAnalyticsViewsReading(trx: Database, tables: readonly string[]): Promise<void> {
  await lockAnalyticsViews(trx);
  const { rows } = await sql<{ name: string }>`
    select distinct v.relname as name
    from pg_depend d
    join pg_rewrite r on r.oid = d.objid
    join pg_class v on v.oid = r.ev_class
    join pg_namespace n on n.oid = v.relnamespace
    where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and n.nspname = ${ANALYTICS_SCHEMA}
      and d.refobjid in (select to_regclass(quote_ident('public') || '.' || quote_ident(t)) from unnest(${tables}::text[]) as t)`.execute(trx);
  // cascade: a view someone made on top of one of ours would otherwise hold the product's swap up for good.
  for (const { name } of rows) await sql`drop view if exists ${sql.id(ANALYTICS_SCHEMA, name)} cascade`.execute(trx);
}

/**
 * Brings the analytics schema in line with `views` (views.ts's), in the caller's transaction: drops views no definition names,
 * makes again those whose definition changed, and creates the missing ones whose read models are live (a view
 * over a projection that has no live build yet waits for its first swap). A definition that fails (it names a
 * column the serving build lacks: a new version not swapped in yet) is left as it was and reported.
 */
export async function createAnalyticsViews(trx: Database, views: readonly AnalyticsView[] = analyticsViews): Promise<AnalyticsViewFailure[]> {
  await lockAnalyticsViews(trx);
  const { rows: existing } = await sql<{ name: string; comment: string | null }>`
    select c.relname as name, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${ANALYTICS_SCHEMA} and c.relkind = 'v'`.execute(trx);
  for (const { name } of existing) {
    if (!views.some((view) => view.name === name)) await sql`drop view if exists ${sql.id(ANALYTICS_SCHEMA, name)} cascade`.execute(trx);
  }
  const { rows: live } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relname in (${sql.join(views.flatMap((view) => view.reads))})`.execute(trx);
  const failures: AnalyticsViewFailure[] = [];
  for (const view of views) {
    const current = existing.find((row) => row.name === view.name);
    if (current?.comment === fingerprint(view)) continue;
    if (!view.reads.every((table) => live.some((row) => row.name === table))) continue;
    // One view failing must not undo the others (nor the swap around them).
    await sql`savepoint analytics_view`.execute(trx);
    try {
      await sql`drop view if exists ${sql.id(ANALYTICS_SCHEMA, view.name)} cascade`.execute(trx);
      await sql`create view ${sql.id(ANALYTICS_SCHEMA, view.name)} as ${sql.raw(view.query)}`.execute(trx);
      await sql`comment on view ${sql.id(ANALYTICS_SCHEMA, view.name)} is ${sql.lit(fingerprint(view))}`.execute(trx);
      await sql`release savepoint analytics_view`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint analytics_view`.execute(trx);
      failures.push({ view: view.name, message: (error as Error).message });
    }
  }
  return failures;
}

/** At a worker's start: the analytics views as this code defines them (an existing database's first start too). */
export async function refreshAnalyticsViews(db: Database, views: readonly AnalyticsView[] = analyticsViews): Promise<AnalyticsViewFailure[]> {
  return db.transaction().execute((trx) => createAnalyticsViews(trx, views));
}

/** One message for failed views, for the runner's and the server's error reports. */
export function analyticsFailureError(failures: readonly AnalyticsViewFailure[]): Error {
  return new Error(`Analytics views left out: ${failures.map((f) => `analytics.${f.view}: ${f.message}`).join('; ')}`);
}
