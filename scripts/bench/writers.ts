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

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}
