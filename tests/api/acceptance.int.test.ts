import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { dealMessages, defaultContactPreference } from '../../domain/deal/schemas';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { defaultPermissions } from '../../domain/user/permissions';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { dealIdOf } from '../../projections/deals/deal-opener';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, openDeal, placeBid, provider } from '../support/trade';
import { as } from '../support/users';
import { readModelsCaughtUp } from '../support/test-database';

// Acceptance (spec 1 §4, spec 3 §4, §5): who accepts which bid, the contact preference, exactly one accepted bid per
// post, the deal opened once; the contact preference routes and the e-mail link (docs/deals.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const preference = { weekdays: ['monday', 'wednesday'], from_time: '09:00', until_time: '17:30' };

async function eventsOfType(app: TestApp, type: string, streamId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from events where type = ${type} and stream_id = ${streamId}`.execute(app.database.db);
  return Number(rows[0]!.n);
}

async function postStatus(app: TestApp, postId: string) {
  return (await loadState(app.store, postStream(postId), postDecider)).state.status;
}
async function bidStatus(app: TestApp, bidId: string) {
  return (await loadState(app.store, bidStream(bidId), bidDecider)).state.status;
}

describe('accepting a bid', () => {
  it('the owner accepts an active bid with a contact preference: the post is an opportunity, the bid accepted, the deal open', async () => {
    const post = await activePost(t);
    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    const response = await acceptBid(t, post, bidId, { body: { contact_preference: preference } });
    expect(response.statusCode, response.body).toBe(200);
    const dealId = dealIdOf(bidId);
    expect(response.json()).toEqual({ post_id: post.postId, bid_id: bidId, deal_id: dealId, deal_opened: true, contact_preference: { uuid: dealId, ...preference } });
    expect(await postStatus(t, post.postId)).toBe('opportunity');
    expect(await bidStatus(t, bidId)).toBe('accepted');
    const deal = await t.app.inject(as(bidder, { method: 'GET', url: `/v1/deals/${dealId}` }));
    expect(deal.statusCode, deal.body).toBe(200);
    expect(deal.json()).toMatchObject({ stage: 'accepted', value_label: 'Loan Amount', loan_amount: 450_000, activities: [{ activity_type: 'accept', label: 'Accepted' }] });
  });

  it('without a contact preference the spec 3 §5 defaults apply (any day, 00:00 to 23:59)', async () => {
    const { dealId } = await openDeal(t);
    const deal = await t.asAdmin({ method: 'GET', url: `/v1/deals/${dealId}` });
    expect(deal.json().contact_preference).toEqual({ uuid: dealId, ...defaultContactPreference });
  });

  it('refuses a contact preference whose start is after its end, and writes nothing', async () => {
    const post = await activePost(t);
    const bidId = await placeBid(t, await provider(t), post.homeLoanId);
    const before = await t.eventCount();
    const response = await acceptBid(t, post, bidId, { body: { contact_preference: { from_time: '18:00', until_time: '09:00' } } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'contact_preference.until_time': [dealMessages.fromAfterUntil] });
    const unknownField = await acceptBid(t, post, bidId, { body: { contact_preference: preference, note: 'x' } });
    expect(unknownField.statusCode).toBe(422);
    const badDay = await acceptBid(t, post, bidId, { body: { contact_preference: { weekdays: ['someday'] } } });
    expect(badDay.statusCode).toBe(422);
    expect(await t.eventCount()).toBe(before);
    expect(await postStatus(t, post.postId)).toBe('active');
  });

  it('is refused to another customer (404), a provider (403), and for a bid of another post (404), writing nothing', async () => {
    const post = await activePost(t);
    const other = await activePost(t);
    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    const elsewhere = await placeBid(t, bidder, other.homeLoanId);
    const before = await t.eventCount();
    expect((await acceptBid(t, post, bidId, { by: other.owner })).statusCode).toBe(404);
    expect((await acceptBid(t, post, bidId, { by: bidder })).statusCode).toBe(403);
    expect((await acceptBid(t, post, elsewhere)).json()).toMatchObject({ status: 404, code: 'BID_NOT_FOUND' });
    expect(await t.eventCount()).toBe(before);
  });

  it('accepts exactly one bid per post: another bid is refused, the same bid again changes nothing', async () => {
    const post = await activePost(t);
    const first = await placeBid(t, await provider(t), post.homeLoanId);
    const second = await placeBid(t, await provider(t), post.homeLoanId);
    expect((await acceptBid(t, post, first)).statusCode).toBe(200);
    const before = await t.eventCount();
    const again = await acceptBid(t, post, first);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ deal_id: dealIdOf(first), deal_opened: true });
    const other = await acceptBid(t, post, second);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('BID_ALREADY_ACCEPTED');
    const byAdmin = await t.asAdmin({ method: 'POST', url: `/v1/posts/${post.postId}/home_loan_bids/${second}/accept`, payload: {} });
    expect(byAdmin.statusCode).toBe(409);
    expect(await t.eventCount()).toBe(before);
  });

  it('never makes a deal of a cancelled bid', async () => {
    const post = await activePost(t);
    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    const cancelled = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: bidStream(bidId),
      decider: bidDecider,
      command: { type: 'CancelBid', data: { bid_id: bidId, reason: 'Rates changed' }, metadata: { actor: { user_id: t.admin.id, user_type: 'admin', permissions: adminPermissions }, now: new Date().toISOString() } },
      context: { userId: t.admin.id, correlationId: 'test', causationId: null, now: new Date() },
    });
    expect(cancelled.ok).toBe(true);
    const response = await acceptBid(t, post, bidId);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toBe('BID_NOT_ACCEPTABLE');
    const byAdmin = await t.asAdmin({ method: 'POST', url: `/v1/posts/${post.postId}/home_loan_bids/${bidId}/accept`, payload: {} });
    expect(byAdmin.json().code).toBe('BID_NOT_ACCEPTABLE');
    expect(await eventsOfType(t, 'DealOpened', `deal-${dealIdOf(bidId)}`)).toBe(0);
    expect(await postStatus(t, post.postId)).toBe('active');
  });

  it('an admin accepts an expired bid; the customer cannot', async () => {
    const post = await activePost(t);
    const bidId = await placeBid(t, await provider(t), post.homeLoanId);
    const expired = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: bidStream(bidId),
      decider: bidDecider,
      command: { type: 'ExpireBid', data: { bid_id: bidId }, metadata: { actor: { user_id: t.admin.id, user_type: 'admin', permissions: adminPermissions }, now: new Date().toISOString() } },
      context: { userId: null, correlationId: 'test', causationId: null, now: new Date() },
    });
    expect(expired.ok).toBe(true);
    expect((await acceptBid(t, post, bidId)).json().code).toBe('BID_NOT_ACCEPTABLE');
    const byAdmin = await t.asAdmin({ method: 'POST', url: `/v1/posts/${post.postId}/home_loan_bids/${bidId}/accept`, payload: {} });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await bidStatus(t, bidId)).toBe('accepted');
  });
});

describe('the contact preference of a deal', () => {
  it('is read by the customer, the deal’s provider and admins, and changed by the customer; removing it restores the defaults', async () => {
    const { post, bidder, bidId, dealId } = await openDeal(t);
    const url = `/v1/home_loan_bids/${bidId}/contact_preferences`;
    for (const user of [post.owner, bidder]) {
      const read = await t.app.inject(as(user, { method: 'GET', url }));
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ uuid: dealId, ...defaultContactPreference });
    }
    const changed = await t.app.inject(as(post.owner, { method: 'POST', url, payload: { contact_preference: preference } }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ uuid: dealId, ...preference });
    expect((await t.app.inject(as(bidder, { method: 'GET', url }))).json()).toEqual({ uuid: dealId, ...preference });
    const removed = await t.app.inject(as(post.owner, { method: 'DELETE', url: `/v1/contact_preferences/${dealId}` }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ uuid: dealId, ...defaultContactPreference });
  });

  it('is not the provider’s to change, nor anyone else’s to see; bad input is refused and writes nothing', async () => {
    const { bidder, bidId, post } = await openDeal(t);
    const url = `/v1/home_loan_bids/${bidId}/contact_preferences`;
    // The callers first: creating them writes events of their own.
    const stranger = await t.createUser({ userType: 'customer' });
    const otherProvider = await provider(t);
    const before = await t.eventCount();
    const byProvider = await t.app.inject(as(bidder, { method: 'POST', url, payload: { contact_preference: preference } }));
    expect(byProvider.json()).toMatchObject({ status: 403, code: 'DEAL_NOT_CUSTOMER' });
    expect((await t.app.inject(as(stranger, { method: 'GET', url }))).statusCode).toBe(404);
    expect((await t.app.inject(as(stranger, { method: 'POST', url, payload: { contact_preference: preference } }))).statusCode).toBe(404);
    expect((await t.app.inject(as(otherProvider, { method: 'GET', url }))).statusCode).toBe(404);
    const bad = await t.app.inject(as(post.owner, { method: 'POST', url, payload: { contact_preference: { from_time: '9am' } } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['contact_preference.from_time']).toEqual([dealMessages.invalidTime]);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('the e-mail link /connect-me/{post_uuid}/{bid_uuid}', () => {
  it('connects the owner with the bid’s provider (an acceptance), confirms again after that, and is nobody else’s', async () => {
    const post = await activePost(t);
    const bidId = await placeBid(t, await provider(t), post.homeLoanId);
    const url = `/v1/connect-me/${post.postId}/${bidId}`;
    const stranger = await t.createUser({ userType: 'customer' });
    expect((await t.app.inject(as(stranger, { method: 'POST', url }))).statusCode).toBe(404);
    const first = await t.app.inject(as(post.owner, { method: 'POST', url }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ deal_id: dealIdOf(bidId), deal_opened: true, contact_preference: defaultContactPreference });
    expect((await t.app.inject(as(post.owner, { method: 'POST', url }))).statusCode).toBe(200);
    expect(await eventsOfType(t, 'BidAcceptedOnPost', postStream(post.postId))).toBe(1);
  });
});

const adminPermissions = defaultPermissions('admin');

describe('exactly one accepted bid under concurrent requests', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ database: 'server' });
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });

  it('50 simultaneous accepts of different bids of one post: one succeeds, one BidAcceptedOnPost, one deal', async () => {
    const post = await activePost(server);
    const bidder = await provider(server);
    const bids: string[] = [];
    for (let i = 0; i < 50; i++) bids.push(await placeBid(server, bidder, post.homeLoanId, { interest_rate: 5 + i / 100, comparison_rate: 5.1 + i / 100 }));
    const responses = await Promise.all(bids.map((bidId) => acceptBid(server, post, bidId)));
    const succeeded = responses.filter((r) => r.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect([409]).toContain(refused.statusCode);
    expect(await eventsOfType(server, 'BidAcceptedOnPost', postStream(post.postId))).toBe(1);
    const winner = succeeded[0]!.json().bid_id as string;
    await readModelsCaughtUp(server.database.db, ['deal-opener']);
    await readModelsCaughtUp(server.database.db, ['deals']); // and the deal the opener appended
    const { rows } = await sql<{ bid_id: string }>`select bid_id from deals where post_id = ${post.postId}`.execute(server.database.db);
    expect(rows).toEqual([{ bid_id: winner }]);
    const { rows: opened } = await sql<{ n: string }>`select count(*)::text as n from events where type = 'DealOpened'`.execute(server.database.db);
    expect(Number(opened[0]!.n)).toBe(1);
  }, 120_000);
});
