// One workload in its own process (spawned by run.ts): a cold runtime for each measurement, and emmett's
// process-wide pg type parsers never touch our adapter's figures. Prints the result as one marked JSON line.
import { RESULT_MARKER, type Task, type TaskResult } from './tasks';

async function perform(task: Task): Promise<TaskResult> {
  switch (task.kind) {
    case 'append':
      if (task.target === 'ours') return (await import('./workloads/append-ours')).appendOurs(task);
      if (task.target === 'ceiling') return (await import('./workloads/append-ceiling')).appendCeiling(task);
      return (await import('./workloads/append-peer')).appendPeer(task);
    case 'seed':
      if (task.target === 'ours') return (await import('./workloads/seed-ours')).seedOurs(task);
      return (await import('./workloads/seed-peer')).seedPeer(task);
    case 'read-all':
      return (await import('./workloads/read-all')).readAll(task);
    case 'rebuild':
      return (await import('./workloads/rebuild')).rebuild(task);
    case 'peer-consumer':
      return (await import('./workloads/peer-consumer')).peerConsumer(task);
    case 'http-bids':
      return (await import('./workloads/http-bids')).httpBids(task);
    case 'dashboard-seed':
      return (await import('./workloads/dashboard-seed')).dashboardSeed(task);
    case 'dashboard-query':
      return (await import('./workloads/dashboard-query')).dashboardQuery(task);
    case 'statistics-query':
      return (await import('./workloads/statistics-query')).statisticsQuery(task);
    case 'message-delivery':
      return (await import('./workloads/message-delivery')).messageDelivery(task);
  }
}

const task = JSON.parse(process.argv[2] ?? 'null') as Task | null;
if (!task) {
  console.error('usage: worker.ts <task json>');
  process.exit(2);
}
const result = await perform(task);
process.stdout.write(`${RESULT_MARKER}${JSON.stringify(result)}\n`);
// emmett's consumer leaves signal handlers and timers behind; the result is out, so end here.
process.exit(0);
