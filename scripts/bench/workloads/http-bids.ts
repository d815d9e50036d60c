import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Pool } from 'undici';
import type { BidFormInput } from '../../../domain/bid/schemas';
import { type BidWarningCode, bidWarningCodes } from '../../../domain/bid/rules';
import { loadConfig } from '../../../infrastructure/config';
import { type Database, openDatabase } from '../../../infrastructure/database/database';
import { openEventStore } from '../../../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../../../infrastructure/secrets';
import { waitForProjections } from '../../../projections/projection-status';
import { caughtUp } from '../caught-up';
import { backendPids, coreSpeed, cpuSeconds, cpuSpent } from '../cpu';
import { Random } from '../events';
import { LatencyRecorder } from '../latency';
import { type Market, type MarketPost, seedMarket } from '../market';
import { ANSWER_BYTES_HEADER, CEILING_BIDS_TABLE_SQL, ceilingBidPath } from '../ceiling-route';
import { SERVER_READY_MARKER, type Task, type TaskResult } from '../tasks';
import { runPaced, runWriters } from '../writers';
import { SERVER_NODE_FLAGS } from '../../server-flags';

type HttpBidsTask = Extract<Task, { kind: 'http-bids' }>;

const SERVER = fileURLToPath(new URL('../bid-server.ts', import.meta.url));
/** The read models a bid request reads (post, provider, organisation) must hold the seeded market first. */
const MARKET_PROJECTIONS = ['organisations', 'users', 'posts'];

/**
 * Bids placed over HTTP on the real server (its own process, projections running): `task.clients` clients in this
 * process, each its own provider with its own keep-alive connection. Closed loop (`offeredPerSecond` null): each
 * client awaits its response before it sends the next bid, so the rate is the most the system places. Open loop:
 * the bids go out at `offeredPerSecond`, taken in turn by the clients, and each latency runs from the bid's
 * scheduled start; at most `task.clients` are in flight (one connection each), a bid due while all are busy waits
 * for one and that wait counts. Every client bids on the posts in its own shuffled order, once per post, so
 * requests spread over the posts and now and then two meet on one post (the post stream's optimistic check, as in
 * real use). The bids pass the LVR check (75% against a maximum of 90%) and confirm the warnings, as a provider who
 * clicked 'Yes, continue!' (only "not beating the leading bid" can come up), so every request should answer 201.
 */
export async function httpBids(task: HttpBidsTask): Promise<TaskResult> {
  if (task.bidsPerClient + task.warmupBidsPerClient > task.posts) throw new Error('a client bids once per post: give more posts than bids per client');
  const server = await startServer(task.url, task.cpuProfileDir, task.serverPoolSize);
  const handle = await openDatabase({ url: task.url, maxConnections: 2 });
  // One keep-alive connection a client. undici rather than node:http: the clients share the 2 cores with the
  // server and PostgreSQL, and undici spends about a quarter less CPU a request.
  const pool = new Pool(server.url, { connections: task.clients });
  try {
    const store = await openEventStore(loadConfig({ NODE_ENV: 'production' }), handle.db);
    const market = await seedMarket({ store, secrets: await loadSecrets(handle.db) }, { providers: task.clients, posts: task.posts });
    if (!(await waitForProjections(handle.db, MARKET_PROJECTIONS, market.position, { timeoutMs: 120_000 }))) throw new Error('the seeded market did not reach the read models');

    const orders = market.providers.map((_, client) => shuffled(market.posts, 7919 + client));
    const statuses = new Map<number, number>();
    const problems = new Set<string>();
    // The ceiling answers as many bytes as a real bid's answer: one real bid first, on a post no client reaches.
    let ceilingAnswerBytes: number | null = null;
    if (task.route === 'ceiling') {
      await sql.raw(CEILING_BIDS_TABLE_SQL).execute(handle.db);
      const sizing = await postBid(pool, market, 0, orders[0]![orders[0]!.length - 1]!, 0, null);
      if (sizing.status !== 201) throw new Error(`the sizing bid answered ${sizing.status}: ${sizing.body.slice(0, 300)}`);
      ceilingAnswerBytes = Buffer.byteLength(sizing.body);
    }
    const place = async (client: number, n: number) => {
      const { status, body } = await postBid(pool, market, client, orders[client]![n]!, n, ceilingAnswerBytes);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 201 && problems.size < 3) problems.add(`${status} ${body.slice(0, 300)}`);
    };
    await runWriters(task.clients, task.warmupBidsPerClient, (client, i) => place(client, i));
    const speedBefore = coreSpeed();
    // CPU of the server process and of the database's backends open by now (the warm-up filled the server's pool).
    const backends = await backendPids(handle.db);
    const serverBefore = cpuSeconds([server.pid]);
    const databaseBefore = cpuSeconds(backends);
    const clientBefore = process.cpuUsage();
    const latency = new LatencyRecorder();
    const timedBids = task.clients * task.bidsPerClient;
    const seconds =
      task.offeredPerSecond === null
        ? await runWriters(task.clients, task.bidsPerClient, (client, i) => latency.time(() => place(client, task.warmupBidsPerClient + i)))
        : await runPaced(timedBids, task.offeredPerSecond, async (k, scheduledAt) => {
            await place(k % task.clients, task.warmupBidsPerClient + Math.floor(k / task.clients));
            latency.record(performance.now() - scheduledAt);
          });
    const serverCpu = cpuSpent(serverBefore, cpuSeconds([server.pid]));
    const databaseCpu = cpuSpent(databaseBefore, cpuSeconds(backends));
    const clientCpu = process.cpuUsage(clientBefore);
    // The bids' work the projections, reactors and mails had not done by the last answer (a consumer that falls
    // behind shows here, not in the rate).
    const lastAnswer = performance.now();
    await caughtUp(handle.db, store, 600_000);
    const catchUpSeconds = (performance.now() - lastAnswer) / 1000;
    const speedAfter = coreSpeed();
    const perBid = (cpu: number) => `${((cpu * 1000) / timedBids).toFixed(2)} ms`;

    const name = `${task.route === 'ceiling' ? 'HTTP ceiling' : 'HTTP bids'}${task.offeredPerSecond === null ? '' : ` at ${task.offeredPerSecond}/s`}`;
    const sent = task.clients * (task.bidsPerClient + task.warmupBidsPerClient);
    const placed = statuses.get(201) ?? 0;
    const recorded = task.route === 'ceiling' ? await countCeilingRows(handle.db) : await countEvents(handle.db, 'BidPlaced');
    if (recorded !== placed) throw new Error(`${placed} requests answered 201 but the store holds ${recorded} ${task.route === 'ceiling' ? 'ceiling rows' : 'BidPlaced events'}`);
    const failures = sent - placed;
    const answers = [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
    return {
      operations: timedBids,
      events: timedBids,
      seconds,
      latency: latency.summary(),
      failures,
      cpuMsPerOperation: {
        server: (serverCpu * 1000) / timedBids,
        database: (databaseCpu * 1000) / timedBids,
        clients: (clientCpu.user + clientCpu.system) / 1000 / timedBids,
      },
      notes: [
        ...(task.offeredPerSecond === null
          ? []
          : [`${name}: open loop, ${Math.round(timedBids / seconds)}/s answered; each latency from the bid's scheduled start`]),
        `${name}: ${sent} requests (${task.clients * task.warmupBidsPerClient} of them warm-up) on ${task.posts} posts; answers ${answers}`,
        `${name}, CPU per timed bid: server process ${perBid(serverCpu)} (API and projections), PostgreSQL ${perBid(databaseCpu)}, ` +
          `clients ${perBid((clientCpu.user + clientCpu.system) / 1e6)}; wall clock ${seconds.toFixed(1)} s on ${os.cpus().length} cores`,
        `${name}: every projection, reactor and mail consumer caught up ${catchUpSeconds.toFixed(1)} s after the last answer`,
        `${name}: machine speed ${speedBefore.toFixed(0)} MB/s of SHA-256 on one core before the timed bids, ${speedAfter.toFixed(0)} after`,
        ...[...problems].map((p) => `${name}, unexpected answer: ${p}`),
      ],
    };
  } finally {
    await pool.destroy();
    await handle.close();
    await server.stop();
  }
}

/** A bid that passes: rates below the customer's 6.20%, spread so the leading bid keeps changing. */
function bidBody(market: Market, n: number): { home_loan_bid: BidFormInput; confirmed_warnings: BidWarningCode[] } {
  const comparison = 5.2 + ((n * 37) % 90) / 100;
  return {
    home_loan_bid: {
      bid_type: 'normal',
      organisation_uuid: market.organisationId,
      interest_rate: Math.round((comparison - 0.15) * 100) / 100,
      comparison_rate: Math.round(comparison * 100) / 100,
      rate_type: 'variable',
      type_of_loan: 'full_service_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 90,
      offset: true,
      redraw: true,
      split_loan_facility: true,
      required_documents: [{ document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true }],
    },
    confirmed_warnings: [...bidWarningCodes],
  };
}

/** A bid on the product's route, or (`ceilingAnswerBytes` given) the same request on the ceiling route. */
async function postBid(pool: Pool, market: Market, client: number, post: MarketPost, n: number, ceilingAnswerBytes: number | null): Promise<{ status: number; body: string }> {
  const provider = market.providers[client]!;
  const response = await pool.request({
    path: ceilingAnswerBytes === null ? `/v4/home_loans/${post.homeLoanId}/bids` : ceilingBidPath(post.homeLoanId),
    method: 'POST',
    headers: { ...provider.headers, 'content-type': 'application/json', ...(ceilingAnswerBytes === null ? {} : { [ANSWER_BYTES_HEADER]: String(ceilingAnswerBytes) }) },
    body: JSON.stringify(bidBody(market, n)),
  });
  return { status: response.statusCode, body: await response.body.text() };
}

/** A seeded Fisher–Yates shuffle. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = new Random(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function countCeilingRows(db: Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from bench_ceiling_bids`.execute(db);
  return Number(rows[0]!.n);
}

async function countEvents(db: Database, type: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from events where type = ${type}`.execute(db);
  return Number(rows[0]!.n);
}

type RunningServer = { url: string; pid: number; stop(): Promise<void> };

/**
 * Starts bid-server.ts and waits for its URL; `stop` ends its stdin, on which it closes gracefully. `poolSize`: its
 * DATABASE_POOL_SIZE (the product's default when not given).
 */
export function startServer(databaseUrl: string, cpuProfileDir: string | null, poolSize?: number): Promise<RunningServer> {
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const args = [...profile, ...SERVER_NODE_FLAGS, '--import', 'tsx', SERVER, databaseUrl, ...(poolSize ? [String(poolSize)] : [])];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      // The server's log (warnings and errors) goes to the bench's stderr; the marked line gives its URL.
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) if (!line.startsWith(SERVER_READY_MARKER)) process.stderr.write(`    server: ${line}\n`);
      const line = lines.find((l) => l.startsWith(SERVER_READY_MARKER));
      if (line) {
        resolve({
          url: line.slice(SERVER_READY_MARKER.length).trim(),
          pid: child.pid!,
          stop: async () => {
            child.stdin!.end();
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
}
