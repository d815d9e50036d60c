import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { writeBackup } from '../../infrastructure/backup/backup';
import { InvalidBackupError } from '../../infrastructure/backup/backup-format';
import { restoreBackup, StoreNotEmptyError } from '../../infrastructure/backup/restore';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import type { Database } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { loadSecrets } from '../../infrastructure/secrets';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { type Journey, marketJourney } from '../support/journey';
import { readModelContents } from '../support/read-models';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { projectionsIdle, provider } from '../support/trade';
import { testPassword } from '../support/users';

// npm run backup / npm run restore (docs/operations.md "Backup and restore"): a marketplace's history backed up,
// restored into a fresh database (embedded PGlite, or the server when DATABASE_URL is set) and its read models
// rebuilt there equal the originals; log-in works on it; a damaged file or a store that is not empty is refused
// with nothing written.

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
let t: TestApp;
let journeys: Journey[];
let folder: string;
let backupFile: string;
const opened: TestDatabase[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const bidders = [await provider(t), await provider(t, { organisationType: 'financial_institution' })];
  journeys = [await marketJourney(t, bidders, { accept: true }), await marketJourney(t, bidders, { accept: false })];
  await projectionsIdle(t);
  folder = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
  backupFile = path.join(folder, 'marketplace.jsonl.gz');
  await writeBackup({ db: t.database.db }, backupFile);
}, 600_000);

afterAll(async () => {
  await t?.close();
  for (const database of opened) await database.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

/** What the restore script does after restoring: every consumer caught up from position 0. */
async function rebuild(db: Database): Promise<void> {
  const store = await openEventStore(config, db);
  await new ProjectionRunner({ db, store, consumers: consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(db) }) }).catchUp();
}

/** The log as stored (encrypted), in global order, without the positions a restore gives anew. */
async function storedEvents(db: Database): Promise<string[]> {
  const { rows } = await sql<{ e: string }>`
    select json_build_array(stream_id, revision, event_id, type, data, metadata)::text as e from events order by transaction_id, position`.execute(db);
  return rows.map((r) => r.e);
}

async function counts(db: Database): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from events)::text as events, (select count(*) from personal_data_keys)::text as keys,
      (select count(*) from app_secrets)::text as secrets, (select count(*) from outbox_messages)::text as outbox,
      (select count(*) from files)::text as files`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

const outboxIds = async (db: Database) => (await sql<{ id: string }>`select id::text from outbox_messages order by id`.execute(db)).rows.map((r) => r.id);

describe('a backup restored into a fresh database', () => {
  let restored: TestDatabase;

  beforeAll(async () => {
    restored = await freshDatabase();
    const summary = await restoreBackup({ db: restored.db }, backupFile);
    expect(summary.events).toBe(await t.eventCount());
    expect(summary.rows.personal_data_keys).toBeGreaterThan(0);
    await rebuild(restored.db);
  }, 300_000);

  it('holds the same events, in the same global order, with their streams, revisions and ids', async () => {
    const original = await storedEvents(t.database.db);
    expect(original.length).toBeGreaterThan(50);
    expect(await storedEvents(restored.db)).toEqual(original);
  });

  it('rebuilds every read model to the same contents as the original', async () => {
    const consumers = consumersFor({ publicUrl: config.publicUrl, secrets: t.secrets });
    const original = await readModelContents(t.database.db, consumers);
    expect(original.deals?.length).toBeGreaterThan(0);
    expect(original.reviews?.length).toBeGreaterThan(0);
    expect(await readModelContents(restored.db, consumers)).toEqual(original);
  });

  it('sends no mail again: the rebuilt mail projections find every message already in the restored outbox', async () => {
    const original = await outboxIds(t.database.db);
    expect(original.length).toBeGreaterThan(0);
    expect(await outboxIds(restored.db)).toEqual(original);
  });

  it('lets the customer log in with their password and read their post', async () => {
    const secrets = await loadSecrets(restored.db);
    const store = await openEventStore(config, restored.db);
    const app = await buildApp({ config, db: restored.db, store, clock: systemClock, ids: randomIds, secrets, listen: restored.listen });
    try {
      const owner = journeys[0]!.post.owner;
      const login = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: owner.email, password: testPassword } });
      expect(login.statusCode, login.body).toBe(200);
      const read = await app.inject({ method: 'GET', url: `/v4/posts/${journeys[0]!.post.postId}`, headers: { authorization: `Bearer ${login.json().access_token}` } });
      expect(read.statusCode, read.body).toBe(200);
      // A token issued before the backup stays valid: the signing key is restored with the events.
      expect((await app.inject({ method: 'GET', url: '/v1/users/me', headers: owner.headers })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is refused when the store is not empty, writing nothing', async () => {
    const before = await counts(restored.db);
    await expect(restoreBackup({ db: restored.db }, backupFile)).rejects.toThrow(StoreNotEmptyError);
    expect(await counts(restored.db)).toEqual(before);
  });
});

describe('a damaged backup', () => {
  const gzipped = () => readFileSync(backupFile);
  const lines = () => gunzipSync(gzipped()).toString('utf8').split('\n').filter(Boolean);
  const damaged: [string, () => Buffer][] = [
    ['cut off halfway (truncated gzip)', () => gzipped().subarray(0, Math.floor(gzipped().length / 2))],
    ['with a byte changed inside the compressed data', () => {
      const bytes = Buffer.from(gzipped());
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      return bytes;
    }],
    ['without its end line (cut at a line)', () => gzipSync(`${lines().slice(0, -1).join('\n')}\n`)],
    ['with an event altered and compressed again', () => gzipSync(`${lines().map((l, i) => (i === 5 ? JSON.stringify({ ...JSON.parse(l), revision: 7 }) : l)).join('\n')}\n`)],
    ['not a backup at all', () => gzipSync('{"hello":"world"}\n')],
    ['not gzip', () => Buffer.from('stream,revision\npost-1,0\n')],
  ];

  // One empty database for them all: each refusal must leave it empty for the next.
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  }, 120_000);

  for (const [name, make] of damaged) {
    it(`is refused ${name}, writing nothing`, async () => {
      const file = path.join(folder, 'damaged.jsonl.gz');
      writeFileSync(file, make());
      const before = await counts(fresh.db);
      await expect(restoreBackup({ db: fresh.db }, file)).rejects.toThrow(InvalidBackupError);
      expect(await counts(fresh.db)).toEqual(before);
      expect(before.events).toBe(0);
    });
  }
});
