import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consumersFor } from '../../application/consumers';
import { differencesFromCleanRebuild } from '../support/read-models';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, openDeal, placeBid, projectionsIdle, provider } from '../support/trade';

// The read models a running product folded batch by batch must equal what a rebuild from position 0 makes: the
// projections may not depend on the moment they run (the fault tests rely on this comparison).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('after a trade journey every read model equals a clean rebuild', async () => {
  await openDeal(t);
  const open = await activePost(t);
  await placeBid(t, await provider(t), open.homeLoanId);
  await projectionsIdle(t);
  const consumers = consumersFor({ publicUrl: 'http://localhost:3000', secrets: t.secrets });
  const differences = await differencesFromCleanRebuild(t.database.db, t.store, consumers);
  expect(differences).toEqual([]);

  // The comparison sees a changed row (so an empty list above means equal, not unchecked).
  await sql`update bids set interest_rate = interest_rate + 0.01`.execute(t.database.db);
  const afterTampering = await differencesFromCleanRebuild(t.database.db, t.store, consumers);
  expect(afterTampering.map((d) => d.table)).toContain('bids');
});
