import { performance } from 'node:perf_hooks';

/**
 * Runs `writers` concurrent loops of `perWriter` sequential operations and returns the wall-clock seconds from
 * the first start to the last finish. Each writer awaits its own operation before the next, as a request
 * handler would, so concurrency is exactly `writers`.
 */
export async function runWriters(writers: number, perWriter: number, operation: (writer: number, i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < perWriter; i++) await operation(writer, i);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Open loop: starts operation k at k / perSecond seconds after the start, whether or not earlier ones have answered,
 * as independent users do, and returns the wall-clock seconds from the start to the last finish. `operation` gets
 * its scheduled start (`performance.now()` time): a latency measured from there includes any wait before the request
 * went out, so a system that falls behind shows it in its latency (no coordinated omission).
 */
export async function runPaced(total: number, perSecond: number, operation: (k: number, scheduledAt: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const scheduledAt = (k: number) => started + (k * 1000) / perSecond;
  const running: Promise<unknown>[] = [];
  let failure: unknown;
  let next = 0;
  await new Promise<void>((resolve) => {
    const startDue = () => {
      for (; next < total && scheduledAt(next) <= performance.now(); next++) {
        running.push(operation(next, scheduledAt(next)).catch((error: unknown) => (failure ??= error)));
      }
      // The next bid may have come due since the loop looked: a negative delay makes Node warn.
      if (next < total) setTimeout(startDue, Math.max(0, scheduledAt(next) - performance.now()));
      else resolve();
    };
    startDue();
  });
  await Promise.all(running);
  if (failure !== undefined) throw failure;
  return (performance.now() - started) / 1000;
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}
