import { z } from 'zod';

// The outdated-version banner's check (spec 1 §2 "Other screens", §9; docs/site-chrome.md): the UI knows the id of
// its own build (vite.config.ts defines it) and asks the server which build it serves now, every 600000 ms and when
// the window gets the focus back. Once they differ, the page is outdated until it is reloaded.

declare const __BUILD_ID__: string | undefined;

/** spec 1 §2: the periodic check's interval. */
export const versionCheckIntervalMs = 600_000;

/** This page's build (null when not built by vite, e.g. in unit tests). */
export const ownBuildId: string | null = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : null;

const versionAnswer = z.object({ build_id: z.string().nullable() });

/** GET /v1/version: the build the server serves now (null: unknown, e.g. no built UI). */
export async function fetchServedBuildId(): Promise<string | null> {
  const response = await fetch('/v1/version', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) return null;
  return versionAnswer.parse(await response.json()).build_id;
}

export type VersionWatch = {
  ownBuildId: string | null;
  fetchServedBuildId: () => Promise<string | null>;
  /** Runs `check` every `ms`; answers a function that stops it (setInterval in the browser). */
  every: (ms: number, check: () => void) => () => void;
  /** Runs `check` when the window gets the focus back; answers a function that stops it. */
  onFocus: (check: () => void) => () => void;
  onOutdated: () => void;
};

/**
 * Checks once now, then periodically and on focus; calls `onOutdated` once, when the served build differs from
 * this page's, and stops checking. A failed or unknown answer is no news. Answers a function that stops watching.
 */
export function watchBuildVersion(watch: VersionWatch): () => void {
  if (watch.ownBuildId === null) return () => {};
  let stopped = false;
  let checking = false;
  const stop = () => {
    stopped = true;
    stopTimer();
    stopFocus();
  };
  const check = () => {
    if (stopped || checking) return;
    checking = true;
    watch
      .fetchServedBuildId()
      .then((served) => {
        if (stopped || served === null || served === watch.ownBuildId) return;
        stop();
        watch.onOutdated();
      })
      .catch(() => {})
      .finally(() => {
        checking = false;
      });
  };
  const stopTimer = watch.every(versionCheckIntervalMs, check);
  const stopFocus = watch.onFocus(check);
  check();
  return stop;
}

/** The browser's timers and focus event. */
export const browserScheduling: Pick<VersionWatch, 'every' | 'onFocus'> = {
  every: (ms, check) => {
    const id = window.setInterval(check, ms);
    return () => window.clearInterval(id);
  },
  onFocus: (check) => {
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  },
};
