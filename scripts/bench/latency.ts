import { performance } from 'node:perf_hooks';
import type { Latency } from './tasks';

/** Collects one duration per operation (milliseconds) and summarises them. */
export class LatencyRecorder {
  readonly #samples: number[] = [];

  /** Runs `work`, records how long it took, and passes its result on. */
  async time<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.#samples.push(performance.now() - started);
    }
  }

  /** Records a duration measured elsewhere (an open-loop request timed from its scheduled start). */
  record(milliseconds: number): void {
    this.#samples.push(milliseconds);
  }

  get count(): number {
    return this.#samples.length;
  }

  summary(): Latency {
    const sorted = [...this.#samples].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
  }
}

/** Nearest-rank percentile of ascending samples. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
