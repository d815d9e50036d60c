// npm run bench: event-store and projection throughput on a PostgreSQL server (DATABASE_URL, else the local one),
// against a plain-INSERT ceiling and @event-driven-io/emmett-postgresql as the peer. Every workload runs in its
// own Node process on a database created for its group and dropped at the end. Then the trade flow (trade.ts):
// bids over HTTP and the dashboards' queries. `npm run bench -- store` or `-- trade` runs one part. See
// docs/performance.md.
import { openDatabase } from '../../infrastructure/database/database';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { checkpoint, createDatabase, dropCreatedDatabases, dropDatabase, serverUrl, withClient } from './admin';
import { CEILING_TABLE_SQL } from './ceiling';
import { benchConfig as config } from './config';
import { describeMachine, loadAverage, machineLines } from './machine';
import { int, mark, ms, percent, type Row, rate, table, times } from './report';
import { killWorkers, runTask } from './spawn';
import type { AppendTarget, Task, TaskResult } from './tasks';
import { printTrade, tradeWorkloads } from './trade';
import { messageWorkloads, printMessages } from './messages';
import { printStatistics, statisticsOnly } from './statistics';
import { printScale, scaleWorkloads } from './scale';
import { loadOptions, loadWorkload, printLoad } from './load';
import { printRebuildUnderLoad, rebuildUnderLoadOptions, rebuildUnderLoadWorkload } from './rebuild-under-load';
import { printProducts, productWorkloads } from './products';
import { autoBiddingWorkloads, printAutoBidding } from './auto-bidding';

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
let groups = 0;

/** A fresh database for one group of workloads, migrated like the product's. */
async function freshDatabase(): Promise<{ name: string; url: string }> {
  const name = `bench_${stamp}_${++groups}`;
  const url = await createDatabase(name);
  const handle = await openDatabase({ url, maxConnections: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return { name, url };
}

async function measure(label: string, task: Task): Promise<TaskResult> {
  process.stderr.write(`  ${label} ... `);
  if (task.kind !== 'seed') await checkpoint(task.url); // no dirty pages left over from the previous workload
  const result = await runTask(task);
  const latency = result.latency ? `, p50 ${ms(result.latency.p50)} ms, p99 ${ms(result.latency.p99)} ms` : '';
  process.stderr.write(`${int(rate(result))}/s${latency} (${result.seconds.toFixed(1)} s)\n`);
  return result;
}

type Shape = { name: string; label: string; appendsPerWriter: number; eventsPerAppend: number };

type AppendRuns = Record<AppendTarget, TaskResult[]>;

async function appendWorkloads(): Promise<Map<string, AppendRuns>> {
  const { name, url } = await freshDatabase();
  await withClient(url, (c) => c.query(CEILING_TABLE_SQL));
  const shapes: Shape[] = [
    { name: 'single', label: '1 event per append', appendsPerWriter: config.singleAppendsPerWriter, eventsPerAppend: 1 },
    { name: 'batch', label: `${config.batchEvents} events per append`, appendsPerWriter: config.batchAppendsPerWriter, eventsPerAppend: config.batchEvents },
  ];
  const runs = new Map<string, AppendRuns>(shapes.map((s) => [s.label, { ceiling: [], ours: [], peer: [] }]));
  // Rounds interleave the targets so drift on the machine (other load, checkpoints) hits all three alike.
  for (let round = 1; round <= config.appendRounds; round++) {
    for (const shape of shapes) {
      for (const target of ['ceiling', 'ours', 'peer'] as const) {
        const result = await measure(`append ${shape.label}, ${target}, round ${round}/${config.appendRounds}`, {
          kind: 'append',
          target,
          url,
          writers: config.writers,
          appendsPerWriter: shape.appendsPerWriter,
          eventsPerAppend: shape.eventsPerAppend,
          warmupAppendsPerWriter: config.warmupAppendsPerWriter,
          tag: `${shape.name}${round}`,
        });
        runs.get(shape.label)![target].push(result);
      }
    }
  }
  await dropDatabase(name);
  return runs;
}

/** The run with the median rate (the lower one of the middle two for an even count). */
function median(results: TaskResult[]): TaskResult {
  const sorted = [...results].sort((a, b) => rate(a) - rate(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function ourLogWorkloads(): Promise<{ reads: Map<number, TaskResult>; rebuilds: Map<number, TaskResult>; seeded: TaskResult }> {
  const { name, url } = await freshDatabase();
  const events = config.logEvents;
  const seeded = await measure(`seed ours with ${int(events)} events (not a result)`, {
    kind: 'seed', target: 'ours', url, events, eventsPerAppend: config.seedBatch, writers: config.writers, loanRequests: config.loanRequests,
  });
  await withClient(url, (c) => c.query('vacuum analyze events')); // settle visibility, as autovacuum would
  const reads = new Map<number, TaskResult>();
  for (const batch of config.readAllBatches) {
    reads.set(batch, await measure(`readAll, batch ${int(batch)}`, { kind: 'read-all', url, batch, expectedEvents: events }));
  }
  const rebuilds = new Map<number, TaskResult>();
  for (const batch of config.rebuildBatches) {
    rebuilds.set(batch, await measure(`rebuild, batch ${int(batch)}`, { kind: 'rebuild', url, batch, expectedEvents: events }));
  }
  await dropDatabase(name);
  return { reads, rebuilds, seeded };
}

async function peerLogWorkloads(batch: number): Promise<{ consumer: TaskResult; seeded: TaskResult }> {
  const { name, url } = await freshDatabase();
  const seeded = await measure(`seed the peer with ${int(config.logEvents)} events (not a result)`, {
    kind: 'seed', target: 'peer', url, events: config.logEvents, eventsPerAppend: config.seedBatch, writers: config.writers, loanRequests: config.loanRequests,
  });
  await withClient(url, (c) => c.query('vacuum analyze'));
  const consumer = await measure(`peer consumer, batch ${int(batch)}, ${int(config.peerConsumerEvents)} events`, {
    kind: 'peer-consumer', url, batch, events: Math.min(config.peerConsumerEvents, config.logEvents),
  });
  await dropDatabase(name);
  return { consumer, seeded };
}

// `statistics` (issue 6) runs alone only: the trade part already times the panel on its read model. `load`
// (issue 7) too: it loads the whole machine for five minutes; `scale` (issue 7: about an hour for 1,000,000 events); and
// `rebuild-under-load` (issue 27: a few minutes of load and two full rebuilds).
const parts = ['store', 'trade', 'messages', 'statistics', 'load', 'scale', 'rebuild-under-load', 'products', 'auto-bidding'] as const;

/** The parts named on the command line (`npm run bench -- trade`), all of them when none is; `--name value` options are the parts' own. */
function selectedParts(): Set<(typeof parts)[number]> {
  const asked = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const unknown = asked.filter((a) => !(parts as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`Unknown bench part ${unknown.join(', ')}: choose from ${parts.join(', ')}.`);
  return new Set(asked.length > 0 ? (asked as (typeof parts)[number][]) : parts.filter((part) => part !== 'statistics' && part !== 'load' && part !== 'scale' && part !== 'rebuild-under-load'));
}

async function main(): Promise<void> {
  const selected = selectedParts();
  const url = serverUrl();
  const machine = await describeMachine(url).catch((error: Error) => {
    throw new Error(`No PostgreSQL server at ${new URL(url).host} (${error.message}): start one, or set DATABASE_URL.`);
  });
  console.log(`npm run bench: ${new Date().toISOString()}`);
  for (const line of machineLines(machine)) console.log(line);
  const loadAtStart = loadAverage();
  console.log(`Load:       ${loadAtStart} (1/5/15 min) at start`);
  console.log('Embedded PGlite is not benchmarked: it is one in-process connection for tests and single-user runs,');
  console.log('so concurrent-writer figures do not apply to it.\n');
  if (selected.has('store')) await storeBench(machine.cores, loadAtStart);
  if (selected.has('messages')) {
    process.stderr.write('Messages: delivery to open live streams\n');
    printMessages(await messageWorkloads({ freshDatabase, measure }));
  }
  if (selected.has('statistics') && !selected.has('trade')) {
    process.stderr.write('Statistics panel on the dashboards\' read model\n');
    printStatistics(await statisticsOnly({ freshDatabase, measure }));
  }
  if (selected.has('load')) {
    process.stderr.write('Load test: a mixed workload over HTTP\n');
    printLoad(await loadWorkload({ freshDatabase }, loadOptions(process.argv.slice(2))));
  }
  if (selected.has('scale')) {
    process.stderr.write('Scale: rebuild and queries at 100,000 and 1,000,000 events\n');
    printScale(await scaleWorkloads({ freshDatabase }));
  }
  if (selected.has('rebuild-under-load')) {
    process.stderr.write('Live traffic during a full rebuild of the read models\n');
    printRebuildUnderLoad(await rebuildUnderLoadWorkload({ freshDatabase }, rebuildUnderLoadOptions(process.argv.slice(2))));
  }
  if (selected.has('products')) {
    process.stderr.write('Product import: 10,000 rows against parsing them alone\n');
    printProducts(await productWorkloads({ freshDatabase }));
  }
  if (selected.has('auto-bidding')) {
    process.stderr.write('Auto-bidding: templates against published posts, and a rescan under hand-placed bids\n');
    printAutoBidding(await autoBiddingWorkloads({ freshDatabase }));
  }
  if (selected.has('trade')) {
    process.stderr.write('Trade flow: bids over HTTP, dashboards\n');
    printTrade(await tradeWorkloads({ freshDatabase, measure }));
    console.log(`  Load average at start ${loadAtStart}, at end ${loadAverage()}.`);
  }
}

/** The event store and the projection runner against the ceiling and the peer. */
async function storeBench(cores: number, loadAtStart: string): Promise<void> {
  process.stderr.write('Appends (one database: ours, the ceiling table and the peer side by side)\n');
  const appends = await appendWorkloads();
  process.stderr.write('Our log: readAll and projection rebuild\n');
  const log = await ourLogWorkloads();
  const bestRebuild = [...log.rebuilds.entries()].reduce((a, b) => (rate(b[1]) > rate(a[1]) ? b : a));
  process.stderr.write("The peer's log: its consumer\n");
  const peer = await peerLogWorkloads(config.runnerDefaultBatch);

  const rows: Row[] = [];
  const medians = new Map([...appends].map(([label, runs]) => [label, { ceiling: median(runs.ceiling), ours: median(runs.ours), peer: median(runs.peer) }]));
  for (const [label, r] of medians) {
    const ceiling = rate(r.ceiling);
    const ours = rate(r.ours) / ceiling;
    rows.push({ workload: `append ${label}, ${config.writers} writers: ceiling (plain INSERT)`, result: r.ceiling, vsCeiling: 1 });
    rows.push({
      workload: `append ${label}, ${config.writers} writers: ours`,
      result: r.ours,
      vsCeiling: ours,
      vsPeer: rate(r.ours) / rate(r.peer),
      target: { text: `>= ${percent(config.appendCeilingTarget)} of ceiling`, met: ours >= config.appendCeilingTarget },
    });
    rows.push({ workload: `append ${label}, ${config.writers} writers: peer (emmett)`, result: r.peer, vsCeiling: rate(r.peer) / ceiling });
  }
  for (const [batch, r] of log.reads) rows.push({ workload: `readAll from START, batch ${int(batch)}: ours`, result: r });
  for (const [batch, r] of log.rebuilds) {
    const tags = [batch === config.rebuildDefaultBatch ? 'runner default' : '', batch === bestRebuild[0] ? 'best' : ''].filter(Boolean);
    rows.push({
      workload: `rebuild ${int(config.logEvents)} events, batch ${int(batch)}${tags.length ? ` (${tags.join(', ')})` : ''}: ours`,
      result: r,
      vsPeer: rate(r) / rate(peer.consumer),
      target: { text: `>= ${int(config.rebuildTarget)}/s`, met: rate(r) >= config.rebuildTarget },
    });
  }
  rows.push({
    workload: `consumer, same projection, batch ${int(config.runnerDefaultBatch)}, first ${int(peer.consumer.events)} of ${int(config.logEvents)}: peer`,
    result: peer.consumer,
  });

  console.log(table(rows));
  console.log('\nTargets');
  for (const [label, r] of medians) {
    const share = rate(r.ours) / rate(r.ceiling);
    console.log(`  ${mark(share >= config.appendCeilingTarget)}  append ${label}: ours ${percent(share)} of the plain-INSERT ceiling (target ${percent(config.appendCeilingTarget)}); peer ${percent(rate(r.peer) / rate(r.ceiling))}`);
  }
  const defaultRebuild = log.rebuilds.get(config.rebuildDefaultBatch);
  if (defaultRebuild) {
    console.log(`  ${mark(rate(defaultRebuild) >= config.rebuildTarget)}  rebuild at the runner's default rebuild batch (${int(config.rebuildDefaultBatch)}): ${int(rate(defaultRebuild))} events/s (target ${int(config.rebuildTarget)})`);
  }
  console.log(`  ${mark(rate(bestRebuild[1]) >= config.rebuildTarget)}  rebuild at the best batch (${int(bestRebuild[0])}): ${int(rate(bestRebuild[1]))} events/s; ${times(rate(bestRebuild[1]) / rate(peer.consumer))} the peer's consumer`);

  console.log('\nNotes');
  console.log(`  Load average at start ${loadAtStart}, at end ${loadAverage()}: on ${cores} cores, anything else running competes with the bench.`);
  console.log(`  Appends: median of ${config.appendRounds} interleaved rounds; each writer appends to its own stream with the exact expected revision.`);
  for (const [label, runs] of appends) {
    const perRound = runs.ours.map((r, i) => `${percent(rate(r) / rate(runs.ceiling[i]!))}`).join(', ');
    console.log(`  append ${label}: ours / ceiling per round ${perRound}; peer / ceiling per round ${runs.peer.map((r, i) => percent(rate(r) / rate(runs.ceiling[i]!))).join(', ')}`);
  }
  console.log(`  Seeding (not results): ours ${int(rate(log.seeded))} events/s, peer ${int(rate(peer.seeded))} events/s, ${int(config.seedBatch)} events per append.`);
  for (const r of [...log.reads.values(), ...log.rebuilds.values(), peer.consumer]) for (const note of r.notes ?? []) console.log(`  ${note}`);
  console.log(
    `  The peer's consumer is emmett's own (consumer + projector): it calls the handler once per event and stores a checkpoint per event` +
      ` (emmett 0.42 implements no batch handler), each pull scans its whole table (no index on its global order), so it runs` +
      ` ${int(peer.consumer.events)} events of the ${int(config.logEvents)}-event log (BENCH_PEER_CONSUMER_EVENTS to change).`,
  );
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    killWorkers();
    void dropCreatedDatabases().finally(() => process.exit(code));
  });
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await dropCreatedDatabases();
}
