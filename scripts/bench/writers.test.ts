import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { runPaced } from './writers';

describe('runPaced (the open-loop bid run)', () => {
  it('starts operation k at k / rate seconds, without waiting for the ones before it', async () => {
    const started: { k: number; at: number; scheduledAt: number }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const begin = performance.now();
    const seconds = await runPaced(20, 200, async (k, scheduledAt) => {
      started.push({ k, at: performance.now() - begin, scheduledAt: scheduledAt - begin });
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30)); // slower than the 5 ms between starts
      inFlight -= 1;
    });
    expect(started.map((s) => s.k)).toEqual([...Array(20).keys()]);
    // The schedule counts from runPaced's own start (operation 0's time), not from `begin`: a busy machine may pause
    // between the two, and that pause is no fault of the schedule.
    const origin = started[0]!.scheduledAt;
    for (const { k, at, scheduledAt } of started) {
      expect(scheduledAt - origin).toBeCloseTo(k * 5, 6);
      expect(at).toBeGreaterThanOrEqual(scheduledAt - 0.5); // never early
    }
    // A closed loop would run one at a time (20 × 30 ms); the open loop overlaps them.
    expect(mostInFlight).toBeGreaterThan(1);
    expect(seconds).toBeGreaterThanOrEqual(0.095 + 0.03 - 0.005);
    expect(seconds).toBeLessThan(2);
  });

  it('lets every operation finish and then throws the first failure', async () => {
    const finished: number[] = [];
    const run = runPaced(5, 1000, async (k) => {
      await new Promise((resolve) => setTimeout(resolve, 10 - k));
      finished.push(k);
      if (k === 1) throw new Error('bid 1 failed');
    });
    await expect(run).rejects.toThrow('bid 1 failed');
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
