import type { TaskResult } from './tasks';

// The printed table: one row per measured workload, with ratios to the ceiling and the peer and the targets.

export type Row = {
  workload: string;
  result: TaskResult;
  vsCeiling?: number;
  vsPeer?: number;
  target?: { text: string; met: boolean };
};

export const rate = (r: TaskResult): number => r.events / r.seconds;

export const int = (n: number): string => Math.round(n).toLocaleString('en-US');
export const percent = (x: number): string => `${Math.round(x * 100)}%`;
export const times = (x: number): string => `${x.toFixed(2)}x`;
export const mark = (met: boolean): string => (met ? 'PASS' : 'MISS');

export function table(rows: Row[]): string {
  const header = ['Workload', 'Operations', 'Events', 'Seconds', 'Events/s', 'vs ceiling', 'vs peer', 'Target'];
  const cells = rows.map((r) => [
    r.workload,
    int(r.result.operations),
    int(r.result.events),
    r.result.seconds.toFixed(2),
    int(rate(r.result)),
    r.vsCeiling === undefined ? '' : percent(r.vsCeiling),
    r.vsPeer === undefined ? '' : times(r.vsPeer),
    r.target ? `${mark(r.target.met)} ${r.target.text}` : '',
  ]);
  return formatTable(header, cells);
}

/** Milliseconds with one decimal. */
export const ms = (x: number): string => x.toFixed(1);

export type LatencyRow = { workload: string; result: TaskResult; perSecond?: boolean; target?: { text: string; met: boolean } };

/** Workloads timed per request or query: throughput where it means something, p50, p99 and the slowest. */
export function latencyTable(rows: LatencyRow[]): string {
  const header = ['Workload', 'Operations', 'Seconds', 'Per second', 'p50 ms', 'p99 ms', 'max ms', 'Target'];
  const cells = rows.map((r) => [
    r.workload,
    int(r.result.operations),
    r.result.seconds.toFixed(2),
    r.perSecond ? int(rate(r.result)) : '',
    r.result.latency ? ms(r.result.latency.p50) : '',
    r.result.latency ? ms(r.result.latency.p99) : '',
    r.result.latency ? ms(r.result.latency.max) : '',
    r.target ? `${mark(r.target.met)} ${r.target.text}` : '',
  ]);
  return formatTable(header, cells);
}

/** Columns padded to their widest cell; the first and last left-aligned, the numbers between right-aligned. */
export function formatTable(header: string[], cells: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const numeric = (i: number) => i > 0 && i < header.length - 1;
  const line = (c: string[]) => c.map((v, i) => (numeric(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
