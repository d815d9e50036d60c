// The run's sizes. Defaults keep `npm run bench` to a few minutes on 2 cores; each can be raised by environment
// variable for a longer, steadier run (BENCH_WRITERS, BENCH_SINGLE_APPENDS, ...).

function fromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

export const benchConfig = {
  /** Concurrent writers, each with its own pooled connection. */
  writers: fromEnv('BENCH_WRITERS', 16),
  /** Single-event appends per writer (timed). */
  singleAppendsPerWriter: fromEnv('BENCH_SINGLE_APPENDS', 1000),
  /** Appends of `batchEvents` events per writer (timed). */
  batchAppendsPerWriter: fromEnv('BENCH_BATCH_APPENDS', 100),
  batchEvents: fromEnv('BENCH_BATCH_EVENTS', 100),
  /** Untimed appends per writer before each append workload (connections, JIT, plan caches). */
  warmupAppendsPerWriter: fromEnv('BENCH_WARMUP_APPENDS', 50),
  /** Each append workload runs this many times, interleaved with the others; the median run is reported. */
  appendRounds: fromEnv('BENCH_APPEND_ROUNDS', 3),
  /** Events in the log that readAll, the rebuild and the peer's consumer go through. */
  logEvents: fromEnv('BENCH_LOG_EVENTS', 1_000_000),
  /** Events per append when seeding that log (not timed). */
  seedBatch: fromEnv('BENCH_SEED_BATCH', 1000),
  readAllBatches: [1000, 5000],
  rebuildBatches: [1000, 5000, 10000],
  /** The runner's own default for live builds (`RunnerOptions.batchSize`), which the API server uses. */
  runnerDefaultBatch: 1000,
  /** The runner's default while a build catches up (`RunnerOptions.rebuildBatchSize`): what a rebuild uses. */
  rebuildDefaultBatch: 5000,
  /** Distinct loan requests the seeded bids refer to (the projection's row count). */
  loanRequests: fromEnv('BENCH_LOAN_REQUESTS', 20_000),
  /**
   * Events the peer's consumer processes (of the same 1,000,000-event log). Its projector calls the handler once
   * per event and stores a checkpoint per event, and its reads scan the whole table, so the full log would take
   * far longer than the rest of the run together; BENCH_PEER_CONSUMER_EVENTS=1000000 runs it all.
   */
  peerConsumerEvents: fromEnv('BENCH_PEER_CONSUMER_EVENTS', 50_000),
  /** Targets from the issue. */
  appendCeilingTarget: 0.6,
  rebuildTarget: 50_000,

  // The trade flow (issue 5): bids placed over HTTP, and the dashboards' queries on a large read model.
  /** Concurrent HTTP clients placing bids, each awaiting its response before the next request. */
  httpClients: fromEnv('BENCH_HTTP_CLIENTS', 64),
  /** Bids each client places (timed); every client bids as its own provider, at most once per post. */
  httpBidsPerClient: fromEnv('BENCH_HTTP_BIDS', 100),
  /** Untimed bids per client first (connections, JIT, plan caches). */
  httpWarmupBidsPerClient: fromEnv('BENCH_HTTP_WARMUP_BIDS', 20),
  /** A directory to write a CPU profile of the bid workload's server into (`node --cpu-prof`), when set. */
  serverCpuProfileDir: process.env.BENCH_SERVER_CPU_PROFILE || null,
  /**
   * The bid server's DATABASE_POOL_SIZE: sized for the clients, as for a process serving that many writers at once
   * (docs/operations.md "Connection pool"); with the product's default of 20, requests queue for connections.
   */
  httpServerPoolSize: fromEnv('BENCH_HTTP_SERVER_POOL', 48),
  /**
   * The open-loop bid run's rate: the bids go out at this many a second whatever the answers, and its p99 is the one
   * judged against bidP99TargetMs (the closed loop's latency is its queue: 64 clients ÷ the rate, Little's law).
   */
  httpOfferedPerSecond: fromEnv('BENCH_HTTP_OFFERED_RATE', 1500),
  /** Published posts the bids spread over (each client bids on a shuffled run of them). */
  httpPosts: fromEnv('BENCH_HTTP_POSTS', 400),
  /** Read-model rows the dashboard queries run on. */
  dashboardPosts: fromEnv('BENCH_DASHBOARD_POSTS', 100_000),
  dashboardBids: fromEnv('BENCH_DASHBOARD_BIDS', 1_000_000),
  /** Timed runs of each dashboard query, after `dashboardWarmupRuns` untimed ones. */
  dashboardRuns: fromEnv('BENCH_DASHBOARD_RUNS', 500),
  dashboardWarmupRuns: fromEnv('BENCH_DASHBOARD_WARMUP_RUNS', 30),
  /** A page far over its target stops after this long (the runs done so far are reported). */
  dashboardMaxSeconds: fromEnv('BENCH_DASHBOARD_SECONDS', 15),
  bidsPerSecondTarget: 1500,
  bidP99TargetMs: 50,
  dashboardP99TargetMs: 30,
  /** The admin's statistics panel over All Time on the same read model (issue 6, scripts/bench/statistics.ts). */
  statisticsP99TargetMs: 50,

  // Messages (issue 6, scripts/bench/messages.ts): delivery from send to the other party's open live stream.
  /**
   * Open live streams during the run: `messageTabs` for each user of a conversation, the rest one each for other
   * signed-in users (who receive nothing, as most of a busy site's open connections).
   */
  messageConnections: fromEnv('BENCH_MESSAGE_CONNECTIONS', 1000),
  /** Streams (browser tabs) each user of a conversation keeps open; every message goes to all of the recipient's. */
  messageTabs: fromEnv('BENCH_MESSAGE_TABS', 1),
  /** Conversations (a customer and a provider each); every provider sends one message per round. */
  messagePairs: fromEnv('BENCH_MESSAGE_PAIRS', 20),
  /** Timed messages in all (rounds of one per conversation). */
  messages: fromEnv('BENCH_MESSAGES', 1000),
  messageWarmupRounds: fromEnv('BENCH_MESSAGE_WARMUP_ROUNDS', 3),
  messageP99TargetMs: 100,

  // The load test (issue 7, scripts/bench/load.ts): a mixed workload over HTTP; `-- load --duration 30
  // --connections 50` shortens a run.
  loadDurationSeconds: fromEnv('BENCH_LOAD_SECONDS', 300),
  loadConnections: fromEnv('BENCH_LOAD_CONNECTIONS', 200),
  /** The resident size's growth is measured from the end of the warm-up (part of the run). */
  loadWarmupSeconds: fromEnv('BENCH_LOAD_WARMUP_SECONDS', 60),
  loadRssSampleSeconds: 5,
  /** autocannon's wait for an answer; a request without one by then counts as an error. */
  loadTimeoutSeconds: 10,
  /** The seeded marketplace: organisations (lenders and brokers), their providers, customers, active posts, bids. */
  loadLenders: 6,
  loadBrokers: 2,
  loadProvidersPerOrganisation: fromEnv('BENCH_LOAD_PROVIDERS_PER_ORGANISATION', 4),
  loadCustomers: fromEnv('BENCH_LOAD_CUSTOMERS', 100),
  loadPosts: fromEnv('BENCH_LOAD_POSTS', 1200),
  loadSeedBidsPerPost: fromEnv('BENCH_LOAD_SEED_BIDS', 1),
  loadRssGrowthTarget: 0.1,
} as const;
