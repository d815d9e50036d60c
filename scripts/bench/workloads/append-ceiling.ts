import pg from 'pg';
import { ceilingInsert } from '../ceiling';
import type { Task, TaskResult } from '../tasks';
import { runAppendWorkload } from './append';

export async function appendCeiling(task: Extract<Task, { kind: 'append' }>): Promise<TaskResult> {
  const pool = new pg.Pool({ connectionString: task.url, max: task.writers });
  pool.on('error', () => {});
  try {
    return await runAppendWorkload(task, (streamId, events, before) => ceilingInsert(pool, streamId, before, events));
  } finally {
    await pool.end();
  }
}
