import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { createTestApp, type TestApp } from '../support/test-app';
import { loadConfig } from '../../infrastructure/config';
import { consumersFor } from '../../application/consumers';
import { differencesFromCleanRebuild } from '../support/read-models';
import { activePost, openDeal, placeBid, projectionsIdle, provider, settle } from '../support/trade';
import { as, type TestUser } from '../support/users';

// The trade flow goes on around a deleted user (docs/security.md "Deleting a user"): the customer's or provider's
// key is erased, so every fold of their streams reads their personal fields as null; no one else's request fails.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const today = () => sydneyDay(new Date());
const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(as(user, { method, url, ...(payload ? { payload } : {}) }));

async function deleteUser(id: string): Promise<void> {
  const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${id}` });
  expect(deleted.statusCode, deleted.body).toBe(204);
  await settle(t, deleted.headers['x-position']);
}

describe('after a customer is deleted', () => {
  it("the deal's provider takes it to closed won with notes, another provider cancels a bid, and every page reads", async () => {
    const deal = await openDeal(t);
    const other = await provider(t);
    const otherPost = await activePost(t, { owner: deal.post.owner });
    const otherBid = await placeBid(t, other, otherPost.homeLoanId);
    await deleteUser(deal.post.owner.id);

    for (const body of [
      { operation: 'note', details: 'Left a message' },
      { operation: 'contact' },
      { operation: 'application', amount: 440_000 },
      { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' },
    ]) {
      const step = await call(deal.bidder, 'POST', `/v1/deals/${deal.dealId}/activities`, { activity_date: today(), ...body });
      expect(step.statusCode, `${body.operation}: ${step.body}`).toBe(201);
    }
    const cancelled = await call(other, 'PATCH', `/v4/home_loan_bids/${otherBid}/cancel`, { reason: 'Rates changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    for (const [user, url] of [
      [deal.bidder, `/v1/deals/${deal.dealId}`],
      [t.admin, `/v1/deals/${deal.dealId}`],
      [t.admin, `/v1/deals/${deal.dealId}/history`],
      [t.admin, `/v4/posts/${deal.post.postId}`],
      [t.admin, `/v4/posts/${otherPost.postId}`],
      [other, `/v4/posts/${otherPost.postId}`],
      [t.admin, '/v1/deals'],
      [t.admin, '/v2/posts'],
      [other, '/v2/posts'],
    ] as const) {
      const read = await call(user, 'GET', url);
      expect(read.statusCode, `${url}: ${read.body}`).toBe(200);
    }
    // The winning provider no longer sees who the customer was.
    const read = (await call(deal.bidder, 'GET', `/v1/deals/${deal.dealId}`)).json();
    expect(read.stage).toBe('closed_won');
    expect(JSON.stringify([read.customer_name, read.customer])).not.toContain(deal.post.owner.email);
    expect(read.customer?.email ?? null).toBeNull();
    // An admin closes the deleted customer's open post.
    const closed = await t.asAdmin({ method: 'PATCH', url: `/v2/posts/${otherPost.postId}`, payload: { operation: 'cancel', reason: 'Customer left' } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('cancelled');
  }, 300_000);
});

describe("a provider's deal notes (docs/personal-data.md \"A provider's deal records\")", () => {
  const notesOf = async (reader: TestUser, dealId: string) =>
    ((await call(reader, 'GET', `/v1/deals/${dealId}`)).json().activities as { activity_type: string; description: string | null }[])
      .filter((a) => a.activity_type === 'note')
      .map((a) => a.description);
  const rebuildDifferences = async () => {
    await projectionsIdle(t);
    const consumers = consumersFor({ publicUrl: loadConfig({ NODE_ENV: 'test' }).publicUrl, secrets: t.secrets });
    return differencesFromCleanRebuild(t.database.db, t.store, consumers.filter((c) => c.name === 'deals'));
  };

  it("are the provider's record: the customer's deletion keeps them, in the read model and in a rebuild", async () => {
    const deal = await openDeal(t);
    for (const details of ['Called, left a message', 'Valuation booked for Tuesday']) {
      const note = await call(deal.bidder, 'POST', `/v1/deals/${deal.dealId}/activities`, { activity_date: today(), operation: 'note', details });
      expect(note.statusCode, note.body).toBe(201);
    }
    const edited = await call(deal.bidder, 'GET', `/v1/deals/${deal.dealId}`);
    const second = (edited.json().activities as { uuid: string; description: string | null }[]).find((a) => a.description === 'Valuation booked for Tuesday')!;
    const edit = await call(deal.bidder, 'PATCH', `/v1/home_loan_bid_activities/${second.uuid}`, { details: 'Valuation booked for Wednesday' });
    expect(edit.statusCode, edit.body).toBe(200);
    await settle(t, edit.headers['x-position']);
    await deleteUser(deal.post.owner.id);

    expect((await notesOf(deal.bidder, deal.dealId)).sort()).toEqual(['Called, left a message', 'Valuation booked for Wednesday']);
    expect(await rebuildDifferences()).toEqual([]);
  }, 300_000);

  it("go with the provider when the provider is deleted, in the read model and in a rebuild", async () => {
    const deal = await openDeal(t);
    const note = await call(deal.bidder, 'POST', `/v1/deals/${deal.dealId}/activities`, { activity_date: today(), operation: 'note', details: 'Spoke to the customer' });
    expect(note.statusCode, note.body).toBe(201);
    await deleteUser(deal.bidder.id);
    expect(await notesOf(t.admin, deal.dealId)).toEqual([null]);
    expect(await rebuildDifferences()).toEqual([]);
  }, 300_000);
});

describe('after a provider is deleted', () => {
  it('the customer reads the post with the bid and accepts another one, and the deal and its board read', async () => {
    const post = await activePost(t);
    const leaving = await provider(t);
    const staying = await provider(t);
    const leavingBid = await placeBid(t, leaving, post.homeLoanId);
    const stayingBid = await placeBid(t, staying, post.homeLoanId);
    const deal = await openDeal(t, { bidder: leaving });
    const note = await call(leaving, 'POST', `/v1/deals/${deal.dealId}/activities`, { activity_date: today(), operation: 'note', details: 'Called the customer' });
    expect(note.statusCode).toBe(201);
    await deleteUser(leaving.id);

    for (const [user, url] of [
      [post.owner, `/v4/posts/${post.postId}`],
      [t.admin, `/v4/posts/${post.postId}`],
      [staying, `/v4/posts/${post.postId}`],
      [t.admin, `/v1/deals/${deal.dealId}`],
      [t.admin, `/v1/deals/${deal.dealId}/history`],
      [t.admin, '/v1/deals'],
      [t.admin, `/v4/home_loan_bids/${leavingBid}`],
      [t.admin, '/v5/home_loan_bids'],
      [staying, '/v4/home_loan_bids'],
    ] as const) {
      const read = await call(user, 'GET', url);
      expect(read.statusCode, `${url}: ${read.body}`).toBe(200);
    }
    const accepted = await call(post.owner, 'POST', `/v1/posts/${post.postId}/home_loan_bids/${stayingBid}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The deleted provider's deal: an admin records it lost.
    const lost = await t.asAdmin({ method: 'POST', url: `/v1/deals/${deal.dealId}/activities`, payload: { activity_date: today(), operation: 'closed_lost', reason: 'other' } });
    expect(lost.statusCode, lost.body).toBe(201);
    expect(lost.json().stage).toBe('closed_lost');
  }, 300_000);
});
