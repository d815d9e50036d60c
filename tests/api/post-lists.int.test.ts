import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, activePost, changePreferences, deletePost, placeBid, prioritise, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// GET /v2/posts, the dashboards' lists (spec 1 §2 "Dashboards", §9; docs/dashboards.md): the admin's jousts with
// filters, sorting and paging; the provider's priority and normal tables with its own bid and place; the customer's
// own posts; bad query input is a 422 that names the parameter.

const melbourne = { country: 'AU', state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 } as const;

let t: TestApp;
let chloe: TestUser;
let sam: TestUser;
/**
 * Chloe's: NSW 450,000 (LVR 75) with two bids, rate and repayment type any; VIC 300,000 (LVR 50) without bids, fixed
 * rate, repayment type changed from any to principal and interest after publishing; a pending draft (any, any).
 */
let nsw: ActivePost;
let vic: ActivePost;
let draft: string;
/** Sam's, prioritised, led by an anonymous bid that keeps its organisation private; variable rate, interest only. */
let priority: ActivePost;
/** Sam's, deleted by an admin: never listed. */
let deleted: ActivePost;
let alpha: TestProvider;
let beta: TestProvider;
let withoutView: TestProvider;

type Row = { uuid: string } & Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  [chloe, sam] = await Promise.all([t.createUser({ userType: 'customer' }), t.createUser({ userType: 'customer' })]);
  [alpha, beta, withoutView] = await Promise.all([
    provider(t, { organisationName: 'Alpha Home Loans' }),
    provider(t, { organisationName: 'Beta Bank' }),
    provider(t, { permissions: { view_active_posts: false } }),
  ]);
  nsw = await activePost(t, { owner: chloe });
  vic = await activePost(t, { owner: chloe, loan: { loan_amount: 300_000, user_address: melbourne }, preferences: { rate_type: 'fixed' } });
  draft = (await postHelpers(() => t).pendingPost(chloe)).post;
  priority = await activePost(t, { owner: sam, preferences: { rate_type: 'variable', repayment_type: 'interest_only', interest_only_period: 3 } });
  deleted = await activePost(t, { owner: sam });
  // On `nsw` Alpha leads by comparison rate (the post's default order); Beta has the lower interest rate.
  await placeBid(t, alpha, nsw.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
  await placeBid(t, beta, nsw.homeLoanId, { interest_rate: 5.3, comparison_rate: 5.7 });
  await placeBid(t, beta, priority.homeLoanId, { bid_type: 'anonymous', show_private: true, interest_rate: 5.2, comparison_rate: 5.3 });
  await placeBid(t, alpha, deleted.homeLoanId);
  await prioritise(t, priority.postId);
  await deletePost(t, deleted.postId);
  await changePreferences(t, vic, { repayment_type: 'principal_and_interest' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const list = (who: Pick<TestUser, 'headers'>, query = '') => t.app.inject(as(who, { method: 'GET', url: `/v2/posts${query}` }));
async function uuids(who: Pick<TestUser, 'headers'>, query = ''): Promise<string[]> {
  const response = await list(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.map((row: Row) => row.uuid);
}

describe('the admin’s jousts', () => {
  it('list every published post, newest first, with the leading bid and the bid count; deleted posts never', async () => {
    const response = await list(t.admin);
    expect(response.statusCode, response.body).toBe(200);
    const { total_records, result } = response.json();
    expect(total_records).toBe(3);
    expect(result.map((row: Row) => row.uuid)).toEqual([priority.postId, vic.postId, nsw.postId]);
    expect(result[2]).toMatchObject({
      status: 'active',
      loan_type: 'refinance',
      loan_amount: 450_000,
      lvr: 75,
      state: 'NSW',
      suburb: 'Sydney',
      prioritised: false,
      bid_count: 2,
      leading_bid: { interest_rate: 5.5, comparison_rate: 5.6, organisation_name: 'Alpha Home Loans' },
    });
    expect(result[2]).not.toHaveProperty('own_bid');
    expect(result[1]).toMatchObject({ state: 'VIC', lvr: 50, bid_count: 0, leading_bid: null });
  });

  it('hide the organisation of an anonymous bid that keeps it private', async () => {
    const [row] = (await list(t.admin, `?filter[states]=NSW&sorting[created_at]=desc&count=1`)).json().result;
    expect(row).toMatchObject({ uuid: priority.postId, prioritised: true, leading_bid: { comparison_rate: 5.3, organisation_name: null, lender_since: null } });
  });

  it('filter by states, status, loan type, credit band and loan purpose, several values each', async () => {
    expect(await uuids(t.admin, '?filter[states]=VIC')).toEqual([vic.postId]);
    expect(await uuids(t.admin, '?filter[states]=NSW,VIC')).toHaveLength(3);
    expect(await uuids(t.admin, '?filter[states][]=VIC&filter[states][]=QLD')).toEqual([vic.postId]);
    expect(await uuids(t.admin, '?filter[status]=pending')).toEqual([draft]);
    expect(await uuids(t.admin, '?filter[status]=active,pending')).toHaveLength(4);
    expect(await uuids(t.admin, '?filter[loan_type]=new_loan')).toEqual([]);
    expect(await uuids(t.admin, '?filter[loan_purpose]=owner&filter[states]=VIC')).toEqual([vic.postId]);
    const band = (await list(t.admin)).json().result[0].credit_band as string;
    expect(await uuids(t.admin, `?filter[credit_band]=${band}`)).toHaveLength(3);
    const { total_records } = (await list(t.admin, '?filter[states]=VIC')).json();
    expect(total_records).toBe(1);
  });

  it('filter by the preferences’ rate type and repayment type, several values each, the totals matching', async () => {
    const listed = async (query: string) => {
      const response = await list(t.admin, query);
      expect(response.statusCode, response.body).toBe(200);
      const { total_records, result } = response.json();
      return { total_records, uuids: result.map((row: Row) => row.uuid) };
    };
    expect(await listed('?filter[rate_type]=fixed')).toEqual({ total_records: 1, uuids: [vic.postId] });
    expect(await listed('?filter[rate_type]=fixed,variable')).toEqual({ total_records: 2, uuids: [priority.postId, vic.postId] });
    // `any` is the customer's choice (no preference); the draft and the deleted post chose it too, but are not listed.
    expect(await listed('?filter[rate_type]=any')).toEqual({ total_records: 1, uuids: [nsw.postId] });
    expect(await listed('?filter[rate_type]=split')).toEqual({ total_records: 0, uuids: [] });
    // vic's repayment type was changed after publishing (PreferencesChanged): no longer any.
    expect(await listed('?filter[repayment_type]=principal_and_interest')).toEqual({ total_records: 1, uuids: [vic.postId] });
    expect(await listed('?filter[repayment_type][]=any&filter[repayment_type][]=interest_only')).toEqual({ total_records: 2, uuids: [priority.postId, nsw.postId] });
    expect(await listed('?filter[rate_type]=variable&filter[repayment_type]=any')).toEqual({ total_records: 0, uuids: [] });
    expect(await listed('?filter[status]=pending&filter[rate_type]=any&filter[repayment_type]=any')).toEqual({ total_records: 1, uuids: [draft] });
  });

  it('sort by the post and by the leading bid, posts without bids last', async () => {
    expect(await uuids(t.admin, '?sorting[loan_amount]=asc&sorting[created_at]=asc')).toEqual([vic.postId, nsw.postId, priority.postId]);
    expect(await uuids(t.admin, '?sorting[comparison_rate]=asc')).toEqual([priority.postId, nsw.postId, vic.postId]);
    expect(await uuids(t.admin, '?sorting[comparison_rate]=desc')).toEqual([nsw.postId, priority.postId, vic.postId]);
    expect(await uuids(t.admin, '?sorting[organisation_name]=asc')).toEqual([nsw.postId, priority.postId, vic.postId]);
    expect(await uuids(t.admin, '?sorting[bid_created_at]=asc')).toEqual([nsw.postId, priority.postId, vic.postId]);
  });

  it('page by count, the total counting every page', async () => {
    const response = await list(t.admin, '?count=1&page=2');
    expect(response.json()).toMatchObject({ total_records: 3, result: [{ uuid: vic.postId }] });
    expect((await list(t.admin, '?count=1&page=9')).json()).toMatchObject({ total_records: 3, result: [] });
  });

  it('an admin without view gets 403', async () => {
    const limited = await t.createUser({ userType: 'admin' });
    const container = (await t.asAdmin({ method: 'GET', url: `/v2/users/${limited.id}/permissions` })).json().uuid;
    const changed = await t.asAdmin({ method: 'PATCH', url: `/v2/users/${limited.id}/permissions/${container}`, payload: { permissions: { view: false } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list(limited)).statusCode).toBe(403);
  });
});

describe('the provider’s tables', () => {
  it('the normal table lists active and review posts that are not prioritised, review_bids_on soonest first, with the own bid and place', async () => {
    const response = await list(beta);
    expect(response.statusCode, response.body).toBe(200);
    const { total_records, result } = response.json();
    expect(total_records).toBe(2);
    expect(result.map((row: Row) => row.uuid)).toEqual([nsw.postId, vic.postId]);
    expect(result[0].own_bid).toMatchObject({ status: 'active', place: '2nd' });
    expect(result[1].own_bid).toBeNull();
    expect((await list(alpha)).json().result[0].own_bid).toMatchObject({ place: '1st' });
  });

  it('the priority table lists the prioritised posts', async () => {
    const { result } = (await list(alpha, '?priority=true')).json();
    expect(result.map((row: Row) => row.uuid)).toEqual([priority.postId]);
    expect(result[0]).toMatchObject({ prioritised: true, own_bid: null, leading_bid: { organisation_name: null } });
    // The anonymous bidder sees its own bid and place.
    expect((await list(beta, '?priority=true')).json().result[0].own_bid).toMatchObject({ place: '1st' });
  });

  it('filter by rate type and repayment type, the totals matching', async () => {
    expect((await list(beta, '?filter[rate_type]=fixed')).json()).toMatchObject({ total_records: 1, result: [{ uuid: vic.postId }] });
    expect((await list(beta, '?filter[repayment_type]=interest_only')).json()).toMatchObject({ total_records: 0, result: [] });
    expect((await list(beta, '?priority=true&filter[repayment_type]=interest_only')).json()).toMatchObject({ total_records: 1, result: [{ uuid: priority.postId }] });
    expect((await list(beta, '?priority=true&filter[rate_type]=any')).json()).toMatchObject({ total_records: 0, result: [] });
  });

  it('never list drafts or other statuses, even when filtered', async () => {
    expect(await uuids(alpha, '?filter[status]=pending')).toEqual([]);
  });

  it('need view_active_posts (403 otherwise)', async () => {
    const response = await list(withoutView);
    expect(response.statusCode).toBe(403);
  });
});

describe('the customer’s own posts', () => {
  it('are only their own, filtered by several statuses', async () => {
    expect(await uuids(chloe, '?filter[status]=active,review,opportunity')).toEqual([vic.postId, nsw.postId]);
    expect(await uuids(chloe)).toEqual([draft, vic.postId, nsw.postId]);
    expect(await uuids(sam)).toEqual([priority.postId]);
  });
});

describe('bad query input', () => {
  it.each([
    ['?filter[states]=XYZ', 'filter.states'],
    ['?filter[status]=bogus', 'filter.status'],
    ['?filter[loan_type]=car', 'filter.loan_type'],
    ['?filter[credit_band]=Gold', 'filter.credit_band'],
    ['?filter[rate_type]=fortnightly', 'filter.rate_type'],
    ['?filter[rate_type]=fixed,fortnightly', 'filter.rate_type'],
    ['?filter[repayment_type]=interest', 'filter.repayment_type'],
    ['?filter[lender]=Beta', 'filter'],
    ['?sorting[owner_id]=asc', 'sorting'],
    ['?sorting[created_at]=up', 'sorting.created_at'],
    ['?count=0', 'count'],
    ['?count=500', 'count'],
    ['?page=0', 'page'],
    ['?priority=maybe', 'priority'],
  ])('%s is a 422 naming %s, and nothing is written', async (query, field) => {
    const before = await t.eventCount();
    const response = await list(t.admin, query);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const errors = response.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).some((key) => key.startsWith(field)), JSON.stringify(errors)).toBe(true);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('a post’s place', () => {
  // Last in the file: the lists above count the posts of beforeAll.
  it('is the customer’s home only for an owner-occupied loan without a property address; an investment whose suburb is not known yet shows none and is not found by the home’s state', async () => {
    const investment = await activePost(t, { loan: { loan_purpose: 'investment', user_address: melbourne, property_address: null, suburb_not_known_yet: true } });
    for (const who of [alpha, t.admin]) {
      const rows = (await list(who)).json().result as Row[];
      expect(rows.find((row) => row.uuid === investment.postId)).toMatchObject({ loan_purpose: 'investment', state: null, suburb: null });
      // The owner-occupied VIC refinance has no property address: its home is the property.
      expect(rows.find((row) => row.uuid === vic.postId)).toMatchObject({ state: 'VIC', suburb: 'Melbourne' });
    }
    expect(await uuids(t.admin, '?filter[states]=VIC')).toEqual([vic.postId]);
    expect((await list(t.admin, '?filter[states]=VIC')).json().total_records).toBe(1);
    expect((await list(t.admin)).json().total_records).toBe(4);
  });
});
