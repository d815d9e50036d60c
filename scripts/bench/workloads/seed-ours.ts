import { openDatabase } from '../../../infrastructure/database/database';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres-event-store';
import type { Task, TaskResult } from '../tasks';
import { seed } from './seed';

export async function seedOurs(task: Extract<Task, { kind: 'seed' }>): Promise<TaskResult> {
  const handle = await openDatabase({ url: task.url, maxConnections: task.writers });
  try {
    const store = new PostgresEventStore(handle.db);
    return await seed(task, (streamId, events) => store.append(streamId, events, 'no_stream'));
  } finally {
    await handle.close();
  }
}
