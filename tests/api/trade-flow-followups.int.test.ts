import { sql } from 'kysely';
import { bidWarningCodes } from '../../domain/bid/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { dealDecider } from '../../domain/deal/decider';
import { dealStream } from '../../domain/deal/events';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { loadState } from '../../infrastructure/command-handler';
import { dealIdOf } from '../../projections/deals/deal-opener';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, cancelBidAsAdmin, deletePost, onPost, openDeal, placeBid, provider, validBid } from '../support/trade';
import { as } from '../support/users';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { readModelsCaughtUp } from '../support/test-database';

// Follow-ups of the trade flow (docs/bids.md "Cancelling and deleting", docs/deals.md "A cancelled bid's deal",
// docs/post-lifecycle.md "Contended post streams"): acceptance only of the post's own, registered and not withdrawn
// bids; a cancelled deal's bid closes its deal lost; a deleted post's bids are gone; the provider's counters; the end
// of bidding does not lose to a burst of bids.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const postStatus = async (postId: string) => (await loadState(t.store, postStream(postId), postDecider)).state.status;
const bidStatus = async (bidId: string) => (await loadState(t.store, bidStream(bidId), bidDecider)).state.status;
const eventTypes = async (streamId: string) => (await t.store.readStream(streamId)).map((event) => event.type);
const settled = () => readModelsCaughtUp(t.database.db, ['deal-opener', 'deals', 'bids', 'posts']);

describe('acceptance takes only a bid of the post in the path', () => {
  it('a bid of another post is not found (404), even by an admin, and nothing is written', async () => {
    const post = await activePost(t);
    const other = await activePost(t);
    const bidOfOther = await placeBid(t, await provider(t), other.homeLoanId);
    const before = await t.eventCount();
    const byOwner = await acceptBid(t, post, bidOfOther);
    expect(byOwner.statusCode, byOwner.body).toBe(404);
    expect(byOwner.json().code).toBe('BID_NOT_FOUND');
    const byAdmin = await t.asAdmin({ method: 'POST', url: `/v1/posts/${post.postId}/home_loan_bids/${bidOfOther}/accept`, payload: {} });
    expect(byAdmin.statusCode).toBe(404);
    expect(await t.eventCount()).toBe(before);
  }, 120_000);
});

describe('cancelling or deleting a bid withdraws it on the post first', () => {
  it('the post records BidWithdrawn before the bid is cancelled; a refused cancellation writes nothing', async () => {
    const post = await activePost(t);
    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    const stranger = await provider(t);
    const before = await t.eventCount();
    const refused = await t.app.inject(as(stranger, { method: 'PATCH', url: `/v4/home_loan_bids/${bidId}/cancel`, payload: { reason: 'Not mine' } }));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await t.eventCount()).toBe(before);
    await cancelBidAsAdmin(t, bidId);
    expect((await eventTypes(postStream(post.postId))).filter((type) => type === 'BidWithdrawn')).toHaveLength(1);
    expect(await bidStatus(bidId)).toBe('cancelled');
  }, 120_000);

  it('an acceptance that read the bid as active before the withdrawal is refused by the post', async () => {
    const post = await activePost(t);
    const bidId = await placeBid(t, await provider(t), post.homeLoanId);
    // The cancellation's first half landed: the post withdrew the bid, the bid's own stream still says active.
    await onPost(t, { type: 'WithdrawBid', data: { post_id: post.postId, bid_id: bidId } }, { system: 'bids' });
    expect(await bidStatus(bidId)).toBe('active');
    const accepted = await acceptBid(t, post, bidId);
    expect(accepted.statusCode).toBe(422);
    expect(accepted.json().code).toBe('BID_NOT_ACCEPTABLE');
    expect(await postStatus(post.postId)).toBe('active');
  }, 120_000);

  it('cancel racing accept: either the bid is cancelled and never accepted, or accepted and its deal closed lost', async () => {
    for (let round = 0; round < 4; round++) {
      const post = await activePost(t);
      const bidId = await placeBid(t, await provider(t), post.homeLoanId);
      const [accepted, cancelled] = await Promise.all([
        acceptBid(t, post, bidId),
        t.asAdmin({ method: 'PATCH', url: `/v4/home_loan_bids/${bidId}/cancel`, payload: { reason: 'Rates changed' } }),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await settled();
      expect(await bidStatus(bidId)).toBe('cancelled');
      if (accepted.statusCode === 200) {
        // Accepted first: the post is Not Proceeding, the deal (if it opened) closed lost.
        expect(await postStatus(post.postId)).toBe('closed_lost');
        const deal = await loadState(t.store, dealStream(dealIdOf(bidId)), dealDecider);
        if (deal.state.status !== 'absent') expect(deal.state.position.stage).toBe('closed_lost');
      } else {
        // Refused by the bid's status, or by the post when the withdrawal landed between (both 422).
        expect(accepted.json().code).toBe('BID_NOT_ACCEPTABLE');
        expect(await postStatus(post.postId)).toBe('active');
        expect(await eventTypes(dealStream(dealIdOf(bidId)))).toEqual([]);
      }
    }
  }, 120_000);
});

describe("a deal's bid cancelled", () => {
  it('closes the deal lost (reason other, "Bid cancelled") and the post Not Proceeding, once', async () => {
    const deal = await openDeal(t);
    await cancelBidAsAdmin(t, deal.bidId, 'The lender withdrew the offer');
    await settled();
    const read = await t.app.inject(as(deal.bidder, { method: 'GET', url: `/v1/deals/${deal.dealId}` }));
    expect(read.statusCode, read.body).toBe(200);
    const lost = read.json().activities.filter((a: { activity_type: string }) => a.activity_type === 'closed_lost');
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ description: 'Bid cancelled' });
    expect(read.json()).toMatchObject({ stage: 'closed_lost', not_proceeding_reason: 'other' });
    expect(await bidStatus(deal.bidId)).toBe('cancelled');
    expect(await postStatus(deal.post.postId)).toBe('closed_lost');
    expect((await eventTypes(dealStream(deal.dealId))).filter((type) => type === 'DealActivityAdded')).toHaveLength(1);
  }, 120_000);
});

describe("a deleted post's bids", () => {
  it('leave every list and cannot be read', async () => {
    const post = await activePost(t);
    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    await deletePost(t, post.postId);
    const one = await t.app.inject(as(bidder, { method: 'GET', url: `/v4/home_loan_bids/${bidId}` }));
    expect(one.statusCode).toBe(404);
    const own = await t.app.inject(as(bidder, { method: 'GET', url: '/v4/home_loan_bids?count=100' }));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result.map((b: { uuid: string }) => b.uuid)).not.toContain(bidId);
    const { rows } = await sql<{ deleted: boolean }>`select deleted from bids where uuid = ${bidId}`.execute(t.database.db);
    expect(rows[0]?.deleted).toBe(true);
  }, 120_000);
});

describe('GET /v1/users/me for a provider', () => {
  it('counts its deals now accepted and now contacted', async () => {
    const bidder = await provider(t);
    const me = async () => (await t.app.inject(as(bidder, { method: 'GET', url: '/v1/users/me' }))).json().fsp;
    expect(await me()).toMatchObject({ total_accepted_bids: 0, total_contacted_bids: 0 });
    const first = await openDeal(t, { bidder });
    await openDeal(t, { bidder });
    expect(await me()).toMatchObject({ total_accepted_bids: 2, total_contacted_bids: 0 });
    const contacted = await t.app.inject(as(bidder, { method: 'POST', url: `/v1/deals/${first.dealId}/activities`, payload: { operation: 'contact', activity_date: sydneyDay(new Date().toISOString()) } }));
    expect(contacted.statusCode, contacted.body).toBe(201);
    await settled();
    expect(await me()).toMatchObject({ total_accepted_bids: 1, total_contacted_bids: 1 });
  }, 120_000);
});

describe('the deals board names the post and, for those who may see it, the customer', () => {
  it('the winning provider and admins get the customer name; everyone on the board the loan and the place', async () => {
    const deal = await openDeal(t);
    const owner = (await t.asAdmin({ method: 'GET', url: `/v1/users/${deal.post.owner.id}` })).json();
    const cardOf = async (response: Awaited<ReturnType<TestApp['asAdmin']>>) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.find((d: { uuid: string }) => d.uuid === deal.dealId);
    };
    const byProvider = await cardOf(await t.app.inject(as(deal.bidder, { method: 'GET', url: '/v1/deals' })));
    expect(byProvider).toMatchObject({ post: { loan_type: expect.any(String), loan_amount: 450_000 } });
    expect(byProvider.post.suburb === null || typeof byProvider.post.suburb === 'string').toBe(true);
    expect(byProvider.customer_name).toBe([owner.first_name, owner.last_name].filter(Boolean).join(' '));
    expect(byProvider.customer_name).toBeTruthy();
    const byAdmin = await cardOf(await t.asAdmin({ method: 'GET', url: '/v1/deals?count=100&sorting[updated_at]=desc' }));
    expect(byAdmin.customer_name).toBe(byProvider.customer_name);
    const single = await t.app.inject(as(deal.bidder, { method: 'GET', url: `/v1/deals/${deal.dealId}` }));
    expect(single.json()).toMatchObject({ post: byProvider.post, customer_name: byProvider.customer_name });
  }, 120_000);
});

describe('end_bidding_period during a burst of bids on the same post', () => {
  it('ends bidding (200); every bid is either registered before the end or refused', async () => {
    const post = await activePost(t);
    const bidders = await Promise.all(Array.from({ length: 4 }, () => provider(t)));
    const answers: number[] = [];
    let ending = true;
    // Sixteen providers bid without pause for as long as the end of bidding is under way (bounded).
    const worker = async (i: number) => {
      const bidder = bidders[i % bidders.length]!;
      while (ending && answers.length < 600) {
        const response = await t.app.inject(
          as(bidder, { method: 'POST', url: `/v4/home_loans/${post.homeLoanId}/bids`, payload: { home_loan_bid: validBid(bidder.organisationUuid), confirmed_warnings: [...bidWarningCodes] } }),
        );
        answers.push(response.statusCode);
      }
    };
    const workers = Array.from({ length: 16 }, (_, i) => worker(i));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the burst is under way
    const end = await t.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'end_bidding_period' } }));
    ending = false;
    await Promise.all(workers);
    expect(end.statusCode, end.body).toBe(200);
    for (const status of answers) expect([201, 409]).toContain(status);
    const types = await eventTypes(postStream(post.postId));
    expect(types.slice(types.indexOf('BiddingEnded') + 1)).not.toContain('BidRegistered');
    expect(types.filter((type) => type === 'BidRegistered')).toHaveLength(answers.filter((status) => status === 201).length);
  }, 120_000);
});
