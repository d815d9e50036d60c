import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { writeBackup } from '../../infrastructure/backup/backup';
import type { Database } from '../../infrastructure/database/database';
import { secondApi, type SecondApi } from '../support/second-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, placeBid, projectionsIdle, provider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Issue 26 "What to build": a customer is deleted while she, her providers and an admin keep writing through two API
// processes (the TestApp, which also runs the projections, and a second API). Afterwards no text or JSON column of
// any table the product owns holds her name, e-mail or mobile number (events, read models of every build, the
// outbox, the mailing list, sessions, counters), neither API process answers with them, and a backup made afterwards holds none.

let t: TestApp;
let other: SecondApi;

beforeAll(async () => {
  t = await createTestApp({ database: 'server' });
  other = await secondApi(t);
}, 600_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** Where any of `needles` occurs: `schema.table.column: needle`, over every text, JSON and array column of every table. */
async function occurrences(db: Database, needles: readonly string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ schema: string; table: string; column: string }>`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg_toast%'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`.execute(db);
  expect(columns.length).toBeGreaterThan(50); // the events, the outbox and every read model's tables
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const { rows } = await sql<{ needle: string }>`
      select wanted.needle from unnest(${needles}::text[]) as wanted(needle)
      where exists (select 1 from ${sql.id(schema, table)} as row where strpos(lower(row.${sql.id(column)}::text), lower(wanted.needle)) > 0)`.execute(db);
    for (const { needle } of rows) found.push(`${schema}.${table}.${column}: ${needle}`);
  }
  return found;
}

it("after a deletion under load through two API processes, no column of the database holds the person's name, e-mail or mobile", async () => {
  const tag = randomBytes(3).toString('hex');
  const chloe = await t.createUser({ userType: 'customer', firstName: 'Chloewyn', lastName: 'Marchbanks', email: `chloewyn.marchbanks.${tag}@test.example`, mobileNumber: '0491570157' });
  const needles = ['Chloewyn', 'Marchbanks', chloe.email, '491570157', '491 570 157'];
  const apis = [t.app, other.app];
  let turn = 0;
  /** Every request goes to the next API process in turn, as a load balancer would send them. */
  const call = (user: Pick<TestUser, 'headers'>, options: InjectOptions): Promise<LightMyRequestResponse> => apis[turn++ % 2]!.inject(as(user, options));

  const subscribed = await other.app.inject({ method: 'POST', url: '/v1/subscriptions', payload: { email: chloe.email } });
  expect(subscribed.statusCode, subscribed.body).toBe(201); // the mailing list keeps her address too
  const post = await activePost(t, { owner: chloe });
  const [winner, runnerUp] = [await provider(t), await provider(t)];
  const winningBid = await placeBid(t, winner, post.homeLoanId);
  await placeBid(t, runnerUp, post.homeLoanId);
  const conversations: string[] = [];
  for (const bidder of [winner, runnerUp]) {
    const started = await call(bidder, { method: 'POST', url: `/v1/posts/${post.postId}/conversations`, payload: {} });
    expect(started.statusCode, started.body).toBe(201);
    conversations.push(started.json().uuid);
  }
  const accepted = await acceptBid(t, post, winningBid);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const dealId = accepted.json().deal_id as string;

  // The load: she writes to both providers, they answer (each answer starts a new unread stretch: another away
  // e-mail naming her), the winner keeps deal notes; an admin deletes her in the middle of it.
  let running = true;
  const answers: number[] = [];
  const loop = (work: (i: number) => Promise<LightMyRequestResponse>) =>
    (async () => {
      for (let i = 0; running; i++) answers.push((await work(i)).statusCode);
    })();
  const loops = [
    loop((i) => call(chloe, { method: 'POST', url: `/v1/conversations/${conversations[i % 2]}/messages`, payload: { message: `Any news? (${i})` } })),
    loop((i) => call([winner, runnerUp][i % 2]!, { method: 'POST', url: `/v1/conversations/${conversations[i % 2]}/messages`, payload: { message: `Working on it (${i})` } })),
    loop((i) => call(winner, { method: 'POST', url: `/v1/deals/${dealId}/activities`, payload: { operation: 'note', details: `Follow-up ${i}`, activity_date: sydneyDay(new Date()) } })),
  ];
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const deleted = await call(t.admin, { method: 'DELETE', url: `/v1/users/${chloe.id}` });
  expect(deleted.statusCode, deleted.body).toBe(204);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  running = false;
  await Promise.all(loops);
  expect(answers.filter((status) => status >= 500)).toEqual([]);
  expect(answers.filter((status) => status === 201).length).toBeGreaterThan(10);
  await projectionsIdle(t);

  // Away e-mails naming her were written (and are blanked now): the test covers the outbox's copies.
  const { rows: mails } = await sql<{ n: number }>`select count(*)::int as n from outbox_messages where ${chloe.id} = any(mentions)`.execute(t.database.db);
  expect(mails[0]!.n).toBeGreaterThan(0);
  expect(await occurrences(t.database.db, needles)).toEqual([]);

  // A backup made after the erasure: the events as stored (hers sealed with a key it does not hold), the keys, the
  // outbox.
  const folder = mkdtempSync(path.join(tmpdir(), 'erasure-backup-'));
  try {
    const file = path.join(folder, 'after-erasure.jsonl.gz');
    await writeBackup({ db: t.database.db }, file);
    const backup = gunzipSync(readFileSync(file)).toString('utf8').toLowerCase();
    expect(backup).toContain(chloe.id); // her ids stay (events, erased outbox rows)…
    expect(needles.filter((needle) => backup.includes(needle.toLowerCase()))).toEqual([]); // … nothing of her person
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  // Neither process answers with her data from what it keeps in memory.
  for (const api of apis) {
    for (const [user, url] of [
      [winner, `/v1/deals/${dealId}`],
      [winner, `/v1/conversations/${conversations[0]}/messages`],
      [winner, '/v1/messages'],
      [t.admin, `/v1/users/${chloe.id}`],
      [t.admin, `/v4/posts/${post.postId}`],
      [t.admin, '/v1/outbox_messages'],
    ] as const) {
      const read = await api.inject(as(user, { method: 'GET', url }));
      expect(read.statusCode, `${url}: ${read.body}`).toBeLessThan(500);
      expect(needles.filter((needle) => read.body.toLowerCase().includes(needle.toLowerCase())), url).toEqual([]);
    }
  }
}, 300_000);
