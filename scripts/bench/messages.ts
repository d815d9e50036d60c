import { dropDatabase } from './admin';
import { benchConfig as config } from './config';
import { int, latencyTable, mark, ms } from './report';
import type { Task, TaskResult } from './tasks';

// Message delivery latency (issue 6): from send to the other party's open live stream, with 1,000 streams open.
// `npm run bench -- messages` runs it alone. docs/messages.md "Performance".

type Group = { name: string; url: string };
type Runner = { freshDatabase(): Promise<Group>; measure(label: string, task: Task): Promise<TaskResult> };

export async function messageWorkloads({ freshDatabase, measure }: Runner): Promise<TaskResult> {
  const group = await freshDatabase();
  const result = await measure(`message delivery, ${int(config.messageConnections)} open streams, ${config.messagePairs} conversations, ${config.messageTabs} tab(s) each`, {
    kind: 'message-delivery',
    url: group.url,
    pairs: config.messagePairs,
    connections: config.messageConnections,
    tabs: config.messageTabs,
    messages: config.messages,
    warmupRounds: config.messageWarmupRounds,
    cpuProfileDir: config.serverCpuProfileDir,
  });
  await dropDatabase(group.name);
  return result;
}

export function printMessages(result: TaskResult): void {
  const p99 = result.latency?.p99 ?? Number.POSITIVE_INFINITY;
  const met = p99 < config.messageP99TargetMs && (result.failures ?? 0) === 0;
  console.log('\nMessages');
  console.log(
    latencyTable([
      { workload: `message delivery, send → other party's stream, ${int(config.messageConnections)} streams open`, result, target: { text: `p99 < ${config.messageP99TargetMs} ms`, met } },
    ]),
  );
  console.log('\nTargets');
  console.log(`  ${mark(met)}  message delivery: p50 ${ms(result.latency?.p50 ?? 0)} ms, p99 ${ms(p99)} ms, max ${ms(result.latency?.max ?? 0)} ms (target p99 < ${config.messageP99TargetMs} ms)`);
  console.log('\nNotes');
  for (const note of result.notes ?? []) console.log(`  ${note}`);
}
