import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jane, john } from '../../domain/post/test-fixtures';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, acceptOnPost, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// GET /v4/posts/{id} as each role reads it (spec 1 §2 "Post detail", §6; issue 5 item 7): a provider sees the
// customer's personal data only when holding the winning bid; a customer sees only own posts.

let t: TestApp;
let open: ActivePost;
let won: ActivePost;
let otherCustomer: TestUser;
/** Has bids on both posts; wins `won`. */
let winner: TestProvider;
/** Has a bid on `won` that did not win. */
let loser: TestProvider;
/** No bid anywhere, may see active posts. */
let browsing: TestProvider;
/** No bid, no view_active_posts. */
let withoutView: TestProvider;
/** A bid on `open` but no view_active_posts. */
let bidderWithoutView: TestProvider;

/** Every key that carries the customer's personal data in the owner's answer. */
const personalKeys = ['applicants', 'expenses', 'customer', 'owner_uuid'];
const personalLoanKeys = ['user_address', 'cash_savings', 'property_address'];

beforeAll(async () => {
  t = await createTestApp();
  otherCustomer = await t.createUser({ userType: 'customer' });
  [winner, loser, browsing, withoutView, bidderWithoutView] = await Promise.all([
    provider(t),
    provider(t),
    provider(t),
    provider(t, { permissions: { view_active_posts: false } }),
    provider(t, { permissions: { view_active_posts: false } }),
  ]);
  open = await activePost(t);
  won = await activePost(t);
  await placeBid(t, winner, open.homeLoanId);
  await placeBid(t, bidderWithoutView, open.homeLoanId);
  const winning = await placeBid(t, winner, won.homeLoanId, { interest_rate: 5.1, comparison_rate: 5.2 });
  await placeBid(t, loser, won.homeLoanId);
  await acceptOnPost(t, won.postId, winning);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const read = (who: Pick<TestUser, 'headers'>, postId: string) => t.app.inject(as(who, { method: 'GET', url: `/v4/posts/${postId}` }));

function expectNoPersonalData(body: Record<string, unknown>) {
  for (const key of personalKeys) expect(body, key).not.toHaveProperty(key);
  const loan = body.primary_home_loan as Record<string, unknown>;
  for (const key of personalLoanKeys) expect(loan, key).not.toHaveProperty(key);
  const text = JSON.stringify(body);
  for (const name of [jane.first_name, john.first_name, jane.last_name]) expect(text).not.toContain(name);
}

describe('the owner and admins', () => {
  it('read the whole post with the applicants', async () => {
    for (const who of [open.owner, t.admin]) {
      const response = await read(who, open.postId);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).not.toHaveProperty('reader');
      expect(body.applicants.map((a: { first_name: string }) => a.first_name)).toEqual([jane.first_name, john.first_name]);
      expect(body.owner_uuid).toBe(open.owner.id);
    }
  });

  it('another customer gets 404, as for a post that does not exist', async () => {
    const response = await read(otherCustomer, open.postId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'POST_NOT_FOUND' });
  });
});

describe('a provider without the winning bid', () => {
  it('with view_active_posts reads the loan summary of an active post and no personal field', async () => {
    const response = await read(browsing, open.postId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      reader: 'provider',
      uuid: open.postId,
      status: 'active',
      lvr: 75,
      holds_winning_bid: false,
      credit_band: { key: expect.any(String) },
      primary_home_loan: { loan_type: 'refinance', loan_amount: 450_000, property_market_value: 600_000, property_place: { state: expect.any(String) } },
    });
    // The status block is hidden from providers.
    expect(body).not.toHaveProperty('reason_for_cancellation');
    expectNoPersonalData(body);
  });

  it('holding a bid reads the post without view_active_posts', async () => {
    const response = await read(bidderWithoutView, open.postId);
    expect(response.statusCode, response.body).toBe(200);
    expectNoPersonalData(response.json());
  });

  it('without view_active_posts and without a bid gets 404', async () => {
    expect((await read(withoutView, open.postId)).statusCode).toBe(404);
  });

  it('holding a losing bid reads the decided post without personal data', async () => {
    const response = await read(loser, won.postId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'opportunity', holds_winning_bid: false });
    expectNoPersonalData(response.json());
  });

  it('without a bid gets 404 once the post has left bidding and decision', async () => {
    expect((await read(browsing, won.postId)).statusCode).toBe(404);
  });

  it('never reads a pending post', async () => {
    const { pendingPost } = postHelpers(() => t);
    const pending = await pendingPost(otherCustomer);
    expect((await read(browsing, pending.post)).statusCode).toBe(404);
  });
});

describe('the provider holding the winning bid', () => {
  it('reads the customer’s contact details, applicants and expenses', async () => {
    const response = await read(winner, won.postId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ reader: 'provider', holds_winning_bid: true, customer: { email: won.owner.email } });
    expect(body.customer.applicants.map((a: { first_name: string }) => a.first_name)).toEqual([jane.first_name, john.first_name]);
    expect(body.customer.expenses).toHaveLength(1);
    expect(body.customer.cash_savings).not.toBeUndefined();
  });

  it('reads another post it bid on without personal data', async () => {
    const response = await read(winner, open.postId);
    expect(response.statusCode).toBe(200);
    expectNoPersonalData(response.json());
  });
});
