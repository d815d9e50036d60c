import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Clock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { randomIds } from '../../infrastructure/ids';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { TransitionScheduler } from '../../projections/scheduler/transition-scheduler';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, placeBid, projectionsIdle, provider } from '../support/trade';

// Issue 7 "Faults": reactors and mail projections see the same events again (their checkpoints reset to 0): no second
// bid, deal, external deal, outbox message or scheduled transition. And the scheduler's firings run again (claims
// lost, the rows due once more): the deciders refuse them, no post moves twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // On a busy shared server the users read model may lag past createTestApp's wait: the admin's token needs it.
  for (const deadline = Date.now() + 120_000; (await t.asAdmin({ method: 'GET', url: '/v1/users/me' })).statusCode !== 200; ) {
    if (Date.now() > deadline) throw new Error('The admin never reached the users read model');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 600_000);
afterAll(async () => {
  await t.close();
});

const replayed = ['deal-opener', 'bid-expiry', 'external-deal-opener', 'identity-mail', 'trade-mail', 'update-request-mail'];

async function counts() {
  const { rows: events } = await sql<{ type: string; n: number }>`select type, count(*)::int as n from events group by type order by type`.execute(t.database.db);
  const { rows: outbox } = await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(t.database.db);
  return { events: Object.fromEntries(events.map((r) => [r.type, r.n])), outbox: outbox[0]!.n };
}

it('replaying every reactor and mail projection from 0, and firing the scheduled transitions again, writes nothing new', async () => {
  // Every reactor acts: a deal opens (deal-opener), the other bid expires (bid-expiry), an external deal opens its
  // deals (external-deal-opener); mails go out (trade-mail, identity-mail).
  const [first, second] = [await provider(t), await provider(t)];
  const accepted = await activePost(t);
  const winning = await placeBid(t, first, accepted.homeLoanId);
  await placeBid(t, second, accepted.homeLoanId, { interest_rate: 5.9, comparison_rate: 6 });
  expect((await acceptBid(t, accepted, winning)).statusCode).toBe(200);
  const external = await t.asAdmin({
    method: 'POST',
    url: '/v1/external_deals',
    payload: {
      uuid: randomUUID(),
      customer: { first_name: 'Grace', last_name: 'Hopper', email: `replay-${randomUUID()}@test.example`, mobile_number: '0412 345 678' },
      fsp_user_uuids: [first.id, second.id],
      loan: { loan_type: 'refinance', loan_purpose: 'owner', loan_amount: 640_000, property_market_value: 900_000 },
    },
  });
  expect(external.statusCode, external.body).toBe(201);
  // Scheduled transitions at a clock far ahead: bidding ends, and Auto-Declare accepts the leading bid.
  const timed = await activePost(t);
  await placeBid(t, first, timed.homeLoanId);
  await placeBid(t, second, timed.homeLoanId, { interest_rate: 5.9, comparison_rate: 6 });
  await projectionsIdle(t);
  // Far enough for the bidding and review periods, short of the 90 days after which done claims are pruned.
  const clock: Clock = { now: () => new Date(Date.now() + 60 * 86_400_000) };
  const scheduler = new TransitionScheduler({ db: t.database.db, store: t.store, ids: randomIds, clock });
  const fired: { post_id: string; kind: string }[] = [];
  for (let round = 0; round < 10; round++) {
    const outcomes = await scheduler.tick();
    fired.push(...outcomes.filter((o) => o.outcome === 'fired'));
    await projectionsIdle(t);
    if (outcomes.length === 0) break;
  }
  expect(fired.filter((f) => f.post_id === timed.postId).map((f) => f.kind)).toEqual(['end_bidding', 'auto_declare']);

  const before = await counts();
  // Deals: the accepted bid, Auto-Declare's, the external deal's two providers; each post's other bid expired.
  expect(before.events).toMatchObject({ DealOpened: 4, BidExpired: 2, ExternalDealRecorded: 1, BiddingEnded: 1, BidAcceptedOnPost: 2 });
  expect(before.outbox).toBeGreaterThan(0);

  // The reactors and mail projections read the whole log again.
  const reset = await sql`
    update projection_builds set checkpoint_commit = 0, checkpoint_prepare = 0
    where status = 'live' and name in (${sql.join(replayed)})`.execute(t.database.db);
  expect(Number(reset.numAffectedRows)).toBe(replayed.length);
  // Run here: the app's runner on embedded PGlite sleeps while the log's head does not move.
  const consumers = consumersFor({ publicUrl: loadConfig({ NODE_ENV: 'test' }).publicUrl, secrets: t.secrets }).filter((c) => replayed.includes(c.name));
  await new ProjectionRunner({ db: t.database.db, store: t.store, consumers }).catchUp();
  await projectionsIdle(t);
  expect(await counts()).toEqual(before);

  // The firings again, as after lost claims: the rows are due again and unclaimed; the deciders refuse them all.
  const { rows: claims } = await sql<{ post_id: string; kind: string; due_at: Date }>`
    select post_id::text, kind, due_at from scheduler_claims where done`.execute(t.database.db);
  expect(claims.length).toBeGreaterThanOrEqual(fired.length);
  await sql`delete from scheduler_claims`.execute(t.database.db);
  for (const claim of claims) {
    await sql`insert into scheduled_transitions (post_id, kind, due_at) values (${claim.post_id}, ${claim.kind}, ${claim.due_at}) on conflict do nothing`.execute(t.database.db);
  }
  const again = await scheduler.tick();
  expect(again.length).toBeGreaterThanOrEqual(claims.length);
  expect(again.filter((o) => o.outcome === 'fired')).toEqual([]);
  await projectionsIdle(t);
  expect(await counts()).toEqual(before);
}, 600_000);
