/** An EXPLAIN ANALYZE output on one line: the plan's nodes, innermost last, and the execution time. */
export function summarisePlan(lines: string[]): string {
  const nodes = lines
    .filter((l) => /^\s*(->\s*)?[A-Z]/.test(l) && !/^\s*(Planning|Execution|Sort Key|Sort Method|Index Cond|Filter|Rows Removed|Heap|Buffers|Worker)/.test(l))
    .map((l) => l.replace(/^\s*->\s*/, '').replace(/\s*\(actual.*$/, '').trim());
  const removed = lines.find((l) => l.includes('Rows Removed by Filter'))?.trim();
  const execution = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return `${nodes.join(' > ')}${removed ? ` (${removed})` : ''}; execution ${execution}`;
}
