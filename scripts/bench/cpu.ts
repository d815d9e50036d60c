import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';

// CPU time spent by processes on this machine (Linux /proc), so a workload can say what one operation costs the
// server and PostgreSQL whatever else shares the cores: wall-clock figures move with the load, CPU per operation
// much less.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * How fast one core is right now: MB/s of SHA-256 over 64 KB blocks for `ms` milliseconds. The CPU a bid costs has
 * moved by half between runs of the same code on this machine, for every process at once (docs/performance.md
 * "Machine speed"); a run's figures are only comparable with another's at a similar speed.
 */
export function coreSpeed(ms = 300): number {
  const block = Buffer.alloc(64 * 1024, 7);
  const start = performance.now();
  let blocks = 0;
  while (performance.now() - start < ms) {
    for (let i = 0; i < 8; i++) createHash('sha256').update(block).digest();
    blocks += 8;
  }
  return (blocks * block.length) / 1e6 / ((performance.now() - start) / 1000);
}

/** User plus system CPU seconds of each process that still exists (others count 0). */
export function cpuSeconds(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces) start at field 3: utime and stime are 14 and 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      seconds.set(pid, 0);
    }
  }
  return seconds;
}

/** The PostgreSQL backends serving the database `db` is connected to (the server must be on this machine). */
export async function backendPids(db: Database): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  return rows.map((r) => r.pid);
}

/** CPU seconds `pids` spent between two readings, counting only processes present in the first. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, start] of before) total += Math.max(0, (after.get(pid) ?? start) - start);
  return total;
}
