import { createHash } from 'node:crypto';
import { EventFactory, type BenchEvent } from '../events';
import { benchConfig } from '../config';
import type { Task, TaskResult } from '../tasks';
import { runWriters } from '../writers';

type AppendTask = Extract<Task, { kind: 'append' }>;

/** Appends `events` (the stream's revisions `eventsBefore`…) to `streamId`. */
export type AppendFn = (streamId: string, events: BenchEvent[], eventsBefore: number) => Promise<unknown>;

/**
 * Each writer owns one stream and appends to it with the exact expected revision ('no_stream' first): writers
 * never contend for a stream, and every append does the optimistic check a command handler does against a
 * stream that already has events. Events are made before the clock starts, from a seed of the task's tag, so
 * every target gets the same events.
 */
export async function runAppendWorkload(task: AppendTask, append: AppendFn): Promise<TaskResult> {
  const seed = (phase: string, writer: number) => createHash('sha256').update(`${task.tag}:${phase}:${writer}`).digest().readUInt32LE(0);
  const prepare = (phase: string, appends: number) =>
    Array.from({ length: task.writers }, (_, w) => {
      const factory = new EventFactory(seed(phase, w), benchConfig.loanRequests);
      return Array.from({ length: appends }, () => factory.batch(task.eventsPerAppend));
    });
  const warmup = prepare('warmup', task.warmupAppendsPerWriter);
  const measured = prepare('measured', task.appendsPerWriter);
  const stream = (phase: string, w: number) => `bench-${task.tag}-${phase}-w${w}`;

  await runWriters(task.writers, task.warmupAppendsPerWriter, (w, i) =>
    append(stream('warmup', w), warmup[w]![i]!, i * task.eventsPerAppend),
  );
  const seconds = await runWriters(task.writers, task.appendsPerWriter, (w, i) =>
    append(stream('measured', w), measured[w]![i]!, i * task.eventsPerAppend),
  );
  const operations = task.writers * task.appendsPerWriter;
  return { operations, events: operations * task.eventsPerAppend, seconds };
}
