import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { bucketFor, rangePresets } from '../../../domain/statistics/range';
import type { Database } from '../../../infrastructure/database/database';
import { dashboardStatistics } from '../../../projections/statistics/queries';
import { LatencyRecorder } from '../latency';
import { summarisePlan } from '../plan';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';
import { sydneyDay } from '../../../domain/shared/sydney-time';

type Statement = { sql: string; parameters: readonly unknown[] };

/**
 * The statistics panel over All Time, timed as the API runs it: `dashboardStatistics` (what GET
 * /v1/statistics/dashboard calls) one request at a time, after untimed warm-up runs; its statements explained once.
 */
export async function statisticsQuery(task: Extract<Task, { kind: 'statistics-query' }>): Promise<TaskResult> {
  const pool = new pg.Pool({ connectionString: task.url, max: 20 });
  pool.on('error', () => {});
  let capture: Statement[] | null = null;
  const db: Database = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') capture?.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const allTime = rangePresets(sydneyDay(new Date())).find((preset) => preset.label === 'All Time')!.range;
  const run = () => dashboardStatistics(db, allTime, bucketFor(allTime));
  try {
    const warmupEnd = performance.now() + (task.maxSeconds / 3) * 1000;
    for (let i = 0; i < task.warmupRuns && performance.now() < warmupEnd; i++) await run();
    const latency = new LatencyRecorder();
    let figures = await run();
    const end = performance.now() + task.maxSeconds * 1000;
    const seconds = await timed(async () => {
      for (let i = 0; i < task.runs && performance.now() < end; i++) figures = await latency.time(run);
    });
    capture = [];
    await run();
    const plans = await Promise.all(capture.map(async (s) => (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, [...s.parameters])).rows.map((r) => r['QUERY PLAN'])));
    const notes = [
      `statistics ${allTime.from} to ${allTime.to}: ${figures.posts_created.toLocaleString('en-US')} posts, ${figures.bids_placed.toLocaleString('en-US')} bids, ${figures.series.length} monthly points`,
      ...plans.map((p, i) => `statistics statement ${i + 1}: ${summarisePlan(p)}`),
    ];
    if (latency.count < task.runs) notes.push(`statistics: stopped after ${latency.count} of ${task.runs} runs (${task.maxSeconds} s)`);
    return { operations: latency.count, events: latency.count, seconds, latency: latency.summary(), notes };
  } finally {
    await db.destroy();
  }
}
