import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../infrastructure/config';
import { consumersFor } from '../../application/consumers';
import { differencesFromCleanRebuild } from '../support/read-models';
import { type ActivePost, activePost, provider, type TestProvider } from '../support/trade';
import type { RemoteApp } from '../support/remote-app';
import { type SplitProduct, startSplitProduct } from './support/processes';
import { missingFromReadModels, runWorkload } from './support/workload';

// Issue 7 "Faults": the API process is killed (SIGKILL) while many commands are in flight, several times. After
// restart every command happened completely or not at all: each acknowledged one is in the event store and the
// read models, no command left part of its events (a bid registered on its post without the bid's stream, a bid
// withdrawn from its post but not cancelled), and the read models equal a clean rebuild.

const KILLS = 4;

let product: SplitProduct;
let remote: RemoteApp;

beforeAll(async () => {
  product = await startSplitProduct();
  remote = product.remote;
});

afterAll(() => product?.stop());

it('an API killed with commands in flight leaves every command whole or absent', async () => {
  const started = Date.now();
  const providers: TestProvider[] = [];
  for (let i = 0; i < 3; i++) providers.push(await provider(remote));
  const customer = await remote.createUser({ userType: 'customer' });
  const posts: ActivePost[] = [];
  for (let i = 0; i < 8; i++) posts.push(await activePost(remote));

  remote.settleWrites(false); // the client of the faults does not wait for the read models
  const workload = runWorkload(remote, { posts, providers, customer }, { concurrency: 12, cancellations: true });
  const inFlightAtKill: number[] = [];
  for (let kill = 0; kill < KILLS; kill++) {
    await pause(3000 + Math.random() * 4000);
    for (const deadline = Date.now() + 10_000; workload.result.inFlight < 6 && Date.now() < deadline; ) await pause(2);
    inFlightAtKill.push(workload.result.inFlight);
    await product.crash('api');
  }
  await pause(3000);
  const acknowledged = await workload.stop();
  await remote.caughtUp();
  const db = remote.database.db;

  // Acknowledged: in the event store …
  const streamsWith = async (type: string) => new Set((await sql<{ s: string }>`select stream_id as s from events where type = ${type}`.execute(db)).rows.map((r) => r.s));
  const placed = await streamsWith('BidPlaced');
  const cancelled = await streamsWith('BidCancelled');
  expect(acknowledged.bids.filter((b) => !placed.has(`bid-${b.bidId}`))).toEqual([]);
  expect(acknowledged.cancellations.filter((id) => !cancelled.has(`bid-${id}`))).toEqual([]);
  // … and in the read models.
  expect(await missingFromReadModels(remote, acknowledged)).toEqual([]);

  // No partial command anywhere: a bid's post registration and its stream, a withdrawal and its cancellation.
  const { rows: registeredWithoutBid } = await sql<{ bid_id: string }>`
    select r.data->>'bid_id' as bid_id from events r
    where r.type = 'BidRegistered' and not exists (select 1 from events b where b.stream_id = 'bid-' || (r.data->>'bid_id') and b.type = 'BidPlaced')`.execute(db);
  const { rows: bidWithoutRegistration } = await sql<{ stream_id: string }>`
    select b.stream_id from events b
    where b.type = 'BidPlaced' and not exists (select 1 from events r where r.type = 'BidRegistered' and 'bid-' || (r.data->>'bid_id') = b.stream_id)`.execute(db);
  const { rows: withdrawnNotCancelled } = await sql<{ bid_id: string }>`
    select w.data->>'bid_id' as bid_id from events w
    where w.type = 'BidWithdrawn' and not exists (select 1 from events b where b.stream_id = 'bid-' || (w.data->>'bid_id') and b.type in ('BidCancelled', 'BidDeleted'))`.execute(db);
  const { rows: cancelledNotWithdrawn } = await sql<{ stream_id: string }>`
    select b.stream_id from events b
    where b.type in ('BidCancelled', 'BidDeleted') and not exists (select 1 from events w where w.type = 'BidWithdrawn' and 'bid-' || (w.data->>'bid_id') = b.stream_id)`.execute(db);
  expect({ registeredWithoutBid, bidWithoutRegistration, withdrawnNotCancelled, cancelledNotWithdrawn }).toEqual({
    registeredWithoutBid: [],
    bidWithoutRegistration: [],
    withdrawnNotCancelled: [],
    cancelledNotWithdrawn: [],
  });

  // A kill cuts connections; it never makes the API answer 5xx.
  expect(acknowledged.serverErrors).toEqual([]);
  const consumers = consumersFor({ publicUrl: loadConfig({ NODE_ENV: 'test', PORT: '0' }).publicUrl, secrets: remote.secrets });
  expect(await differencesFromCleanRebuild(db, remote.store, consumers)).toEqual([]);
  expect(inFlightAtKill.every((n) => n > 0), `commands in flight at each kill: ${inFlightAtKill.join(', ')}`).toBe(true);
  expect(acknowledged.bids.length).toBeGreaterThan(10);

  console.log(
    `api-kill: ${KILLS} kills (commands in flight: ${inFlightAtKill.join(', ')}), ${acknowledged.sent} commands sent, ` +
      `${acknowledged.bids.length} bids, ${acknowledged.cancellations.length} cancellations, ${acknowledged.posts.length} posts, ${acknowledged.acceptances.length} acceptances, ${acknowledged.notes.length} notes acknowledged; ` +
      `${acknowledged.failed} not (${[...acknowledged.errors].map(([k, v]) => `${k}: ${v}`).join(', ')}); ${await remote.eventCount()} events; ${Math.round((Date.now() - started) / 1000)} s`,
  );
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
