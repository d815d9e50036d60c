import { EventFactory, type BenchEvent } from '../events';
import type { Task, TaskResult } from '../tasks';
import { runWriters } from '../writers';

type SeedTask = Extract<Task, { kind: 'seed' }>;

/**
 * Fills a log with `task.events` events, `eventsPerAppend` per append, each append a new stream, `writers` at a
 * time. Append n always carries the same events (seeded by n), so ours and the peer hold the same log.
 */
export async function seed(task: SeedTask, append: (streamId: string, events: BenchEvent[]) => Promise<unknown>): Promise<TaskResult> {
  const appends = Math.ceil(task.events / task.eventsPerAppend);
  let next = 0;
  const seconds = await runWriters(task.writers, 1, async () => {
    for (let n = next++; n < appends; n = next++) {
      const size = Math.min(task.eventsPerAppend, task.events - n * task.eventsPerAppend);
      await append(`seed-${n}`, new EventFactory(1_000_000 + n, task.loanRequests).batch(size));
    }
  });
  return { operations: appends, events: task.events, seconds };
}
