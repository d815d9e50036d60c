import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/statistics/range';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, openDeal, placeBid, projectionsIdle, provider } from '../support/trade';
import { as, type TestUser } from '../support/users';
import { sydneyDay } from '../../domain/shared/sydney-time';

// The admin's statistics panel (spec 1 §2 "Dashboards", §7; docs/statistics.md): figures on a small known data set
// made through the API, who may ask, and the date range's rules.

let t: TestApp;
let bidder: TestUser;
let today: string;
let closedWonActivityId: string;

const statistics = (query: string, user?: TestUser) =>
  user ? t.app.inject(as(user, { method: 'GET', url: `/v1/statistics/dashboard?${query}` })) : t.asAdmin({ method: 'GET', url: `/v1/statistics/dashboard?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  today = sydneyDay(new Date());
  // Post A: one bid at 5.50%, accepted; its deal settles at 435,000. Post B: one bid at 6.00%, no deal. Post C: no bid.
  const deal = await openDeal(t);
  const second = await provider(t);
  bidder = deal.bidder;
  const postB = await activePost(t);
  await placeBid(t, second, postB.homeLoanId, { interest_rate: 6, comparison_rate: 6.1 });
  await activePost(t);
  for (const body of [{ operation: 'contact' }, { operation: 'application', amount: 440_000 }, { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' }]) {
    const response = await t.app.inject(as(bidder, { method: 'POST', url: `/v1/deals/${deal.dealId}/activities`, payload: { activity_date: today, ...body } }));
    expect(response.statusCode, response.body).toBe(201);
    closedWonActivityId = response.json().activities.at(-1).uuid;
  }
  await projectionsIdle(t);
}, 600_000);
afterAll(async () => {
  await t.close();
});

describe('the figures', () => {
  it('counts posts, bids, deals by stage, conversion, settled volume, rates and response time of the range', async () => {
    const response = await statistics(`from=${addDays(today, -29)}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json();
    expect(figures).toMatchObject({
      from: addDays(today, -29),
      to: today,
      posts_created: 3,
      bids_placed: 2,
      deals_opened: 1,
      deals_by_stage: { accepted: 0, contacted: 0, applied: 0, closed_won: 1, closed_lost: 0, on_hold: 0 },
      conversion: { posts: 3, with_deal: 1, settled: 1, post_to_deal: 33.33, deal_to_settlement: 100, post_to_settlement: 33.33 },
      settled: { count: 1, volume: 435_000 },
      // openDeal's bid is 5.50%; the first bids are 5.50% (post A) and 6.00% (post B).
      rates: { average_winning_rate: 5.5, winning_bids: 1, average_first_bid_rate: 5.75, first_bids: 2 },
      response_time: { posts: 2 },
      bucket: 'day',
    });
    expect(figures.response_time.average_hours).toBeGreaterThanOrEqual(0);
    expect(figures.response_time.average_hours).toBeLessThan(1);
    expect(figures.series).toHaveLength(30);
    expect(figures.series.at(-1)).toMatchObject({ period: today, posts_created: 3, bids_placed: 2, deals_opened: 1, settled_count: 1, settled_volume: 435_000 });
    expect(figures.series[0]).toMatchObject({ period: addDays(today, -29), posts_created: 0, bids_placed: 0 });
  });

  it('shows nothing for a range without activity, and groups ten years by month', async () => {
    const past = (await statistics('from=2017-01-01&to=2017-01-31')).json();
    expect(past).toMatchObject({ posts_created: 0, bids_placed: 0, deals_opened: 0, settled: { count: 0, volume: 0 }, conversion: { post_to_deal: null } });
    expect(past.rates.average_winning_rate).toBeNull();
    expect(past.response_time.average_hours).toBeNull();
    const allTime = (await statistics(`from=2017-01-01&to=${today}`)).json();
    expect(allTime.bucket).toBe('month');
    expect(allTime.series[0].period).toBe('2017-01-01');
    expect(allTime.series.at(-1).period).toBe(`${today.slice(0, 8)}01`);
    expect(allTime.posts_created).toBe(3);
  });

  it('moves the settlement with its closed won activity: a new amount and a new date', async () => {
    const edited = await t.app.inject(
      as(bidder, { method: 'PATCH', url: `/v1/home_loan_bid_activities/${closedWonActivityId}`, payload: { amount: 430_000, activity_date: '2017-01-02' } }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await projectionsIdle(t);
    const recent = (await statistics(`from=${addDays(today, -6)}&to=${today}`)).json();
    expect(recent.settled).toEqual({ count: 0, volume: 0 });
    // The deal was opened in the range and is still closed won: its stage counts where it was opened.
    expect(recent.deals_by_stage.closed_won).toBe(1);
    const then = (await statistics('from=2017-01-01&to=2017-01-31')).json();
    expect(then.settled).toEqual({ count: 1, volume: 430_000 });
  });
});

describe('who may ask', () => {
  it('admins only', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const fsp = await provider(t);
    const query = `from=${today}&to=${today}`;
    expect((await statistics(query, customer)).statusCode).toBe(403);
    expect((await statistics(query, fsp)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/statistics/dashboard?${query}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the date range', () => {
  it.each([
    ['an inverted range', () => `from=${today}&to=${addDays(today, -1)}`, 'to', 'The end date cannot be before the start date'],
    ['a day before 01/01/2017', () => `from=2016-12-31&to=${today}`, 'from', 'The date cannot be before 01/01/2017'],
    ['a day after today', () => `from=${today}&to=${addDays(today, 1)}`, 'to', 'The date cannot be after today'],
    ['a day that does not exist', () => `from=2021-02-30&to=${today}`, 'from', 'Should be a date written YYYY-MM-DD'],
    ['another format', () => `from=01/01/2020&to=${today}`, 'from', 'Should be a date written YYYY-MM-DD'],
  ])('refuses %s with 422', async (_name, query, field, message) => {
    const before = await t.eventCount();
    const response = await statistics(query());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a missing or unknown parameter with 422', async () => {
    expect((await statistics(`to=${today}`)).statusCode).toBe(422);
    expect((await statistics(`from=${today}&to=${today}&x=1`)).statusCode).toBe(422);
  });
});
