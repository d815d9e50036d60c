import { describe, expect, it, vi } from 'vitest';
import { versionCheckIntervalMs, type VersionWatch, watchBuildVersion } from './build-version';

// The outdated-version check with an injected fetch, clock and focus (docs/site-chrome.md).

function harness(answers: (string | null | Error)[], ownBuildId: string | null = 'build-1') {
  const timers: { ms: number; check: () => void }[] = [];
  const focusListeners: (() => void)[] = [];
  const fetchServedBuildId = vi.fn(async () => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onOutdated = vi.fn();
  const watch: VersionWatch = {
    ownBuildId,
    fetchServedBuildId,
    every: (ms, check) => {
      const timer = { ms, check };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    onFocus: (check) => {
      focusListeners.push(check);
      return () => focusListeners.splice(focusListeners.indexOf(check), 1);
    },
    onOutdated,
  };
  const tick = () => timers.forEach((t) => t.check());
  const focus = () => focusListeners.forEach((check) => check());
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { watch, timers, focusListeners, fetchServedBuildId, onOutdated, tick, focus, settled };
}

describe('the outdated-version check', () => {
  it('checks at once, then every 600000 ms (spec 1 §9)', async () => {
    const h = harness(['build-1']);
    watchBuildVersion(h.watch);
    await h.settled();
    expect(h.fetchServedBuildId).toHaveBeenCalledTimes(1);
    expect(h.timers.map((t) => t.ms)).toEqual([versionCheckIntervalMs]);
    expect(versionCheckIntervalMs).toBe(600_000);
    h.tick();
    await h.settled();
    expect(h.fetchServedBuildId).toHaveBeenCalledTimes(2);
    expect(h.onOutdated).not.toHaveBeenCalled();
  });

  it('tells once when the served build differs, and stops checking', async () => {
    const h = harness(['build-1', 'build-2']);
    watchBuildVersion(h.watch);
    await h.settled();
    expect(h.onOutdated).not.toHaveBeenCalled();
    h.tick();
    await h.settled();
    expect(h.onOutdated).toHaveBeenCalledTimes(1);
    expect(h.timers).toHaveLength(0);
    expect(h.focusListeners).toHaveLength(0);
  });

  it('checks again when the window gets the focus back', async () => {
    const h = harness(['build-1', 'build-3']);
    watchBuildVersion(h.watch);
    await h.settled();
    h.focus();
    await h.settled();
    expect(h.onOutdated).toHaveBeenCalledTimes(1);
  });

  it('takes a failed or unknown answer as no news', async () => {
    const h = harness([new Error('offline'), null, 'build-1']);
    watchBuildVersion(h.watch);
    await h.settled();
    h.tick();
    await h.settled();
    h.tick();
    await h.settled();
    expect(h.fetchServedBuildId).toHaveBeenCalledTimes(3);
    expect(h.onOutdated).not.toHaveBeenCalled();
  });

  it('stops when asked, and does nothing for a page without a build id', async () => {
    const h = harness(['build-2']);
    const stop = watchBuildVersion({ ...h.watch, fetchServedBuildId: () => new Promise((resolve) => setTimeout(() => resolve('build-2'), 5)) });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.onOutdated).not.toHaveBeenCalled();
    const unbuilt = harness(['build-2'], null);
    watchBuildVersion(unbuilt.watch);
    await unbuilt.settled();
    expect(unbuilt.fetchServedBuildId).not.toHaveBeenCalled();
    expect(unbuilt.timers).toHaveLength(0);
  });
});
