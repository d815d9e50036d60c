import { dropDatabase } from './admin';
import { benchConfig as config } from './config';
import { dashboardCases } from './dashboards';
import { int, latencyTable, type LatencyRow, mark, ms, rate } from './report';
import { statisticsWorkload } from './statistics';
import type { Task, TaskResult } from './tasks';

// The trade flow's workloads (issue 5): bids placed over HTTP on the running product, and the dashboards' pages on
// 100,000 posts and 1,000,000 bids. run.ts runs them after the event store's (or alone: `npm run bench -- trade`).

type Group = { name: string; url: string };
type Runner = { freshDatabase(): Promise<Group>; measure(label: string, task: Task): Promise<TaskResult> };

export type TradeResults = { bids: TaskResult; ceiling: TaskResult; pacedBids: TaskResult; seeded: TaskResult; dashboards: { label: string; result: TaskResult }[]; statistics: { label: string; result: TaskResult } };

export async function tradeWorkloads({ freshDatabase, measure }: Runner): Promise<TradeResults> {
  // Bids twice, each on a market of its own: as fast as the clients get answers (the most the system places), then
  // at the target rate (its latency).
  const placeBids = async (label: string, offeredPerSecond: number | null, route: 'bid' | 'ceiling' = 'bid') => {
    const market = await freshDatabase();
    const result = await measure(label, {
      kind: 'http-bids',
      url: market.url,
      clients: config.httpClients,
      bidsPerClient: config.httpBidsPerClient,
      warmupBidsPerClient: config.httpWarmupBidsPerClient,
      posts: config.httpPosts,
      serverPoolSize: config.httpServerPoolSize,
      cpuProfileDir: offeredPerSecond === null ? config.serverCpuProfileDir : null,
      offeredPerSecond,
      route,
    });
    await dropDatabase(market.name);
    return result;
  };
  const bids = await placeBids(`bids over HTTP, ${config.httpClients} clients × ${config.httpBidsPerClient} bids, closed loop`, null);
  // The ceiling right after, on a market of its own and the same server code: the ratio is what the bench reports.
  const ceiling = await placeBids(`ceiling over HTTP (the same access check, one INSERT, an answer as long), ${config.httpClients} clients, closed loop`, null, 'ceiling');
  const pacedBids = await placeBids(`bids over HTTP, ${int(config.httpOfferedPerSecond)} a second offered, open loop`, config.httpOfferedPerSecond);

  const readModel = await freshDatabase();
  const seeded = await measure(`seed the read model: ${int(config.dashboardPosts)} posts, ${int(config.dashboardBids)} bids (not a result)`, {
    kind: 'dashboard-seed',
    url: readModel.url,
    posts: config.dashboardPosts,
    bids: config.dashboardBids,
  });
  const dashboards: TradeResults['dashboards'] = [];
  for (const dashboard of dashboardCases(config.dashboardPosts)) {
    const result = await measure(dashboard.label, {
      kind: 'dashboard-query',
      url: readModel.url,
      query: dashboard.name,
      posts: config.dashboardPosts,
      runs: config.dashboardRuns,
      warmupRuns: config.dashboardWarmupRuns,
      maxSeconds: config.dashboardMaxSeconds,
    });
    dashboards.push({ label: dashboard.label, result });
  }
  // The admin's statistics panel on the same read model (issue 6; target p99 < statisticsP99TargetMs).
  const statistics = await statisticsWorkload({ measure }, readModel.url);
  await dropDatabase(readModel.name);
  return { bids, ceiling, pacedBids, seeded, dashboards, statistics };
}

export function printTrade({ bids, ceiling, pacedBids, seeded, dashboards, statistics }: TradeResults): void {
  const p99 = (r: TaskResult) => r.latency?.p99 ?? Number.POSITIVE_INFINITY;
  const rateMet = rate(bids) >= config.bidsPerSecondTarget && (bids.failures ?? 0) === 0;
  const latencyMet = config.httpOfferedPerSecond >= config.bidsPerSecondTarget && p99(pacedBids) < config.bidP99TargetMs && (pacedBids.failures ?? 0) === 0;
  const rows: LatencyRow[] = [
    {
      workload: `place a bid over HTTP, ${config.httpClients} clients, closed loop`,
      result: bids,
      perSecond: true,
      target: { text: `>= ${int(config.bidsPerSecondTarget)}/s, no failures`, met: rateMet },
    },
    {
      workload: `ceiling over HTTP (access check, one INSERT, the same answer size), ${config.httpClients} clients, closed loop`,
      result: ceiling,
      perSecond: true,
      target: { text: 'the ceiling, no target', met: (ceiling.failures ?? 0) === 0 },
    },
    {
      workload: `place a bid over HTTP, ${int(config.httpOfferedPerSecond)}/s offered (open loop)`,
      result: pacedBids,
      perSecond: true,
      target: { text: `p99 < ${config.bidP99TargetMs} ms at ${int(config.bidsPerSecondTarget)}/s, no failures`, met: latencyMet },
    },
    ...dashboards.map(({ label, result }) => ({
      workload: `dashboard: ${label}`,
      result,
      target: { text: `p99 < ${config.dashboardP99TargetMs} ms`, met: p99(result) < config.dashboardP99TargetMs },
    })),
    {
      workload: statistics.label,
      result: statistics.result,
      target: { text: `p99 < ${config.statisticsP99TargetMs} ms`, met: p99(statistics.result) < config.statisticsP99TargetMs },
    },
  ];
  console.log('\nTrade flow');
  console.log(latencyTable(rows));
  console.log('\nTargets');
  console.log(
    `  ${mark(rateMet && latencyMet)}  bids over HTTP: at most ${int(rate(bids))} bids/s (closed loop, ${bids.failures ?? 0} failed); ` +
      `at ${int(config.httpOfferedPerSecond)}/s offered p50 ${ms(pacedBids.latency!.p50)} ms, p99 ${ms(p99(pacedBids))} ms, ${pacedBids.failures ?? 0} failed ` +
      `(target ${int(config.bidsPerSecondTarget)}/s with p99 < ${config.bidP99TargetMs} ms)`,
  );
  console.log(`      ${bidsAgainstCeiling(bids, ceiling)}`);
  const slowest = dashboards.reduce((a, b) => (p99(b.result) > p99(a.result) ? b : a));
  console.log(`  ${mark(p99(slowest.result) < config.dashboardP99TargetMs)}  dashboards: slowest p99 ${ms(p99(slowest.result))} ms (${slowest.label}; target < ${config.dashboardP99TargetMs} ms)`);
  console.log(`  ${mark(p99(statistics.result) < config.statisticsP99TargetMs)}  statistics panel, All Time: p99 ${ms(p99(statistics.result))} ms (target < ${config.statisticsP99TargetMs} ms)`);
  console.log('\nNotes');
  console.log(`  Read model seeded with SQL straight into the projections' live tables in ${seeded.seconds.toFixed(1)} s (not through events), then VACUUM ANALYZE.`);
  for (const r of [bids, ceiling, pacedBids, seeded, ...dashboards.map((d) => d.result), statistics.result]) for (const note of r.notes ?? []) console.log(`  ${note}`);
}

/** Bids against the ceiling measured in the same run: the rate's fraction, and the CPU a bid as a multiple of a ceiling request's. */
export function bidsAgainstCeiling(bids: TaskResult, ceiling: TaskResult): string {
  const cpu = (r: TaskResult) => (r.cpuMsPerOperation ? r.cpuMsPerOperation.server + r.cpuMsPerOperation.database : Number.NaN);
  const share = rate(bids) / rate(ceiling);
  return (
    `bids vs the ceiling in the same run: ${int(rate(bids))} against ${int(rate(ceiling))} requests/s = ${(share * 100).toFixed(0)}%; ` +
    `server and PostgreSQL CPU ${cpu(bids).toFixed(2)} ms a bid against ${cpu(ceiling).toFixed(2)} ms a ceiling request = ${(cpu(bids) / cpu(ceiling)).toFixed(1)}×`
  );
}
