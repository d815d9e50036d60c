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
  | { kind: 'peer-consumer'; url: string; batch: number; events: number };

export type TaskResult = {
  /** Appends, reads or batches, whichever the workload counts. */
  operations: number;
  events: number;
  seconds: number;
  /** Free-form findings worth printing (plans, per-batch costs). */
  notes?: string[];
};

/** The worker prints its result on one stdout line that starts with this marker. */
export const RESULT_MARKER = 'BENCH_RESULT ';
