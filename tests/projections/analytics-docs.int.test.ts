import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../infrastructure/config';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../../infrastructure/secrets';
import { analyticsViews } from '../../projections/analytics/views';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { documentedColumns } from '../support/analytics-docs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// docs/analytics.md promises analysts every column of the analytics views, with its type: the page and the views
// must agree both ways, and the views must read only what they declare and hold no personal data.

let database: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  store = await openEventStore(config, database.db);
  const consumers = consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(database.db) });
  // The first build of every projection swaps in, and with it the analytics views.
  await new ProjectionRunner({ db: database.db, store, consumers }).untilLive();
});
afterAll(async () => {
  await store?.close();
  await database?.close();
});

const asDocumented = (type: string) => (type === 'timestamp with time zone' ? 'timestamptz' : type);

it('documents every column of every analytics view, with its type, and nothing the views lack', async () => {
  const { rows } = await sql<{ view: string; column: string; type: string }>`
    select table_name as view, column_name as column, data_type as type from information_schema.columns
    where table_schema = 'analytics'`.execute(database.db);
  const inDatabase = rows.map((r) => `${r.view}.${r.column}: ${asDocumented(r.type)}`).sort();
  const inDocs = documentedColumns().map((c) => `${c.view}.${c.column}: ${c.type}`).sort();
  expect(inDocs.length).toBeGreaterThan(100); // the page was read, not an empty parse
  expect(inDatabase).toEqual(inDocs);
  // Every defined view exists (a view over a projection with no live build would be missing here).
  expect([...new Set(rows.map((r) => r.view))].sort()).toEqual(analyticsViews.map((v) => v.name).sort());
});

it('each view reads exactly the read models it declares, through their public views', async () => {
  const { rows } = await sql<{ view: string; schema: string; relation: string }>`
    select distinct v.relname as view, rn.nspname as schema, rel.relname as relation
    from pg_depend d
    join pg_rewrite r on r.oid = d.objid
    join pg_class v on v.oid = r.ev_class
    join pg_namespace n on n.oid = v.relnamespace
    join pg_class rel on rel.oid = d.refobjid
    join pg_namespace rn on rn.oid = rel.relnamespace
    where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and n.nspname = 'analytics'
      and rel.oid <> v.oid`.execute(database.db);
  for (const view of analyticsViews) {
    const read = rows.filter((r) => r.view === view.name);
    expect(read.map((r) => r.schema), view.name).toEqual(read.map(() => 'public'));
    expect(read.map((r) => r.relation).sort(), view.name).toEqual([...view.reads].sort());
  }
});

it('holds no column of personal data or free text', async () => {
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'analytics'`.execute(database.db);
  const personal = /mail|first_name|last_name|mobile|phone|birth|income|expense|address|suburb|description|text|comment|password|answer|name/;
  // An organisation's name is a business's, not a person's.
  const businessNames = new Set(['organisations.name']);
  expect(rows.map((r) => r.name).filter((name) => personal.test(name) && !businessNames.has(name))).toEqual([]);
});
