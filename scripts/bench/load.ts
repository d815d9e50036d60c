import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { bidWarningCodes } from '../../domain/bid/rules';
import { loadConfig } from '../../infrastructure/config';
import { type Database, openDatabase } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../../infrastructure/secrets';
import { waitForProjections } from '../../projections/projection-status';
import type { TestUser } from '../../tests/support/users';
import { dropDatabase, withClient } from './admin';
import { benchConfig as config } from './config';
import { ACCEPTANCE, ACTIVITY, BID, type CannonRequest, type ConnectionSeed, connectionRequests, type Group, MixRecorder, type MixTotals } from './load-mix';
import { bounded, type LoadMarket, type LoadProvider, seedLoadMarket } from './load-market';
import { backendPids, cpuSeconds, cpuSpent } from './cpu';
import { caughtUp } from './caught-up';
import { loadAverage } from './machine';
import { int, mark, ms } from './report';
import { SERVER_NODE_FLAGS } from '../server-flags';

// The load test (issue 7 "Load"; docs/performance.md "Load test"): the product in its own processes on a real port
// and a fresh database, a seeded marketplace, then autocannon with `connections` keep-alive connections for
// `duration` seconds: 80% dashboards and lists, 15% new bids, 5% acceptances and deal activities
// (scripts/bench/load-mix.ts). Every request must answer 2xx; the server's resident size is sampled from /proc
// throughout, and its growth after the warm-up is the memory figure.
// `npm run bench -- load` runs it (alone; it is not part of the default parts): `-- load --duration 30 --connections 50`
// for a short run, `--roles split` for an api process and a worker process instead of one process doing both.

const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const require = createRequire(import.meta.url);
// autocannon is CommonJS and ships no types: the part of its API used here.
type CannonClient = {
  setRequests(requests: CannonRequest[]): void;
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
  on(event: 'timeout', listener: () => void): void;
};
type CannonResult = { requests: { total: number }; errors: number; timeouts: number; non2xx: number; resets: number; duration: number; latency: { p50: number; p90: number; p99: number } };
// `stop()` ends a run early; the promise then answers with what it measured.
type Autocannon = ((options: Record<string, unknown>) => Promise<CannonResult> & { stop(): void }) & { track?: unknown };
const autocannon = require('autocannon') as Autocannon;

export type LoadOptions = { durationSeconds: number; connections: number; warmupSeconds: number; roles: 'all' | 'split' };

/** `--duration 30 --connections 50 --warmup 10 --roles split` after `load` on the command line; defaults from config.ts. */
export function loadOptions(argv: readonly string[]): LoadOptions {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const positive = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${raw}`);
    return n;
  };
  const durationSeconds = positive('duration', config.loadDurationSeconds);
  const roles = value('roles') ?? 'all';
  if (roles !== 'all' && roles !== 'split') throw new Error(`--roles is all or split, got ${roles}`);
  return {
    durationSeconds,
    connections: positive('connections', config.loadConnections),
    // A fifth of a short run, a minute of the full one.
    warmupSeconds: positive('warmup', Math.min(config.loadWarmupSeconds, Math.max(1, Math.floor(durationSeconds / 5)))),
    roles,
  };
}

export type KindFigures = { kind: string; group: Group; requests: number; failed: number; p50: number; p90: number; p99: number; max: number; answers: string; refusals: string[] };
type RssSample = { seconds: number; kib: number };

export type LoadResults = {
  options: LoadOptions;
  seeded: { posts: number; providers: number; organisations: number; customers: number; bids: number; deals: number; seconds: number };
  seconds: number;
  requests: number;
  kinds: KindFigures[];
  groups: Omit<KindFigures, 'answers' | 'refusals'>[];
  errors: { non2xx: number; timeouts: number; socket: number };
  totals: MixTotals;
  rss: { samples: RssSample[]; warm: number; end: number; max: number; growth: number };
  load: { start: string; middle: string; end: string };
  /** CPU seconds during the run: the product's processes, the database's backends open at the start, the load generator. */
  cpu: { server: number; database: number; client: number };
  /** The longest-open transaction with an id on the whole server, sampled with the RSS: the projections read below it. */
  oldestTransactionSeconds: number;
  checks: string[];
  catchUpSeconds: number;
};

type Runner = { freshDatabase(): Promise<{ name: string; url: string }> };

export async function loadWorkload({ freshDatabase }: Runner, options: LoadOptions): Promise<LoadResults> {
  const database = await freshDatabase();
  const servers = await startProduct(database.url, options.roles);
  const handle = await openDatabase({ url: database.url, maxConnections: 2 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  try {
    // ── The marketplace (not timed) ─────────────────────────────────────────────────────────────────────────────
    const seedStarted = performance.now();
    const store = await openEventStore(loadConfig({ NODE_ENV: 'production' }), handle.db);
    const { market, shares, seededBids } = await seedMarketplace({ db: handle.db, store, url: database.url, base: servers.url, agent }, options.connections, config.loadPosts);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    process.stderr.write(`in all ${seedSeconds.toFixed(0)} s\n`);

    // ── The run ─────────────────────────────────────────────────────────────────────────────────────────────────
    const recorder = new MixRecorder();
    const totals: MixTotals = { acceptancesAsked: 0, dealsOpened: 0, acceptancesWithoutDeal: 0, acceptancesSkipped: 0, sent: new Map() };
    const backends = await backendPids(handle.db);
    const cpuBefore = { server: cpuSeconds(servers.pids), database: cpuSeconds(backends), client: process.cpuUsage() };
    const rss = sampleRss(servers.pids, config.loadRssSampleSeconds);
    const oldest = await sampleOldestTransaction(database.url, config.loadRssSampleSeconds);
    const load = { start: loadAverage(), middle: '', end: '' };
    const middle = setTimeout(() => (load.middle = loadAverage()), (options.durationSeconds * 1000) / 2);
    process.stderr.write(`  ${options.connections} connections for ${options.durationSeconds} s (warm-up ${options.warmupSeconds} s) ... `);
    const started = performance.now();
    const result = await runMix({
      url: servers.url,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      market,
      shares,
      totals,
      onAnswer: (kind, group, status, durationMs, body) => recorder.record(kind, group, status, durationMs, body),
    });
    const seconds = (performance.now() - started) / 1000;
    clearTimeout(middle);
    load.end = loadAverage();
    const samples = rss.stop();
    const oldestTransactionSeconds = await oldest.stop();
    const client = process.cpuUsage(cpuBefore.client);
    const cpu = {
      server: cpuSpent(cpuBefore.server, cpuSeconds(servers.pids)),
      database: cpuSpent(cpuBefore.database, cpuSeconds(backends)),
      client: (client.user + client.system) / 1e6,
    };
    process.stderr.write(`${int(result.requests.total)} requests\n`);

    // ── Afterwards: every write landed once ──────────────────────────────────────────────────────────────────────
    const catchUpStarted = performance.now();
    await caughtUp(handle.db, store, 600_000);
    const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
    // A write answered 2xx is in the store once; one still unanswered when the run stopped may be there or not.
    const checks: string[] = [];
    const count = async (type: string) => Number((await sql<{ n: string }>`select count(*)::text as n from events where type = ${type}`.execute(handle.db)).rows[0]!.n);
    const check = async (label: string, kind: string, status: number, eventType: string, seeded: number) => {
      const entry = recorder.kinds.get(kind);
      const answered = entry?.statuses.get(status) ?? 0;
      const unanswered = (totals.sent.get(kind) ?? 0) - (entry?.durations.length ?? 0);
      const stored = (await count(eventType)) - seeded;
      const met = stored >= answered && stored <= answered + unanswered;
      checks.push(`${mark(met)}  ${label}: ${int(answered)} answered ${status}, ${unanswered} unanswered at the stop; the store holds ${int(stored)} more ${eventType} than seeded`);
    };
    await check('bids', BID, 201, 'BidPlaced', seededBids);
    await check('acceptances', ACCEPTANCE, 200, 'DealOpened', shares.length);
    await check('deal activities', ACTIVITY, 201, 'DealActivityAdded', 0);

    const kinds = [...recorder.kinds].map(([kind, entry]) => figures(kind, entry.group, entry.durations, entry.statuses, entry.refusals));
    const groups = (['read', 'bid', 'acceptance', 'activity'] as const).map((group) => {
      const members = [...recorder.kinds.values()].filter((entry) => entry.group === group);
      const merged = new Map<number, number>();
      for (const member of members) for (const [status, n] of member.statuses) merged.set(status, (merged.get(status) ?? 0) + n);
      const { answers: _a, refusals: _r, ...rest } = figures(group, group, members.flatMap((m) => m.durations), merged, []);
      return rest;
    });
    const warmSamples = samples.filter((s) => s.seconds >= options.warmupSeconds);
    const average = (list: RssSample[]) => list.reduce((sum, s) => sum + s.kib, 0) / Math.max(1, list.length);
    // Three samples on each side, so one garbage collection does not make the figure.
    const warm = average(warmSamples.slice(0, 3));
    const end = average(warmSamples.slice(-3));
    return {
      options,
      seeded: {
        posts: market.posts.length,
        providers: market.providers.length,
        organisations: config.loadLenders + config.loadBrokers,
        customers: market.customers.length,
        bids: seededBids,
        deals: shares.length,
        seconds: seedSeconds,
      },
      seconds,
      requests: result.requests.total,
      kinds,
      groups,
      errors: { non2xx: result.non2xx, timeouts: result.timeouts, socket: result.errors - result.timeouts },
      totals,
      rss: { samples, warm, end, max: Math.max(...samples.map((s) => s.kib)), growth: warm > 0 ? (end - warm) / warm : 0 },
      load,
      cpu,
      oldestTransactionSeconds,
      checks,
      catchUpSeconds,
    };
  } finally {
    agent.destroy();
    await handle.close();
    await servers.stop();
    await dropDatabase(database.name);
  }
}

export type SeededMarketplace = { market: LoadMarket; shares: ConnectionSeed[]; seededBids: number };

/**
 * The load test's marketplace on a running product (not timed): organisations, providers, customers and `posts`
 * active posts through the store, a few bids per post and one open deal per connection over HTTP, each connection
 * with its share of the posts (load-mix.ts); then every consumer caught up and the statistics analysed.
 */
export async function seedMarketplace(
  deps: { db: Database; store: EventStore; url: string; base: string; agent: http.Agent },
  connections: number,
  posts: number,
): Promise<SeededMarketplace> {
  const { db, store, base, agent } = deps;
  process.stderr.write('  seeding the marketplace: ');
  let phaseStarted = performance.now();
  const phase = (label: string) => {
    process.stderr.write(`${label} ${((performance.now() - phaseStarted) / 1000).toFixed(0)} s, `);
    phaseStarted = performance.now();
  };
  const market = await seedLoadMarket(
    { store, secrets: await loadSecrets(db) },
    { lenders: config.loadLenders, brokers: config.loadBrokers, providersPerOrganisation: config.loadProvidersPerOrganisation, customers: config.loadCustomers, posts },
  );
  if (!(await waitForProjections(db, ['organisations', 'users', 'posts'], market.position, { timeoutMs: 300_000 }))) throw new Error('the seeded market did not reach the read models');
  phase('accounts and posts');
  const shares: ConnectionSeed[] = Array.from({ length: connections }, () => ({ posts: [], deals: [] }));
  market.posts.forEach((post, i) => shares[i % connections]!.posts.push({ ...post, bids: [], accepted: false }));
  if (shares.some((share) => share.posts.length < 6)) throw new Error(`${int(market.posts.length)} posts are too few for ${connections} connections (6 each at least)`);

  // Existing bids, through the product's route, a few per post from providers of different organisations.
  const sharePosts = shares.flatMap((share) => share.posts);
  let seededBids = 0;
  await bounded(sharePosts.length * config.loadSeedBidsPerPost, 16, async (i) => {
    const post = sharePosts[i % sharePosts.length]!;
    const provider = market.providers[(i * 5 + Math.floor(i / sharePosts.length)) % market.providers.length]!;
    const answer = await call(agent, base, 'POST', `/v4/home_loans/${post.homeLoanId}/bids`, provider, seedBid(market, provider, i));
    if (answer.status !== 201) throw new Error(`seeding a bid: ${answer.status} ${answer.body.slice(0, 300)}`);
    post.bids.push({ bidId: (JSON.parse(answer.body) as { uuid: string }).uuid, provider });
    seededBids++;
  });
  phase('bids');
  // One open deal per connection for its first activities: its first post's latest bid, accepted by the owner.
  await bounded(shares.length, 32, async (i) => {
    const post = shares[i]!.posts[0]!;
    const bid = post.bids[post.bids.length - 1]!;
    const answer = await call(agent, base, 'POST', `/v1/posts/${post.postId}/home_loan_bids/${bid.bidId}/accept`, post.owner, {});
    if (answer.status !== 200) throw new Error(`seeding a deal: ${answer.status} ${answer.body.slice(0, 300)}`);
    const dealId = (JSON.parse(answer.body) as { deal_id: string }).deal_id;
    await readable(agent, base, `/v1/deals/${dealId}`, bid.provider);
    post.accepted = true;
    shares[i]!.deals.push({ dealId, provider: bid.provider, steps: 0 });
  });
  phase('deals');
  await caughtUp(db, store, 300_000);
  // Statistics as autovacuum keeps them on a marketplace that has run for a while.
  await withClient(deps.url, (c) => c.query('vacuum analyze'));
  return { market, shares, seededBids };
}

export type MixRun = {
  url: string;
  connections: number;
  durationSeconds: number;
  market: LoadMarket;
  shares: ConnectionSeed[];
  totals: MixTotals;
  /** Every answer: what the request was (load-mix.ts) and the time from sending it to the whole answer. */
  onAnswer(kind: string, group: Group, status: number, durationMs: number, body: string): void;
  /** A request still unanswered after the timeout (autocannon counts it in `timeouts` either way). */
  onTimeout?(): void;
};

/** autocannon with `connections` keep-alive connections, each cycling through its share of the load mix (load-mix.ts). */
export function runMix(run: MixRun): Promise<CannonResult> & { stop(): void } {
  let clients = 0;
  return autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.durationSeconds,
    timeout: config.loadTimeoutSeconds,
    // Replaced per connection in setupClient; a request of no consequence if one were ever sent.
    requests: [{ method: 'GET', path: '/health' }],
    setupClient: (client: CannonClient) => {
      const index = clients++;
      let pending: { kind: string; group: Group; status: number; body: string } | null = null;
      client.setRequests(
        connectionRequests(index, run.market, run.shares[index]!, run.totals, (kind, group, status, body) => {
          pending = { kind, group, status, body };
        }),
      );
      const { onTimeout } = run;
      if (onTimeout) {
        client.on('timeout', () => {
          pending = null;
          onTimeout();
        });
      }
      // Emitted right after the request's onResponse, with the time from sending to the whole answer.
      client.on('response', (status, _bytes, durationMs) => {
        const answered = pending;
        pending = null;
        run.onAnswer(answered?.kind ?? 'unknown', answered?.group ?? 'read', status, durationMs, answered?.body ?? '');
      });
    },
  });
}

export function figures(kind: string, group: Group, durations: number[], statuses: Map<number, number>, refusals: string[]): KindFigures {
  const sorted = Float64Array.from(durations).sort();
  const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
  const failed = [...statuses].filter(([status]) => status < 200 || status > 299).reduce((sum, [, n]) => sum + n, 0);
  return {
    kind,
    group,
    requests: sorted.length,
    failed,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    answers: [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${int(n)}`).join(', '),
    refusals,
  };
}

export function printLoad(r: LoadResults): void {
  const total = r.requests;
  const share = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
  const errors = r.errors.non2xx + r.errors.timeouts + r.errors.socket;
  const header = ['Requests of the mix', 'Requests', 'Share', 'Per second', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'non-2xx'];
  const row = (f: Omit<KindFigures, 'answers' | 'refusals'>, label: string) => [label, int(f.requests), share(f.requests), int(f.requests / r.seconds), ms(f.p50), ms(f.p90), ms(f.p99), ms(f.max), int(f.failed)];
  const groupLabels: Record<Group, string> = { read: 'all dashboards and lists', bid: 'all new bids', acceptance: 'all acceptances', activity: 'all deal activities' };
  const cells = [
    ...r.groups.map((g) => row(g, groupLabels[g.group])),
    ...r.kinds.sort((a, b) => a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind)).map((k) => row(k, `  ${k.kind}`)),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');

  console.log(`\nLoad test: ${r.options.connections} connections, ${r.options.durationSeconds} s, product as ${r.options.roles === 'all' ? 'one process (ROLE=all)' : 'an api and a worker process'}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  const rssMiB = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
  console.log('\nTargets');
  console.log(
    `  ${mark(errors === 0)}  errors: ${errors} (non-2xx ${r.errors.non2xx}, timeouts ${r.errors.timeouts}, socket errors ${r.errors.socket}) of ${int(total)} requests, ` +
      `${int(total / r.seconds)} requests/s`,
  );
  console.log(
    `  ${mark(r.rss.growth < config.loadRssGrowthTarget)}  server resident size: ${rssMiB(r.rss.warm)} after the ${r.options.warmupSeconds} s warm-up, ${rssMiB(r.rss.end)} at the end ` +
      `(growth ${(r.rss.growth * 100).toFixed(1)}%, target < ${config.loadRssGrowthTarget * 100}%), highest ${rssMiB(r.rss.max)}`,
  );
  for (const check of r.checks) console.log(`  ${check}`);
  console.log('\nNotes');
  console.log(
    `  Seeded in ${r.seeded.seconds.toFixed(0)} s (not timed): ${r.seeded.organisations} organisations, ${r.seeded.providers} providers, ${r.seeded.customers} customers, ` +
      `${int(r.seeded.posts)} active posts, ${int(r.seeded.bids)} bids over HTTP, ${r.seeded.deals} deals opened over HTTP.`,
  );
  console.log(
    `  Acceptances: ${int(r.totals.acceptancesAsked)} asked, ${int(r.totals.dealsOpened)} answered with the deal open, ${int(r.totals.acceptancesWithoutDeal)} before the deal was readable ` +
      `(5 s wait), ${int(r.totals.acceptancesSkipped)} turns that found no post to spare and wrote an activity instead.`,
  );
  console.log(
    `  The transaction the log's readers waited for (events_horizon(): the oldest that may append events) was ${r.oldestTransactionSeconds.toFixed(1)} s old at its worst sample.`,
  );
  console.log(`  Projections caught up ${r.catchUpSeconds.toFixed(1)} s after the last request. Latency from sending a request to its whole answer, warm-up included.`);
  const perRequest = (seconds: number) => `${((seconds * 1000) / Math.max(1, total)).toFixed(1)} ms`;
  console.log(
    `  CPU per request: product ${perRequest(r.cpu.server)} (API and projections), PostgreSQL ${perRequest(r.cpu.database)}, load generator ${perRequest(r.cpu.client)}; ` +
      `${(r.cpu.server + r.cpu.database + r.cpu.client).toFixed(0)} CPU seconds in ${r.seconds.toFixed(0)} s on ${os.cpus().length} cores (what is left went to other work on the machine).`,
  );
  console.log(`  Load average (1/5/15 min): ${r.load.start} at the start, ${r.load.middle} halfway, ${r.load.end} at the end (the load generator runs on the same machine).`);
  const step = Math.max(1, Math.round(30 / config.loadRssSampleSeconds));
  console.log(`  RSS every ${step * config.loadRssSampleSeconds} s: ${r.rss.samples.filter((_, i) => i % step === 0).map((s) => `${s.seconds.toFixed(0)} s ${rssMiB(s.kib)}`).join(', ')}`);
  for (const k of r.kinds) {
    if (k.failed > 0) console.log(`  ${k.kind}: answers ${k.answers}; ${k.refusals.join(' | ')}`);
  }
}

// ── The product's processes ─────────────────────────────────────────────────────────────────────────────────────

export type Product = { url: string; pids: number[]; stop(): Promise<void> };

/** Children still running, killed if the bench itself exits early (Ctrl-C). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** `npm start`'s entry (scripts/start.ts) in production mode on a free port; `split`: an api and a worker process. */
export async function startProduct(databaseUrl: string, roles: LoadOptions['roles']): Promise<Product> {
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const children = roles === 'all' ? [launch('server', { ...env, ROLE: 'all' })] : [launch('worker', { ...env, ROLE: 'worker' }), launch('api', { ...env, ROLE: 'api' })];
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM'); // close-with-grace: in-flight work finishes first
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(killer);
      }),
    );
  };
  try {
    for (const deadline = Date.now() + 300_000; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
      for (const child of children) if (child.exitCode !== null) throw new Error(`the product's process exited (${child.exitCode}) before it was ready`);
      const health = await fetch(`${url}/health`).then((r) => r.status, () => 0);
      if (health === 200) break;
      if (Date.now() > deadline) throw new Error('the product did not answer /health within 300 s');
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pids: children.map((child) => child.pid!), stop };
}

function launch(name: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', START], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  // Its warnings and errors reach the bench's stderr, one prefixed line each.
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line.trim()) process.stderr.write(`    ${name}: ${line}\n`);
    });
  }
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resident size (VmRSS) of the product's processes together, every `everySeconds`, from /proc. */
function sampleRss(pids: number[], everySeconds: number): { stop(): RssSample[] } {
  const samples: RssSample[] = [];
  const started = performance.now();
  const take = () => {
    let kib = 0;
    for (const pid of pids) {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kib += Number(match?.[1] ?? 0);
    }
    samples.push({ seconds: (performance.now() - started) / 1000, kib });
  };
  take();
  const timer = setInterval(take, everySeconds * 1000);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** The age of the transaction the log's readers wait for (the one at `events_horizon()`), at its worst of the samples. */
async function sampleOldestTransaction(url: string, everySeconds: number): Promise<{ stop(): Promise<number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let worst = 0;
  let taking: Promise<unknown> = Promise.resolve();
  const take = () => {
    taking = client
      .query<{ seconds: number | null }>(
        'select extract(epoch from max(now() - xact_start))::float8 as seconds from pg_stat_activity where backend_xid = xid(events_horizon())',
      )
      .then(({ rows }) => (worst = Math.max(worst, rows[0]?.seconds ?? 0)), () => undefined);
  };
  const timer = setInterval(take, everySeconds * 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      await taking;
      await client.end();
      return worst;
    },
  };
}

// ── Seeding over HTTP ───────────────────────────────────────────────────────────────────────────────────────────

function seedBid(market: LoadMarket, provider: LoadProvider, n: number) {
  const comparison = 5.3 + ((n * 53) % 80) / 100;
  return {
    home_loan_bid: {
      bid_type: 'normal',
      organisation_uuid: provider.organisationType === 'financial_institution' ? provider.organisationUuid : market.lenders[n % market.lenders.length]!,
      interest_rate: Math.round((comparison - 0.12) * 100) / 100,
      comparison_rate: Math.round(comparison * 100) / 100,
      rate_type: 'variable',
      type_of_loan: 'full_service_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 90,
      offset: n % 2 === 0,
      redraw: true,
      required_documents: [{ document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true }],
    },
    confirmed_warnings: [...bidWarningCodes],
  };
}

function call(agent: http.Agent, base: string, method: string, path: string, user: Pick<TestUser, 'headers'>, body?: unknown): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method, agent, headers: { ...user.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Waits until `path` answers 200 for `user` (a deal the reactor opens after the acceptance). */
async function readable(agent: http.Agent, base: string, path: string, user: Pick<TestUser, 'headers'>): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await call(agent, base, 'GET', path, user)).status === 200) return;
  }
  throw new Error(`${path} not readable after 60 s`);
}

