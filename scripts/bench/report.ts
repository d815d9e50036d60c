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
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const line = (c: string[]) => c.map((v, i) => (numeric.has(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
