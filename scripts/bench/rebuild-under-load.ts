import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { consumersFor } from '../../application/consumers';
import { loadConfig } from '../../infrastructure/config';
import { openDatabase } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../../infrastructure/secrets';
import { issueAccessToken, newSessionId } from '../../infrastructure/tokens';
import type { TestUser } from '../../tests/support/users';
import { dropDatabase, withClient } from './admin';
import { caughtUp } from './caught-up';
import { benchConfig as config } from './config';
import { figures, type KindFigures, runMix, seedMarketplace, startProduct } from './load';
import { type Group, MixRecorder, type MixTotals } from './load-mix';
import { loadAverage } from './machine';
import { int, mark, ms } from './report';
import { liveBuildsAtHead, seedLog, timedProcess } from './scale';

// `npm run bench -- rebuild-under-load` (issue 27; docs/performance.md "Live traffic during a rebuild"): does live
// traffic keep its latency while `npm run projections:rebuild` rebuilds every projection beside it? On a fresh
// database: a log of realistic events (scale.ts's cloned journeys) and the load test's marketplace (load.ts), the
// product as an api and a worker process, and one quiet rebuild (no traffic) that fills the read models and times
// the rebuild alone. Then the load test's mix (load-mix.ts) runs without interruption: a warm-up, `--duration`
// seconds without a rebuild, then a full rebuild as its own process, until it ends. Each request counts in the
// period in which it was sent; the figure is p99 during the rebuild over p99 without it, in the same run.
// `-- rebuild-under-load --events 50000 --connections 10 --duration 60 --warmup 20`.

/** The target of issue 27: requests during a full rebuild keep a p99 within three times the p99 without one. */
const P99_RATIO_TARGET = 3;
const TIMED_OUT = 'timed out';

export type RebuildUnderLoadOptions = { events: number; connections: number; durationSeconds: number; warmupSeconds: number };

export function rebuildUnderLoadOptions(argv: readonly string[]): RebuildUnderLoadOptions {
  const positive = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    if (at < 0) return fallback;
    const n = Number(argv[at + 1]);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${argv[at + 1]}`);
    return n;
  };
  return {
    // At the rebuild speed of 29/11 (about 700 events/s) a quiet rebuild of 50,000 events takes over a minute.
    events: positive('events', Number(process.env.BENCH_REBUILD_LOAD_EVENTS ?? 50_000)),
    // Below the machine's saturation (50 connections queued every request for 1.5 s at p99 on the 2 cores): a
    // saturated closed loop measures its queue, not what a rebuild takes from live work.
    connections: positive('connections', 10),
    durationSeconds: positive('duration', 60),
    warmupSeconds: positive('warmup', 20),
  };
}

type Period = { seconds: number; requests: number; timedOut: number; failed: number; p50: number; p99: number; max: number; groups: KindFigures[] };

export type RebuildUnderLoadResults = {
  options: RebuildUnderLoadOptions;
  events: number;
  /** The rebuild with no traffic (it also fills the read models the run reads). */
  quietRebuildSeconds: number;
  loadedRebuildSeconds: number;
  without: Period;
  during: Period;
  errors: { non2xx: number; timeouts: number; socket: number };
  load: { start: string; rebuild: string; end: string };
};

type Sample = { sentAt: number; kind: string; group: Group; status: number; ms: number; body: string };

export async function rebuildUnderLoadWorkload(
  { freshDatabase }: { freshDatabase(): Promise<{ name: string; url: string }> },
  options: RebuildUnderLoadOptions,
): Promise<RebuildUnderLoadResults> {
  const database = await freshDatabase();
  const handle = await openDatabase({ url: database.url, maxConnections: 6 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let servers: Awaited<ReturnType<typeof startProduct>> | null = null;
  try {
    const productConfig = loadConfig({ NODE_ENV: 'production' });
    const store = await openEventStore(productConfig, handle.db);
    const secrets = await loadSecrets(handle.db);
    const { events } = await seedLog({ ...handle, url: database.url }, store, secrets, options.events);
    // Every consumer as caught up (scale.ts): the worker would otherwise replay the clones live, and its reactors
    // would act on them (a second deal per cloned acceptance). The quiet rebuild below fills the read models.
    const consumers = consumersFor({ publicUrl: productConfig.publicUrl, secrets });
    await liveBuildsAtHead(handle, store, consumers);
    servers = await startProduct(database.url, 'split');
    const { market, shares } = await seedMarketplace({ db: handle.db, store, url: database.url, base: servers.url, agent }, options.connections, options.connections * 8);
    process.stderr.write('\n');

    const projections = consumers.filter((c) => c.kind === 'projection').map((p) => p.name);
    const rebuild = async () => (await timedProcess('npx', ['tsx', 'scripts/rebuild-projections.ts', ...projections], { ...process.env, DATABASE_URL: database.url })).seconds;
    process.stderr.write(`  quiet rebuild of every projection (no traffic) ... `);
    const quietRebuildSeconds = await rebuild();
    process.stderr.write(`${quietRebuildSeconds.toFixed(1)} s\n`);
    await caughtUp(handle.db, store, 300_000);
    await withClient(database.url, (c) => c.query('vacuum analyze'));

    // ── The run: warm-up, the period without a rebuild, the rebuild ─────────────────────────────────────────────────
    // Access tokens live 15 minutes and a loaded rebuild may take longer: fresh ones now and every 10 minutes.
    const users = new Set<TestUser>([...market.providers, ...market.customers, ...market.posts.map((p) => p.owner)]);
    const refreshTokens = async () => {
      for (const user of users) {
        const token = await issueAccessToken(secrets.accessTokenKey, { userId: user.id, userType: user.userType, sessionId: newSessionId() }, new Date());
        user.headers.authorization = `Bearer ${token}`; // read by every request as it is sent (load-mix.ts)
      }
    };
    await refreshTokens();
    const refresher = setInterval(() => void refreshTokens(), 10 * 60_000);
    const samples: Sample[] = [];
    const totals: MixTotals = { acceptancesAsked: 0, dealsOpened: 0, acceptancesWithoutDeal: 0, acceptancesSkipped: 0, sent: new Map() };
    const load = { start: loadAverage(), rebuild: '', end: '' };
    process.stderr.write(`  ${options.connections} connections: warm-up ${options.warmupSeconds} s, ${options.durationSeconds} s without a rebuild, then a rebuild ... `);
    const started = performance.now();
    const run = runMix({
      url: servers.url,
      connections: options.connections,
      // Stopped when the rebuild ends; this is a bound only.
      durationSeconds: options.warmupSeconds + options.durationSeconds + 3600,
      market,
      shares,
      totals,
      onAnswer: (kind, group, status, durationMs, body) => samples.push({ sentAt: performance.now() - durationMs, kind, group, status, ms: durationMs, body }),
      // A request unanswered after the timeout counts at the timeout (status 0): the worst latencies must not drop out.
      onTimeout: () => {
        const timeoutMs = config.loadTimeoutSeconds * 1000;
        samples.push({ sentAt: performance.now() - timeoutMs, kind: TIMED_OUT, group: 'read', status: 0, ms: timeoutMs, body: '' });
      },
    });
    await new Promise((resolve) => setTimeout(resolve, (options.warmupSeconds + options.durationSeconds) * 1000));
    const rebuildFrom = performance.now();
    load.rebuild = loadAverage();
    process.stderr.write('rebuilding ... ');
    let loadedRebuildSeconds: number;
    try {
      loadedRebuildSeconds = await rebuild();
    } finally {
      run.stop();
      clearInterval(refresher);
    }
    const rebuildTo = performance.now();
    const result = await run;
    load.end = loadAverage();
    process.stderr.write(`${loadedRebuildSeconds.toFixed(1)} s, ${int(result.requests.total)} requests\n`);
    await caughtUp(handle.db, store, 600_000);

    const warmedAt = started + options.warmupSeconds * 1000;
    const period = (from: number, to: number): Period => {
      const within = samples.filter((s) => s.sentAt >= from && s.sentAt < to);
      const all = summary('all', 'read', within);
      const groups = (['read', 'bid', 'acceptance', 'activity'] as const).map((group) => summary(group, group, within.filter((s) => s.group === group && s.kind !== TIMED_OUT)));
      return { seconds: (to - from) / 1000, requests: all.requests, timedOut: within.filter((s) => s.kind === TIMED_OUT).length, failed: all.failed, p50: all.p50, p99: all.p99, max: all.max, groups };
    };
    return {
      options,
      events,
      quietRebuildSeconds,
      loadedRebuildSeconds,
      without: period(warmedAt, rebuildFrom),
      during: period(rebuildFrom, rebuildTo),
      errors: { non2xx: result.non2xx, timeouts: result.timeouts, socket: result.errors - result.timeouts },
      load,
    };
  } finally {
    agent.destroy();
    await handle.close();
    await servers?.stop();
    await dropDatabase(database.name);
  }
}

function summary(kind: string, group: Group, samples: readonly Sample[]): KindFigures {
  const recorder = new MixRecorder();
  for (const s of samples) recorder.record(kind, group, s.status, s.ms, s.body);
  const entry = recorder.kinds.get(kind);
  return figures(kind, group, entry?.durations ?? [], entry?.statuses ?? new Map(), entry?.refusals ?? []);
}

export function printRebuildUnderLoad(r: RebuildUnderLoadResults): void {
  const ratio = r.during.p99 / Math.max(r.without.p99, 0.001);
  const errors = r.errors.non2xx + r.errors.timeouts + r.errors.socket;
  console.log(`\nLive traffic during a rebuild: ${int(r.events)} events, ${r.options.connections} connections, the product as an api and a worker process`);
  const header = ['Period', 'Seconds', 'Requests', 'Per second', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx'];
  const cells = (['without', 'during'] as const).flatMap((name) => {
    const p = r[name];
    const label = name === 'without' ? 'without a rebuild' : 'during the rebuild';
    return [
      [label, p.seconds.toFixed(0), int(p.requests), int(p.requests / p.seconds), ms(p.p50), ms(p.p99), ms(p.max), int(p.failed)],
      ...p.groups.filter((g) => g.requests > 0).map((g) => [`  ${g.kind}`, '', int(g.requests), int(g.requests / p.seconds), ms(g.p50), ms(g.p99), ms(g.max), int(g.failed)]),
      ...(p.timedOut > 0 ? [[`  ${TIMED_OUT} (counted at ${config.loadTimeoutSeconds} s)`, '', int(p.timedOut), '', '', '', '', '']] : []),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  console.log('\nTargets');
  console.log(`  ${mark(ratio <= P99_RATIO_TARGET)}  p99 during the rebuild / p99 without: ${ms(r.during.p99)} / ${ms(r.without.p99)} ms = ${ratio.toFixed(2)} (target <= ${P99_RATIO_TARGET})`);
  console.log(`  ${mark(errors === 0)}  errors: ${errors} (non-2xx ${r.errors.non2xx}, timeouts ${r.errors.timeouts}, socket errors ${r.errors.socket})`);
  console.log('\nNotes');
  console.log(
    `  Full rebuild of every projection (npm run projections:rebuild): ${r.quietRebuildSeconds.toFixed(1)} s with no traffic, ` +
      `${r.loadedRebuildSeconds.toFixed(1)} s under the load (${(r.loadedRebuildSeconds / r.quietRebuildSeconds).toFixed(2)} times).`,
  );
  console.log(`  Load average (1/5/15 min): ${r.load.start} at the start, ${r.load.rebuild} when the rebuild started, ${r.load.end} at the end.`);
  console.log(`  A request counts in the period in which it was sent; the ${r.options.warmupSeconds} s warm-up counts in neither.`);
  for (const name of ['without', 'during'] as const) {
    for (const g of r[name].groups) if (g.failed > 0) console.log(`  ${name}, ${g.kind}: answers ${g.answers}; ${g.refusals.join(' | ')}`);
  }
  console.log(`  JSON: ${JSON.stringify({ events: r.events, quiet: r.quietRebuildSeconds, loaded: r.loadedRebuildSeconds, without: r.without.p99, during: r.during.p99, ratio })}`);
}
