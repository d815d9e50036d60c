// What the orchestrator (run.ts) asks a worker process to do, and what the worker reports back.

export type AppendTarget = 'ours' | 'ceiling' | 'peer';

export type Task =
  | {
      kind: 'append';
      target: AppendTarget;
      url: string;
      writers: number;
      appendsPerWriter: number;
      eventsPerAppend: number;
      warmupAppendsPerWriter: number;
      /** Stream names and event seeds: the same tag gives the same events to every target. */
      tag: string;
    }
  | { kind: 'seed'; target: 'ours' | 'peer'; url: string; events: number; eventsPerAppend: number; writers: number; loanRequests: number }
  | { kind: 'read-all'; url: string; batch: number; expectedEvents: number }
  | { kind: 'rebuild'; url: string; batch: number; expectedEvents: number }
  | { kind: 'peer-consumer'; url: string; batch: number; events: number }
  | {
      kind: 'http-bids';
      url: string;
      clients: number;
      bidsPerClient: number;
      warmupBidsPerClient: number;
      posts: number;
      serverPoolSize: number;
      cpuProfileDir: string | null;
      /** Null: closed loop, each client sends its next bid when answered. A rate: open loop at that many bids a second. */
      offeredPerSecond: number | null;
      /** `bid`: the product's route; `ceiling`: the bench's ceiling route on the same server (scripts/bench/ceiling-route.ts). */
      route: 'bid' | 'ceiling';
    }
  | { kind: 'dashboard-seed'; url: string; posts: number; bids: number }
  | { kind: 'dashboard-query'; url: string; query: string; posts: number; runs: number; warmupRuns: number; maxSeconds: number }
  | { kind: 'statistics-query'; url: string; runs: number; warmupRuns: number; maxSeconds: number }
  | {
      kind: 'message-delivery';
      url: string;
      pairs: number;
      connections: number;
      tabs: number;
      messages: number;
      warmupRounds: number;
      cpuProfileDir: string | null;
    };

export type TaskResult = {
  /** Appends, reads or batches, whichever the workload counts. */
  operations: number;
  events: number;
  seconds: number;
  /** Free-form findings worth printing (plans, per-batch costs). */
  notes?: string[];
  /** Per-operation latency, for workloads that time each request or query. */
  latency?: Latency;
  /** Requests that did not succeed (the HTTP workload: answers other than 201). */
  failures?: number;
  /** CPU milliseconds per timed operation, by process (the HTTP workload). */
  cpuMsPerOperation?: { server: number; database: number; clients: number };
};

/** Milliseconds. */
export type Latency = { p50: number; p99: number; max: number };

/** The worker prints its result on one stdout line that starts with this marker. */
export const RESULT_MARKER = 'BENCH_RESULT ';

/** The bid workload's server process prints its URL on one stdout line that starts with this marker. */
export const SERVER_READY_MARKER = 'BENCH_SERVER_READY ';
