import { openDatabase } from '../../../infrastructure/database/database';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres-event-store';
import type { Task, TaskResult } from '../tasks';
import { runAppendWorkload } from './append';

export async function appendOurs(task: Extract<Task, { kind: 'append' }>): Promise<TaskResult> {
  const handle = await openDatabase({ url: task.url, maxConnections: task.writers });
  try {
    const store = new PostgresEventStore(handle.db);
    return await runAppendWorkload(task, (streamId, events, before) =>
      store.append(streamId, events, before === 0 ? 'no_stream' : before - 1),
    );
  } finally {
    await handle.close();
  }
}
