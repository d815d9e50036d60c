import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../api/app';
import { homeLoanProduct } from '../../domain/product/products';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { type DatabaseHandle, openDatabase } from '../../infrastructure/database/database';
import { comparePositions, type EventStore, type NewEvent, type Position, type RecordedEvent, START } from '../../infrastructure/event-store/event-store';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { type AppSecrets, loadSecrets } from '../../infrastructure/secrets';
import { issueAccessToken, newSessionId } from '../../infrastructure/tokens';
import { waitForProjections } from '../../projections/projection-status';
import { consumersFor } from '../../application/consumers';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { type Journey, marketJourney } from '../../tests/support/journey';
import type { TestApp } from '../../tests/support/test-app';
import { provider, type TestProvider } from '../../tests/support/trade';
import { as, createUser, type TestUser } from '../../tests/support/users';
import { dropDatabase, keepDatabase } from './admin';
import { LatencyRecorder } from './latency';
import { int, ms } from './report';
import type { Latency } from './tasks';
import { sydneyDay } from '../../domain/shared/sydney-time';

// `npm run bench -- scale` (docs/operations.md "Scale"): logs of 100,000 and 1,000,000 realistic events, the full
// rebuild of every projection from them (`npm run projections:rebuild`, timed as a process), the latency of the main
// queries over the API on the rebuilt read models, and the database's size.
//
// The events are the product's own: a few marketplace journeys (tests/support/journey.ts: post, bids, chat,
// acceptance, deal to closed won, review) run through the real API, then cloned until the log has the size asked:
// every id a journey made becomes a fresh one per clone (the organisations and providers stay, so each provider
// bids on many posts), customers get their own addresses (and e-mail reservation streams), times move back so
// the clones spread over the past year, and the clones are appended through the event store with personal data
// encrypted under a key per person, as the product stores it. Ids the product derives from other ids (a deal's from
// its bid) are fresh in a clone; no projection derives them, so the rebuild does the same work.

const SIZES = (process.env.BENCH_SCALE_EVENTS ?? '100000,1000000').split(',').map(Number);
const WRITERS = 4;
const QUERY_RUNS = Number(process.env.BENCH_SCALE_QUERY_RUNS ?? 300);
const WARMUP_RUNS = 20;
/** Keep each size's database after the run (its name is printed): to time rebuilds again on the same log. */
const KEEP_DATABASES = process.env.BENCH_SCALE_KEEP === '1';
const DAY_MS = 86_400_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const EMAIL = /[A-Za-z0-9._%+-]+@test\.example/g;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

export type QueryFigure = { query: string; latency: Latency };
export type ScaleFigures = {
  events: number;
  streams: number;
  seedSeconds: number;
  /** The log read once through the store, nothing applied: the rebuild's ceiling. */
  readAllSeconds: number;
  /** The rebuild as `npm run projections:rebuild` times it (without its process's start and migrations). */
  rebuildSeconds: number;
  queries: QueryFigure[];
  databaseBytes: number;
  eventsBytes: number;
  readModelBytes: number;
};

type Group = { name: string; url: string };

export async function scaleWorkloads({ freshDatabase }: { freshDatabase(): Promise<Group> }): Promise<ScaleFigures[]> {
  const figures: ScaleFigures[] = [];
  for (const size of SIZES) {
    const group = await freshDatabase();
    try {
      figures.push(await atSize(group.url, size));
    } finally {
      if (KEEP_DATABASES) {
        keepDatabase(group.name);
        process.stderr.write(`  kept ${group.url}\n`);
      } else await dropDatabase(group.name);
    }
  }
  return figures;
}

async function atSize(url: string, size: number): Promise<ScaleFigures> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const handle = await openDatabase({ url, maxConnections: WRITERS + 2 });
  try {
    const store = await openEventStore(config, handle.db);
    const secrets = await loadSecrets(handle.db);
    const { template, events, seedSeconds } = await seedLog({ ...handle, url }, store, secrets, size);
    const { rows: streamRows } = await sql<{ n: string }>`select count(distinct stream_id)::text as n from events`.execute(handle.db);

    process.stderr.write(`  ${int(size)} events: reading the log (readAll) ... `);
    const readAllSeconds = await timeReadAll(store);
    process.stderr.write(`${readAllSeconds.toFixed(1)} s\n`);
    process.stderr.write(`  ${int(size)} events: npm run projections:rebuild ... `);
    const projections = consumersFor({ publicUrl: config.publicUrl, secrets }).filter((c) => c.kind === 'projection');
    await liveBuildsAtHead(handle, store, projections);
    const rebuild = await timedProcess('npx', ['tsx', 'scripts/rebuild-projections.ts', ...projections.map((p) => p.name)], { ...process.env, DATABASE_URL: url });
    const rebuildSeconds = Number(/ in ([\d.]+) s\./.exec(rebuild.output)?.[1] ?? Number.NaN);
    process.stderr.write(`${rebuildSeconds.toFixed(1)} s (the process: ${rebuild.seconds.toFixed(1)} s)\n`);
    await sql`vacuum analyze`.execute(handle.db);

    process.stderr.write(`  ${int(size)} events: queries ... `);
    const queries = await timeQueries(handle, store, secrets, template);
    process.stderr.write('done\n');

    const { rows: sizes } = await sql<{ database: string; events: string; read_models: string }>`
      select pg_database_size(current_database())::text as database, pg_total_relation_size('events')::text as events,
        (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in (select schema_name from projection_builds where status = 'live') and c.relkind = 'r')::text as read_models`.execute(handle.db);
    await store.close();
    return {
      events,
      streams: Number(streamRows[0]!.n),
      seedSeconds,
      readAllSeconds,
      rebuildSeconds,
      queries,
      databaseBytes: Number(sizes[0]!.database),
      eventsBytes: Number(sizes[0]!.events),
      readModelBytes: Number(sizes[0]!.read_models),
    };
  } finally {
    await handle.close();
  }
}

/**
 * A log of `size` realistic events on a fresh database: the journeys through the real API (the template), then their
 * clones (not timed as a result; `seedSeconds` is the cloning's time).
 */
export async function seedLog(
  database: DatabaseHandle & { url: string },
  store: EventStore,
  secrets: AppSecrets,
  size: number,
): Promise<{ template: Template; events: number; seedSeconds: number }> {
  process.stderr.write(`  ${int(size)} events: journeys through the API (template) ... `);
  const template = await runTemplate(database, store, secrets);
  process.stderr.write(`${template.journeys.length} journeys, ${template.journeys.reduce((n, j) => n + j.length, 0)} events\n`);
  process.stderr.write(`  ${int(size)} events: cloning ... `);
  const seeded = performance.now();
  const events = await cloneUntil(store, secrets, template, size);
  const seedSeconds = (performance.now() - seeded) / 1000;
  await sql`vacuum analyze events`.execute(database.db);
  process.stderr.write(`${int(events)} events in ${seedSeconds.toFixed(0)} s (not a result)\n`);
  return { template, events, seedSeconds };
}

type Template = {
  /** Every uuid, e-mail address and stream the journeys share with what came before them (kept in every clone). */
  fixedIds: Set<string>;
  fixedEmails: Set<string>;
  /** The events of each journey, decrypted, in global order. */
  journeys: RecordedEvent[][];
  admin: TestUser;
  bidders: TestProvider[];
  customer: string;
};

/** The real app on the bench database, its runner live, and the journeys run through it. */
async function runTemplate(database: DatabaseHandle & { url: string }, store: EventStore, secrets: AppSecrets): Promise<Template> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app: FastifyInstance = await buildApp({ config, db: database.db, store, clock: systemClock, ids: randomIds, secrets, listen: database.listen });
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    consumers: consumersFor({ publicUrl: config.publicUrl, secrets }),
    idleMs: 10,
    onError: (error, consumer) => process.stderr.write(`\n  projection ${consumer}: ${(error as Error).message}\n`),
  });
  await runner.untilLive();
  runner.start();
  try {
    const { position: adminPosition, ...admin } = await createUser({ store, secrets }, { userType: 'admin' });
    if (adminPosition && !(await waitForProjections(database.db, ['users'], adminPosition, { timeoutMs: 120_000 }))) throw new Error('the users projection did not catch up');
    const t: TestApp = {
      app,
      database,
      store,
      secrets,
      admin,
      asAdmin: (options) => app.inject(as(admin, options)),
      createUser: async (spec) => {
        const { position, ...user } = await createUser({ store, secrets }, spec);
        if (position) await waitForProjections(database.db, ['users'], position, { timeoutMs: 30_000 });
        return user;
      },
      eventCount: async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(database.db)).rows[0]!.n),
      close: async () => {},
    };
    const bidders: TestProvider[] = [];
    for (let i = 0; i < 6; i++) bidders.push(await provider(t, { organisationType: i % 2 ? 'broker' : 'financial_institution' }));
    const before = await store.headPosition();
    const ranges: { from: Position; to: Position; journey: Journey }[] = [];
    // Three shapes: accepted with three bids, still bidding with two, accepted with two.
    const plans = [
      { bidders: bidders.slice(0, 3), accept: true },
      { bidders: bidders.slice(3, 5), accept: false },
      { bidders: [bidders[5]!, bidders[0]!], accept: true },
    ];
    let from = before;
    for (const plan of plans) {
      const journey = await marketJourney(t, plan.bidders, { accept: plan.accept });
      await runner.catchUp(); // the reactors' events (the deal) belong to this journey
      const to = await store.headPosition();
      ranges.push({ from, to, journey });
      from = to;
    }
    const base = await readAllUpTo(store, START, before);
    const baseText = JSON.stringify(base.map((e) => [e.streamId, e.id, e.data, e.metadata]));
    const journeys = [];
    for (const range of ranges) journeys.push(await readAllUpTo(store, range.from, range.to));
    return {
      fixedIds: new Set([...(baseText.match(UUID) ?? []), homeLoanProduct.uuid]),
      fixedEmails: new Set(baseText.match(EMAIL) ?? []),
      journeys,
      admin,
      bidders,
      customer: ranges[0]!.journey.post.owner.id,
    };
  } finally {
    await app.close();
    await runner.stop();
  }
}

async function readAllUpTo(store: EventStore, from: Position, to: Position): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let position = from; ; ) {
    const batch = await store.readAll(position, 1000);
    const wanted = batch.events.filter((e) => comparePositions(e.position, to) <= 0);
    events.push(...wanted);
    if (wanted.length < batch.events.length || batch.events.length === 0) return events;
    position = batch.next;
  }
}

/** Appends clones of the journeys (in turn, WRITERS at a time) until the log holds `size` events; answers the count. */
async function cloneUntil(store: EventStore, secrets: AppSecrets, template: Template, size: number): Promise<number> {
  const perRound = template.journeys.reduce((n, j) => n + j.length, 0);
  const already = (await readAllUpTo(store, START, await store.headPosition())).length;
  const clones = Math.ceil(((size - already) / perRound) * template.journeys.length);
  const keyed = (email: string) => createHmac('sha256', secrets.emailLookupKey).update(email.toLowerCase()).digest('base64url');
  const texts = template.journeys.map((journey) => journey.map((e) => JSON.stringify({ streamId: e.streamId, type: e.type, data: e.data, metadata: e.metadata })));
  let next = 0;
  let appended = already;
  const writer = async () => {
    for (let c = next++; c < clones && appended < size; c = next++) {
      // Oldest first, spread from a year ago to two days ago (the mail projections ignore events older than a day).
      const shift = -(365 * DAY_MS - (363 * DAY_MS * c) / clones);
      const ids = new Map<string, string>();
      const rewrite = (text: string) =>
        text
          .replace(EMAIL, (email) => (template.fixedEmails.has(email) ? email : email.replace('@', `.c${c}@`)))
          .replace(UUID, (id) => (template.fixedIds.has(id) ? id : (ids.get(id) ?? ids.set(id, randomUUID()).get(id)!)))
          .replace(TIMESTAMP, (at) => new Date(Date.parse(at) + shift).toISOString());
      const journey = template.journeys[c % template.journeys.length]!;
      const streams = new Map<string, string>();
      const events = texts[c % texts.length]!.map((text, i) => {
        const e = JSON.parse(rewrite(text)) as { streamId: string; type: string; data: unknown; metadata: NewEvent['metadata'] };
        let streamId = e.streamId;
        if (streamId.startsWith('user_email-')) {
          // The reservation stream is named by the keyed address: the clone's customer has an address of its own.
          const original = journey[i]!.streamId;
          if (!streams.has(original)) {
            const email = (texts[c % texts.length]!.join('\n').match(EMAIL) ?? []).find((m) => !template.fixedEmails.has(m) && `user_email-${keyed(m)}` === original);
            streams.set(original, email ? `user_email-${keyed(email.replace('@', `.c${c}@`))}` : `user_email-${randomUUID()}`);
          }
          streamId = streams.get(original)!;
        }
        return { streamId, event: { id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata } };
      });
      for (let i = 0; i < events.length; ) {
        let j = i + 1;
        while (j < events.length && events[j]!.streamId === events[i]!.streamId) j++;
        await store.append(events[i]!.streamId, events.slice(i, j).map((e) => e.event), 'any');
        i = j;
      }
      appended += events.length;
      if (c % 500 === 0) process.stderr.write(`${int(appended)} `);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return appended;
}

/**
 * The builds the template's runner left stopped before the clones; the runner advances a live build of the current
 * version beside a rebuild, which would double the work. They are marked caught up (their views keep serving, as in
 * production while a rebuild runs: the mail projections read the users view), so the rebuild does all the work.
 */
export async function liveBuildsAtHead(database: DatabaseHandle, store: EventStore, projections: readonly Pick<Projection, 'name'>[]): Promise<void> {
  const head = await store.headPosition();
  await sql`
    update projection_builds set checkpoint_commit = ${head.commit.toString()}, checkpoint_prepare = ${head.prepare.toString()}
    where status = 'live' and name in (${sql.join(projections.map((p) => p.name))})`.execute(database.db);
}

/** The process's wall time, and its output (the rebuild prints its own time, without the process's start). */
export function timedProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, output }) : reject(new Error(`${command} ${args[1]} exited ${code}: ${output.slice(-2000)}`)),
    );
  });
}

/**
 * The ceiling of a rebuild (issue 27): the whole log read once through the product's store, as the rebuild reads it
 * (batches of 5,000, personal data decrypted), with nothing applied.
 */
async function timeReadAll(store: EventStore): Promise<number> {
  const started = performance.now();
  let position = START;
  for (;;) {
    const read = await store.readAll(position, 5000);
    if (read.events.length === 0) break;
    position = read.next;
  }
  return (performance.now() - started) / 1000;
}

/** p50/p99 of the main reads over the API (inject: routing, auth, validation, queries, serialisation). */
async function timeQueries(database: DatabaseHandle, store: EventStore, secrets: AppSecrets, template: Template): Promise<QueryFigure[]> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, store, clock: systemClock, ids: randomIds, secrets, listen: database.listen });
  try {
    const bearer = async (userId: string, userType: 'admin' | 'fsp' | 'customer') => ({
      authorization: `Bearer ${await issueAccessToken(secrets.accessTokenKey, { userId, userType, sessionId: newSessionId() }, new Date())}`,
    });
    const admin = await bearer(template.admin.id, 'admin');
    const fsp = await bearer(template.bidders[0]!.id, 'fsp');
    const customer = await bearer(template.customer, 'customer');
    const { rows: posts } = await sql<{ uuid: string }>`select uuid::text from posts order by md5(uuid::text) limit 50`.execute(database.db);
    const today = sydneyDay(new Date());
    const reads: { query: string; headers: Record<string, string>; url: (i: number) => string }[] = [
      { query: "admin's post list (GET /v2/posts, page 1 of 25)", headers: admin, url: () => '/v2/posts?page=1&count=25' },
      { query: "provider's dashboard list (GET /v2/posts, page 1 of 25)", headers: fsp, url: () => '/v2/posts?page=1&count=25' },
      { query: "provider's list, page 20, sorted by loan amount", headers: fsp, url: () => '/v2/posts?page=20&count=25&sorting[loan_amount]=desc' },
      { query: "provider's deals board (GET /v1/deals)", headers: fsp, url: () => '/v1/deals?page=1&count=25' },
      { query: "customer's own posts (GET /v2/posts)", headers: customer, url: () => '/v2/posts?page=1&count=25' },
      { query: 'statistics panel, All Time (GET /v1/statistics/dashboard)', headers: admin, url: () => `/v1/statistics/dashboard?from=2017-01-01&to=${today}` },
      { query: 'post page as the admin (GET /v4/posts/{id}, 50 posts in turn)', headers: admin, url: (i) => `/v4/posts/${posts[i % posts.length]!.uuid}` },
    ];
    const figures: QueryFigure[] = [];
    for (const read of reads) {
      const recorder = new LatencyRecorder();
      for (let i = 0; i < WARMUP_RUNS + QUERY_RUNS; i++) {
        const run = () => app.inject({ method: 'GET', url: read.url(i), headers: read.headers });
        const response = i < WARMUP_RUNS ? await run() : await recorder.time(run);
        if (response.statusCode !== 200) throw new Error(`${read.query}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      figures.push({ query: read.query, latency: recorder.summary() });
    }
    return figures;
  } finally {
    await app.close();
  }
}

const mb = (bytes: number) => `${int(bytes / 1024 / 1024)} MB`;

export function printScale(figures: ScaleFigures[]): void {
  console.log('\nScale');
  for (const f of figures) {
    console.log(`\n  ${int(f.events)} events in ${int(f.streams)} streams (cloned in ${f.seedSeconds.toFixed(0)} s, not a result)`);
    const readAllRate = f.events / f.readAllSeconds;
    const rebuildRate = f.events / f.rebuildSeconds;
    console.log(`    reading the log once (readAll, batches of 5,000, decrypted): ${f.readAllSeconds.toFixed(1)} s, ${int(readAllRate)} events/s (the ceiling)`);
    console.log(`    full rebuild of every projection (npm run projections:rebuild): ${f.rebuildSeconds.toFixed(1)} s, ${int(rebuildRate)} events/s`);
    console.log(`    rebuild / readAll: ${((100 * rebuildRate) / readAllRate).toFixed(1)}% (issue 27: at least 10%)`);
    console.log(`    database ${mb(f.databaseBytes)}: events table with indexes ${mb(f.eventsBytes)}, live read models ${mb(f.readModelBytes)}`);
    for (const q of f.queries) console.log(`    ${q.query}: p50 ${ms(q.latency.p50)} ms, p99 ${ms(q.latency.p99)} ms, max ${ms(q.latency.max)} ms`);
  }
  console.log(`\n  ${QUERY_RUNS} timed calls per query after ${WARMUP_RUNS} warm-up calls, one at a time, through app.inject (no network).`);
  console.log(`  JSON: ${JSON.stringify(figures)}`);
}
