import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../../infrastructure/database/database';
import { listDashboardPosts } from '../../../projections/posts/dashboard-queries';
import { benchConfig } from '../config';
import { dashboardCases } from '../dashboards';
import { LatencyRecorder } from '../latency';
import { summarisePlan } from '../plan';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';

type Statement = { sql: string; parameters: readonly unknown[] };

/**
 * One dashboard page, timed the way the API runs it: `listDashboardPosts` (the function GET /v2/posts calls) on a
 * pool of the server's size, one request at a time, `task.runs` times after `task.warmupRuns` untimed runs (fewer
 * when a page is so slow that they would take longer than `task.maxSeconds`). The
 * statements it sends are captured (Kysely's log) and explained once with ANALYZE and BUFFERS for the notes.
 */
export async function dashboardQuery(task: Extract<Task, { kind: 'dashboard-query' }>): Promise<TaskResult> {
  const dashboard = dashboardCases(task.posts).find((c) => c.name === task.query);
  if (!dashboard) throw new Error(`unknown dashboard query ${task.query}`);
  const pool = new pg.Pool({ connectionString: task.url, max: 20 });
  pool.on('error', () => {});
  let capture: Statement[] | null = null;
  const db: Database = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') capture?.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    const deadline = (seconds: number) => performance.now() + seconds * 1000;
    const warmupEnd = deadline(task.maxSeconds / 3);
    for (let i = 0; i < task.warmupRuns && performance.now() < warmupEnd; i++) await listDashboardPosts(db, dashboard.scope, dashboard.query);
    const latency = new LatencyRecorder();
    let rows = 0;
    let total = 0;
    const end = deadline(task.maxSeconds);
    const seconds = await timed(async () => {
      for (let i = 0; i < task.runs && performance.now() < end; i++) {
        const page = await latency.time(() => listDashboardPosts(db, dashboard.scope, dashboard.query));
        rows = page.result.length;
        total = page.total_records;
      }
    });
    capture = [];
    await listDashboardPosts(db, dashboard.scope, dashboard.query);
    const plans = await Promise.all(capture.map((statement) => explain(pool, statement)));
    const summary = latency.summary();
    const notes = [`${task.query}: ${rows} rows of ${total}; ${plans.map((p, i) => `statement ${i + 1}: ${summarisePlan(p)}`).join('; ')}`];
    // A page over the target: its full plans, to see where the time goes.
    if (summary.p99 > benchConfig.dashboardP99TargetMs) for (const plan of plans) notes.push(`${task.query} plan:\n    ${plan.join('\n    ')}`);
    if (latency.count < task.runs) notes.push(`${task.query}: stopped after ${latency.count} of ${task.runs} runs (${task.maxSeconds} s)`);
    return { operations: latency.count, events: latency.count, seconds, latency: summary, notes };
  } finally {
    await db.destroy();
  }
}

async function explain(pool: pg.Pool, statement: Statement): Promise<string[]> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]);
  return rows.map((r) => r['QUERY PLAN']);
}
