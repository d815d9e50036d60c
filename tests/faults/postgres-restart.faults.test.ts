import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidWarningCodes } from '../../domain/bid/rules';
import { defaultPreferences } from '../../domain/post/schemas';
import { jane, john, livingCosts, refinanceLoan, salary } from '../../domain/post/test-fixtures';
import { homeLoanProduct } from '../../domain/product/products';
import { loadConfig } from '../../infrastructure/config';
import { type DatabaseHandle, openDatabase } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { derivedUuid } from '../../infrastructure/ids';
import { loadSecrets } from '../../infrastructure/secrets';
import { consumersFor } from '../../application/consumers';
import { DEMO_PASSWORD } from '../../scripts/demo-data';
import { type BrowserSession, logInAs, openBrowser } from '../support/browser';
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';
import { type ProductProcess, startProductProcess } from '../support/product-process';
import { differencesFromCleanRebuild } from '../support/read-models';
import { validBid } from '../support/trade';

// Issue 7 "Faults": PostgreSQL is stopped and started while the product runs (docs/operations.md "PostgreSQL
// outage"). The product is a real process (`npx tsx scripts/start.ts`, ROLE all) on a PostgreSQL cluster of this
// test's own; users (the demo accounts) log in, post, bid, chat and read throughout. While the database is away every
// answer is a 503 problem with the maintenance text, quickly, and a browser shows the maintenance page; once it is back
// the same process serves again, the page returns by itself, the live message stream reconnects, projections, outbox
// and scheduler carry on, every acknowledged command is there and the read models equal a clean rebuild.

const MAINTENANCE = 'The service is under maintenance. Please try again shortly.';
/** An answer slower than this during the outage counts as a hang (connections time out after 5 s). */
const MAX_ANSWER_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;
const resultsDir = path.resolve(import.meta.dirname, '../../test-results/postgres-restart');

type Actor = { email: string; token: string; id: string };
type Answer = { method: string; route: string; status: number; ms: number; at: number; contentType: string; body: unknown };

let pg: PrivatePostgres;
let product: ProductProcess;
let browser: BrowserSession | undefined;
let page: Page;
let database: DatabaseHandle | undefined;

const answers: Answer[] = [];
/** The windows in which the database was away: from just before the stop to just after the start. */
const outages: { mode: 'fast' | 'immediate'; from: number; to: number }[] = [];
/** Commands answered 2xx (acknowledged): after every restart they must all be there. */
const acked = { messages: [] as string[], posts: [] as string[], bids: [] as { id: string; bidder: Actor }[] };
const figures: Record<string, number> = {};

let customer: Actor;
let lender: Actor;
let broker: Actor;
let admin: Actor;
let conversationId: string;
let firstPost: { postId: string; homeLoanId: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The path with ids replaced, so answers group by route in failure messages. */
const routeOf = (path: string) => path.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');

async function call(method: string, path: string, options: { as?: Actor; body?: unknown } = {}): Promise<Answer> {
  const started = performance.now();
  const at = Date.now();
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
  if (options.as) headers.authorization = `Bearer ${options.as.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let answer: Answer;
  try {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text for the failure message
    }
    answer = { method, route: routeOf(path), status: response.status, ms: performance.now() - started, at, contentType: response.headers.get('content-type') ?? '', body };
  } catch (error) {
    // No answer at all (a hang past the timeout, a dropped connection): status 0, which the checks refuse.
    answer = { method, route: routeOf(path), status: 0, ms: performance.now() - started, at, contentType: '', body: String(error) };
  }
  answers.push(answer);
  return answer;
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const json = (answer: Answer) => answer.body as Record<string, unknown>;

function isMaintenanceProblem(answer: Answer): boolean {
  const body = answer.body as { status?: unknown; detail?: unknown } | undefined;
  return answer.status === 503 && answer.contentType.startsWith('application/problem+json') && body?.status === 503 && body.detail === MAINTENANCE;
}

async function logIn(email: string): Promise<Actor> {
  const tokens = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: email, password: DEMO_PASSWORD } });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  const token = json(tokens).access_token as string;
  const me = await call('GET', '/v1/users/me', { as: { email, token, id: '' } });
  expect(me.status).toBe(200);
  return { email, token, id: json(me).uuid as string };
}

/** Repeats a command until it is answered 2xx (a user pressing the button again), while `keepGoing` says so. */
async function until2xx(send: () => Promise<Answer>, keepGoing: () => boolean): Promise<Answer> {
  const deadline = Date.now() + 60_000;
  let unavailable = false;
  for (;;) {
    const answer = await send();
    if (ok(answer)) return answer;
    // After a 503 the first try may have been applied after all (a bid, a publication): a refusal now ends the
    // attempt, as a user would look and see it done.
    if (!keepGoing() || (unavailable && answer.status >= 400 && answer.status < 500)) throw new Abandoned();
    unavailable ||= answer.status === 503;
    if (Date.now() > deadline) throw new Error(`${answer.method} ${answer.route} still answers ${answer.status}: ${JSON.stringify(answer.body)}`);
    await sleep(300);
  }
}
/** A traffic step given up: the traffic stopped, or a retry after a 503 was refused. */
class Abandoned extends Error {}

const postsUrl = `/v2/products/${homeLoanProduct.uuid}/posts`;
const organisationOf = (name: string) => derivedUuid('demo-organisation', name);

/** A customer's post through the wizard's calls (tests/support/trade.ts activePost), published: `active`. */
async function publishPost(keepGoing: () => boolean): Promise<{ postId: string; homeLoanId: string }> {
  const as = customer;
  const step = (method: string, path: string, body: unknown) => until2xx(() => call(method, path, { as, body }), keepGoing);
  const postId = json(await step('POST', postsUrl, { post: { urgency: 'within_1_month' } })).uuid as string;
  const homeLoanId = json(await step('POST', `/v2/posts/${postId}/home_loans`, { home_loan: refinanceLoan })).uuid as string;
  await step('POST', `/v2/home_loans/${homeLoanId}/home_loan_preferences`, { home_loan_preferences: defaultPreferences });
  const first = json(await step('POST', `/v2/home_loans/${homeLoanId}/applicants`, { applicant: jane })).uuid as string;
  const second = json(await step('POST', `/v2/home_loans/${homeLoanId}/applicants`, { applicant: john })).uuid as string;
  // The income's path names the applicant, looked up in the posts read model: a 404 until it has caught up.
  await step('POST', `/v2/applicants/${first}/incomes`, { income: salary });
  const { applicants: _applicants, ...living } = livingCosts;
  await step('POST', `/v2/home_loans/${homeLoanId}/expenses`, { applicants: [first, second], expense: living });
  const published = await step('PATCH', `/v2/posts/${postId}`, { operation: 'validate' });
  expect(json(published).status).toBe('active');
  acked.posts.push(postId);
  return { postId, homeLoanId };
}

async function bid(bidder: Actor, organisation: string, homeLoanId: string, keepGoing: () => boolean): Promise<void> {
  const body = { home_loan_bid: validBid(organisationOf(organisation)), confirmed_warnings: [...bidWarningCodes] };
  const placed = await until2xx(() => call('POST', `/v4/home_loans/${homeLoanId}/bids`, { as: bidder, body }), keepGoing);
  acked.bids.push({ id: json(placed).uuid as string, bidder });
}

let messageCounter = 0;
async function sendMessage(): Promise<Answer> {
  const text = `Fault test message ${++messageCounter}`;
  const sent = await call('POST', `/v1/conversations/${conversationId}/messages`, { as: customer, body: { message: text } });
  if (ok(sent)) acked.messages.push(text);
  return sent;
}

/** Users at work: reads, chat messages, posts with bids, now and then a log-in; until `stop`. */
function startTraffic(): { stop(): Promise<void> } {
  let running = true;
  const keepGoing = () => running;
  const loop = async (work: () => Promise<unknown>) => {
    while (running) {
      try {
        await work();
      } catch (error) {
        if (!(error instanceof Abandoned)) throw error;
      }
      await sleep(40);
    }
  };
  let lastLogIn = 0;
  const loops = [
    loop(() => call('GET', '/v1/users/me', { as: customer })),
    loop(() => call('GET', `/v4/posts/${firstPost.postId}`, { as: customer })),
    loop(() => call('GET', '/v1/fsps/bids', { as: lender })),
    loop(sendMessage),
    loop(async () => {
      const { homeLoanId } = await publishPost(keepGoing);
      await bid(lender, 'Commonwealth Bank', homeLoanId, keepGoing);
      await bid(broker, 'Aussie Home Loans', homeLoanId, keepGoing);
    }),
    loop(async () => {
      // At most one a few seconds: log-in is rate-limited per account (10 a minute).
      if (Date.now() - lastLogIn < 8000) return sleep(500);
      lastLogIn = Date.now();
      await call('POST', '/oauth/token', { body: { grant_type: 'password', username: admin.email, password: DEMO_PASSWORD } });
    }),
  ];
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The live message stream (`GET /v1/messages/live`) as a client reads it. */
function openLiveStream(as: Actor) {
  const controller = new AbortController();
  let text = '';
  let status = 0;
  let ended = false;
  const done = (async () => {
    try {
      const response = await fetch(`${product.url}/v1/messages/live`, { headers: { authorization: `Bearer ${as.token}`, accept: 'text/event-stream' }, signal: controller.signal });
      status = response.status;
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        text += value;
      }
    } catch {
      // aborted or dropped: ended
    } finally {
      ended = true;
    }
  })();
  return {
    status: () => status,
    text: () => text,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, intervalMs = 100): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
  return performance.now() - started;
}

/** Every answer of the process so far is a clean one: 2xx/4xx, or the maintenance 503; never a 500, a hang or silence. */
function expectCleanAnswers(): void {
  // /health answers its own 503 (the state of each part), checked where it is called.
  const expected503 = (a: Answer) => isMaintenanceProblem(a) || (a.route === '/health' && a.status === 503);
  const unclean = answers.filter((a) => a.status === 0 || (a.status >= 500 && !expected503(a)) || (a.status === 503 && a.ms > MAX_ANSWER_MS));
  expect(unclean.slice(0, 5), `${unclean.length} unclean answers`).toEqual([]);
  // While the database was away nothing else than success (answered before the stop took hold) and the 503.
  const inOutage = answers.filter((a) => outages.some((o) => a.at > o.from + 200 && a.at + a.ms < o.to) && !ok(a) && a.status !== 503);
  expect(inOutage.slice(0, 5), `${inOutage.length} other answers while the database was away`).toEqual([]);
  expect(product.exit()).toBeNull();
  // The error handler logs a 500 as 'request failed'.
  expect(product.output()).not.toContain('"msg":"request failed"');
}

/** Stops PostgreSQL while traffic runs; checks what users get meanwhile; starts it again and waits for recovery. */
async function outage(mode: 'fast' | 'immediate'): Promise<void> {
  const stream = openLiveStream(lender);
  const traffic = startTraffic();
  const window = { mode, from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  try {
    await waitFor('the live stream opens', () => stream.text().includes('event: ready'), 15_000);
    await sleep(3000);
    window.from = Date.now();
    outages.push(window);
    await pg.stop(mode);
    await whileDownAndAfter(mode, window, stream);
    await sleep(2000); // traffic goes on after the recovery
  } finally {
    await traffic.stop();
    await stream.close();
    // A failed check must not leave the database down for the checks that follow.
    if (window.from !== Number.POSITIVE_INFINITY && window.to === Number.POSITIVE_INFINITY) await pg.start().catch(() => {});
  }
  const refusals = answers.filter((a) => a.at >= window.from && a.at <= window.to && a.status === 503);
  figures[`${mode}: 503 answers, slowest (ms)`] = Math.round(Math.max(...refusals.map((a) => a.ms)));
  expectCleanAnswers();
}

async function whileDownAndAfter(mode: 'fast' | 'immediate', window: { from: number; to: number }, stream: ReturnType<typeof openLiveStream>): Promise<void> {
  const stoppedAt = Date.now();

  // Probes of every kind, each answered quickly with the maintenance 503.
  const probes = [
    await call('GET', '/v1/users/me', { as: customer }),
    await call('GET', `/v4/posts/${firstPost.postId}`, { as: customer }),
    await call('POST', '/oauth/token', { body: { grant_type: 'password', username: customer.email, password: DEMO_PASSWORD } }),
    await call('POST', `/v1/conversations/${conversationId}/messages`, { as: customer, body: { message: 'Sent while the database is away' } }),
    await call('POST', `/v4/home_loans/${firstPost.homeLoanId}/bids`, { as: broker, body: { home_loan_bid: validBid(organisationOf('Aussie Home Loans')), confirmed_warnings: [...bidWarningCodes] } }),
  ];
  for (const probe of probes) {
    expect(isMaintenanceProblem(probe), `${probe.method} ${probe.route}: ${probe.status} ${JSON.stringify(probe.body)}`).toBe(true);
    expect(probe.ms).toBeLessThan(MAX_ANSWER_MS);
  }
  figures[`${mode}: slowest probe answer while down (ms)`] = Math.round(Math.max(...probes.map((p) => p.ms)));
  const health = await call('GET', '/health');
  expect(health.status).toBe(503);
  expect(json(health)).toMatchObject({ status: 'unavailable', database: 'unavailable' });
  const firstFailure = answers.find((a) => a.at >= window.from && a.status === 503);
  figures[`${mode}: first 503 after the stop began (ms)`] = firstFailure ? firstFailure.at + Math.round(firstFailure.ms) - window.from : -1;
  figures[`${mode}: pg_ctl stop took (ms)`] = stoppedAt - window.from;

  // The live stream ends (its LISTEN connection is gone); a new one is refused with a 503 meanwhile.
  await waitFor('the live stream ends when the database goes', () => stream.ended(), 15_000);
  const refused = openLiveStream(lender);
  await waitFor('a new live stream is answered', () => refused.ended(), 15_000);
  expect(refused.status()).toBe(503);

  // A person opening a page of the product sees the maintenance page.
  const postPath = `/post/${firstPost.postId}`;
  await page.goto(`${product.url}${postPath}`);
  await page.getByText("We'll be back soon").waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/maintenance-page');
  await sleep(2000); // users keep trying meanwhile
  expect(product.exit()).toBeNull();

  await pg.start();
  window.to = Date.now();
  figures[`${mode}: database down (ms)`] = window.to - window.from;
  // The same process serves again, without a restart: a read, then a command.
  figures[`${mode}: first 200 read after the start (ms)`] = Math.round(await waitFor('a read succeeds again', async () => (await call('GET', '/v1/users/me', { as: customer })).status === 200, 30_000));
  figures[`${mode}: first 201 command after the start (ms)`] = Math.round(await waitFor('a command succeeds again', async () => ok(await sendMessage()), 30_000));
  // The page returns to where the user was by itself (it polls /health), showing the post.
  await page
    .getByTestId('summary-lvr')
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      await page.screenshot({ path: path.join(resultsDir, `${mode}-not-back.png`) });
      throw new Error(`${error.message}\nThe browser is at ${page.url()}`);
    });
  figures[`${mode}: browser back on the post page after the start (ms)`] = Date.now() - window.to;
  expect(new URL(page.url()).pathname).toBe(postPath);

  // The live stream reconnects and delivers a message sent now.
  const again = openLiveStream(lender);
  await waitFor('the live stream opens again', () => again.text().includes('event: ready'), 30_000);
  await until2xx(sendMessage, () => true);
  await waitFor('the new message arrives live', () => again.text().includes('event: message'), 15_000);
  await again.close();
}

describe('PostgreSQL stopped and started while the product runs', () => {
  beforeAll(async () => {
    await mkdir(resultsDir, { recursive: true });
    // pg_stat_statements: the scheduler's polling is observable from outside the process.
    pg = await startPrivatePostgres({ settings: { shared_preload_libraries: 'pg_stat_statements' } });
    const server = await openDatabase({ url: pg.url(), maxConnections: 1 });
    await sql`create database marketplace`.execute(server.db);
    await server.close();
    database = await openDatabase({ url: pg.url('marketplace'), maxConnections: 4 });
    await sql`create extension pg_stat_statements`.execute(database.db);
    product = await startProductProcess(
      { DATABASE_URL: pg.url('marketplace'), EVENTSTORE_URL: '', SMTP_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ROLE: 'all' },
      // The demo accounts are there once the log-in line is printed.
      { ready: /Log in at/ },
    );
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    // Each step on its own: a failure of one must not leave the cluster or the process running.
    await browser?.close().catch(() => {});
    await database?.close().catch(() => {});
    await product?.stop().catch(() => {});
    await pg?.destroy();
    // The product's log, for whoever looks into a failure (test-results is gitignored).
    if (product) await writeFile(path.join(resultsDir, 'product.log'), product.output());
    if (Object.keys(figures).length) console.log('PostgreSQL outage figures:', figures);
  });

  it('serves users before the outage', async () => {
    customer = await logIn('customer@demo.example');
    lender = await logIn('lender@cba.demo.example');
    broker = await logIn('broker@aussie.demo.example');
    admin = await logIn('admin@demo.example');
    firstPost = await publishPost(() => true);
    await bid(lender, 'Commonwealth Bank', firstPost.homeLoanId, () => true);
    const started = await until2xx(() => call('POST', `/v1/posts/${firstPost.postId}/conversations`, { as: customer, body: { provider_uuid: lender.id } }), () => true);
    conversationId = json(started).uuid as string;
    await until2xx(sendMessage, () => true);
    await logInAs(page, product.url!, { email: customer.email, password: DEMO_PASSWORD }, `/post/${firstPost.postId}`);
    await page.getByTestId('summary-lvr').waitFor();
    expectCleanAnswers();
  });

  it('answers 503 with the maintenance page while PostgreSQL stops (fast) and recovers by itself', async () => {
    await outage('fast');
  });

  it('does the same when PostgreSQL is killed (immediate) in the middle of commands', async () => {
    await outage('immediate');
  });

  it('lost nothing: every acknowledged command is there, and the read models equal a clean rebuild', async () => {
    const db = database!.db;
    const restartedAt = new Date(outages.at(-1)!.to);
    // Projections catch up with everything written, also during the outages.
    await waitFor(
      'the projections catch up',
      async () => {
        const health = await call('GET', '/health');
        return health.status === 200 && (json(health).projections as { lag: number }[]).every((p) => p.lag === 0);
      },
      60_000,
      500,
    );

    const texts: string[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const list = await call('GET', `/v1/conversations/${conversationId}/messages?page=${pageNumber}&count=100`, { as: customer });
      expect(list.status).toBe(200);
      const result = json(list).result as { text: string }[];
      texts.push(...result.map((m) => m.text));
      if (result.length < 100) break;
    }
    for (const text of acked.messages) expect(texts.filter((t) => t === text), text).toHaveLength(1);
    for (const postId of acked.posts) expect((await call('GET', `/v4/posts/${postId}`, { as: customer })).status, postId).toBe(200);
    for (const placed of acked.bids) expect((await call('GET', `/v4/home_loan_bids/${placed.id}`, { as: placed.bidder })).status, placed.id).toBe(200);
    figures['acknowledged chat messages'] = acked.messages.length;
    figures['acknowledged published posts'] = acked.posts.length;
    figures['acknowledged bids'] = acked.bids.length;
    expect(acked.bids.length).toBeGreaterThan(1);

    // The outbox delivers again: mail written since the last restart (new bids, messages) leaves 'pending'. The traffic
    // after the restart may not have drawn a mail (a post's new-bid mail is its hour's first bid): a new post's first
    // bid writes one for certain.
    const { homeLoanId } = await publishPost(() => true);
    await bid(lender, 'Commonwealth Bank', homeLoanId, () => true);
    await waitFor(
      'the outbox handles the mail written since the restart',
      async () => {
        const { rows } = await sql<{ fresh: number; waiting: number }>`
          select count(*)::int as fresh, count(*) filter (where status in ('pending', 'sending'))::int as waiting
          from outbox_messages where created_at > ${restartedAt}`.execute(db);
        return rows[0]!.fresh > 0 && rows[0]!.waiting === 0;
      },
      60_000,
      500,
    );

    // The scheduler polls again: its query for due transitions keeps running after the restart.
    const schedulerPolls = async () => {
      const { rows } = await sql<{ calls: string }>`
        select coalesce(sum(calls), 0)::text as calls from pg_stat_statements where query like '%from "scheduled_transitions" as "t"%'`.execute(db);
      return Number(rows[0]!.calls);
    };
    const before = await schedulerPolls();
    await sleep(3500);
    expect(await schedulerPolls()).toBeGreaterThan(before);

    const config = loadConfig({ DATABASE_URL: pg.url('marketplace'), PORT: '0' });
    const store = await openEventStore(config, db);
    try {
      const consumers = consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(db) });
      expect(await differencesFromCleanRebuild(db, store, consumers)).toEqual([]);
    } finally {
      await store.close();
    }
    expectCleanAnswers();
  });
});
