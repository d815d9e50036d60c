import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../infrastructure/config';
import { consumersFor } from '../../application/consumers';
import { differencesFromCleanRebuild } from '../support/read-models';
import { type ActivePost, activePost, provider, type TestProvider } from '../support/trade';
import type { RemoteApp } from '../support/remote-app';
import { type SplitProduct, startSplitProduct } from './support/processes';
import { missingFromReadModels, runWorkload } from './support/workload';

// Issue 7 "Faults": the projection worker is killed (SIGKILL) in the middle of batches while commands keep coming
// to the API process; after each kill it starts again. At the end every read model equals a clean rebuild from the
// event store, and every command the API acknowledged is in the read models.

const KILLS = 5;

let product: SplitProduct;
let remote: RemoteApp;

beforeAll(async () => {
  product = await startSplitProduct();
  remote = product.remote;
});

afterAll(() => product?.stop());

it('a worker killed mid-batch again and again loses no event and applies none twice', async () => {
  const started = Date.now();
  const providers: TestProvider[] = [];
  for (let i = 0; i < 3; i++) providers.push(await provider(remote));
  const customer = await remote.createUser({ userType: 'customer' });
  const posts: ActivePost[] = [];
  for (let i = 0; i < 6; i++) posts.push(await activePost(remote));

  remote.settleWrites(false); // the client of the faults does not wait for the read models
  const workload = runWorkload(remote, { posts, providers, customer }, { concurrency: 4 });
  const lagsAtKill: number[] = [];
  for (let kill = 0; kill < KILLS; kill++) {
    await pause(2000 + Math.random() * 4000);
    // Kill while the worker has events to apply: its batch is then in flight (or about to be).
    const deadline = Date.now() + 10_000;
    let lag = 0; // projections and reactors behind the log
    while (Date.now() < deadline) {
      lag = await remote.behind();
      if (lag > 0) break;
      await pause(5);
    }
    lagsAtKill.push(lag);
    await product.crash('worker', Math.random() * 1500);
  }
  await pause(3000);
  const acknowledged = await workload.stop();
  await remote.caughtUp();

  // A kill cuts connections; it never makes the API answer 5xx.
  expect(acknowledged.serverErrors).toEqual([]);
  const consumers = consumersFor({ publicUrl: loadConfig({ NODE_ENV: 'test', PORT: '0' }).publicUrl, secrets: remote.secrets });
  expect(await differencesFromCleanRebuild(remote.database.db, remote.store, consumers)).toEqual([]);
  expect(await missingFromReadModels(remote, acknowledged)).toEqual([]);
  // Reactors killed mid-batch react again: still one deal per accepted bid, one expiry per bid.
  const { rows: repeated } = await sql<{ stream_id: string; type: string; n: number }>`
    select stream_id, type, count(*)::int as n from events
    where type in ('DealOpened', 'BidExpired', 'BidAccepted', 'BidAcceptedOnPost') group by stream_id, type having count(*) > 1`.execute(remote.database.db);
  expect(repeated).toEqual([]);
  expect(lagsAtKill.filter((lag) => lag > 0).length, `projections behind at each kill: ${lagsAtKill.join(', ')}`).toBeGreaterThan(0);
  expect(acknowledged.bids.length).toBeGreaterThan(10);
  expect(acknowledged.acceptances.length).toBeGreaterThan(0);

  console.log(
    `projection-kill: ${KILLS} kills (projections behind at kill: ${lagsAtKill.join(', ')}), ${acknowledged.sent} commands sent, ` +
      `${acknowledged.bids.length} bids, ${acknowledged.posts.length} posts, ${acknowledged.acceptances.length} acceptances, ${acknowledged.notes.length} notes acknowledged; ` +
      `${acknowledged.failed} not (${[...acknowledged.errors].map(([k, v]) => `${k}: ${v}`).join(', ')}); ${await remote.eventCount()} events; ${Math.round((Date.now() - started) / 1000)} s`,
  );
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
