import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import type { Clock } from '../../infrastructure/clock';
import { loadState } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { TransitionScheduler } from '../../projections/scheduler/transition-scheduler';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, placeBid, provider } from '../support/trade';
import { readModelsCaughtUp } from '../support/test-database';

// The durable scheduler (docs/post-lifecycle.md "Scheduler") with a clock the test moves: each time-driven
// transition fires at its time and not before, extensions move it, a restarted or second poller on the same
// database does not fire it again, and Auto-Declare accepts the leading eligible bid. Every test looks only at its
// own posts: the clock runs far ahead, so the rows of the other tests fall due too.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const { call } = postHelpers(() => t);

class TestClock implements Clock {
  constructor(public at: number) {}
  now() {
    return new Date(this.at);
  }
}

const schedulerAt = (clock: Clock) => new TransitionScheduler({ db: t.database.db, store: t.store, ids: randomIds, clock, intervalMs: 20 });

const caughtUp = () => readModelsCaughtUp(t.database.db, ['posts', 'scheduled_transitions']);

async function rowsOf(postId: string) {
  await caughtUp();
  const { rows } = await sql<{ kind: string; due_at: Date }>`select kind, due_at from scheduled_transitions where post_id = ${postId} order by kind`.execute(t.database.db);
  return Object.fromEntries(rows.map((r) => [r.kind, r.due_at.toISOString()]));
}

async function postState(postId: string) {
  const { state } = await loadState(t.store, postStream(postId), postDecider);
  if (state.status === 'absent' || state.status === 'pending' || state.status === 'cancelled') throw new Error(`post ${postId} is ${state.status}`);
  return state;
}

const eventsOf = async (postId: string) => (await t.store.readStream(postStream(postId))).map((e) => e.type);
const firingsOf = (outcomes: Awaited<ReturnType<TransitionScheduler['tick']>>, postId: string) => outcomes.filter((o) => o.post_id === postId).map((o) => `${o.kind}:${o.outcome}`);

/** An active post whose Auto-Declare is off (so only the three time-driven transitions are scheduled). */
async function manualPost() {
  const post = await activePost(t);
  const cancelled = await call(post.owner, 'PATCH', `/v2/posts/${post.postId}`, { operation: 'cancel_automatic_selection' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await caughtUp(); // the scheduler reads its to-do list from a read model
  return post;
}

describe('the time-driven transitions', () => {
  it('end bidding, then the review period, then expire the post, each at its time and once', async () => {
    const { postId } = await manualPost();
    const published = await postState(postId);
    expect(await rowsOf(postId)).toEqual({ end_bidding: published.bidding_period_expiry_on });

    const clock = new TestClock(Date.parse(published.bidding_period_expiry_on) - 1000);
    const scheduler = schedulerAt(clock);
    expect(firingsOf(await scheduler.tick(), postId)).toEqual([]);
    expect((await postState(postId)).status).toBe('active');

    clock.at += 2000;
    expect(firingsOf(await scheduler.tick(), postId)).toEqual(['end_bidding:fired']);
    const review = await postState(postId);
    expect(review.status).toBe('review');
    expect(await rowsOf(postId)).toEqual({ end_review: review.review_bids_on });
    expect(firingsOf(await scheduler.tick(), postId)).toEqual([]);

    clock.at = Date.parse(review.review_bids_on) + 1000;
    expect(firingsOf(await scheduler.tick(), postId)).toEqual(['end_review:fired']);
    const processing = await postState(postId);
    expect(processing.status).toBe('processing');
    // processing_period_days: 7 by default.
    expect(Date.parse(processing.expiration_date!) - clock.at).toBe(7 * DAY);
    expect(await rowsOf(postId)).toEqual({ expire: processing.expiration_date });

    clock.at = Date.parse(processing.expiration_date!) + 1000;
    expect(firingsOf(await scheduler.tick(), postId)).toEqual(['expire:fired']);
    expect((await postState(postId)).status).toBe('expired');
    expect(await rowsOf(postId)).toEqual({});
    expect(await eventsOf(postId)).toEqual(expect.arrayContaining(['BiddingEnded', 'ReviewPeriodEnded', 'PostExpired']));
  });

  it('an extension moves the end of the review period', async () => {
    const { postId, owner } = await manualPost();
    const ended = await call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'end_bidding_period' });
    const firstEnd = ended.json().review_bids_on as string;
    expect(await rowsOf(postId)).toEqual({ end_review: firstEnd });
    const extended = await call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'extend_review_period' });
    expect(extended.statusCode, extended.body).toBe(200);
    const newEnd = extended.json().review_bids_on as string;
    expect(Date.parse(newEnd) - Date.parse(firstEnd)).toBe(2 * DAY);
    expect(await rowsOf(postId)).toEqual({ end_review: newEnd });

    const clock = new TestClock(Date.parse(firstEnd) + 1000);
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual([]);
    expect((await postState(postId)).status).toBe('review');
    clock.at = Date.parse(newEnd) + 1000;
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual(['end_review:fired']);
  });

  it('a cancelled or closed post leaves the schedule', async () => {
    const { postId, owner } = await activePost(t);
    expect(Object.keys(await rowsOf(postId))).toEqual(['auto_declare', 'end_bidding']);
    const cancelled = await call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'cancel', reason: 'Bought elsewhere' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await rowsOf(postId)).toEqual({});
  });
});

describe('firing once', () => {
  it('a restarted poller on the same database does not fire again, and a lost claim is refused by the post', async () => {
    const { postId } = await manualPost();
    const clock = new TestClock(Date.parse((await postState(postId)).bidding_period_expiry_on) + 1000);
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual(['end_bidding:fired']);
    const events = await eventsOf(postId);

    // A new process at once: the read model may still show the row, the claim says it was fired.
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual([]);
    // Even without the claim the post refuses a second end of bidding: nothing is appended. (The read model first
    // drops the fired row, so the row put back is not dropped again under the poller.)
    await caughtUp();
    await sql`delete from scheduler_claims where post_id = ${postId}`.execute(t.database.db);
    await sql`insert into scheduled_transitions (post_id, kind, due_at) values (${postId}, 'end_bidding', ${new Date(clock.at - 1000)}) on conflict do nothing`.execute(t.database.db);
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual(['end_bidding:refused']);
    expect(await eventsOf(postId)).toEqual(events);
  });

  it('two pollers at once fire each transition once', async () => {
    const posts = await Promise.all([manualPost(), manualPost(), manualPost()]);
    const latest = Math.max(...(await Promise.all(posts.map(async (p) => Date.parse((await postState(p.postId)).bidding_period_expiry_on)))));
    const clock = new TestClock(latest + 1000);
    const [a, b] = await Promise.all([schedulerAt(clock).tick(), schedulerAt(clock).tick()]);
    for (const { postId } of posts) {
      expect([...firingsOf(a, postId), ...firingsOf(b, postId)]).toEqual(['end_bidding:fired']);
      expect((await eventsOf(postId)).filter((type) => type === 'BiddingEnded')).toHaveLength(1);
    }
  });

  it('a started poller fires by itself until stopped (server mode)', async () => {
    const { postId } = await manualPost();
    const clock = new TestClock(Date.parse((await postState(postId)).bidding_period_expiry_on) + 1000);
    const scheduler = schedulerAt(clock);
    scheduler.start();
    try {
      await expect.poll(async () => (await postState(postId)).status, { timeout: 10_000 }).toBe('review');
    } finally {
      await scheduler.stop();
    }
  });
});

describe('Auto-Declare', () => {
  it('accepts the leading eligible bid when the review period ends', async () => {
    const { postId, homeLoanId } = await activePost(t);
    const first = await provider(t, { organisationType: 'financial_institution' });
    const second = await provider(t, { organisationType: 'financial_institution' });
    // The better comparison rate leads (the post sorts by comparison rate unless the customer chose otherwise).
    await placeBid(t, first, homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
    const leading = await placeBid(t, second, homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 });
    const clock = new TestClock(Date.parse((await postState(postId)).bidding_period_expiry_on) + 1000);
    await caughtUp();
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual(['end_bidding:fired']);
    await caughtUp();
    clock.at = Date.parse((await postState(postId)).review_bids_on) + 1000;
    expect(firingsOf(await schedulerAt(clock).tick(), postId)).toEqual(['auto_declare:fired', 'end_review:refused']);
    const state = await postState(postId);
    expect(state.status).toBe('opportunity');
    expect(state.winning_bid).toMatchObject({ bid_id: leading, accepted_by: null });
    expect(await rowsOf(postId)).toEqual({});
  });

  it('does nothing without an eligible bid, once: the review period then ends as usual', async () => {
    const { postId } = await activePost(t);
    const clock = new TestClock(Date.parse((await postState(postId)).review_bids_on) + 1000);
    const scheduler = schedulerAt(clock);
    await caughtUp();
    // Both due at once: bidding ends first, then Auto-Declare finds nothing to accept.
    expect(firingsOf(await scheduler.tick(), postId)).toEqual(['end_bidding:fired', 'auto_declare:nothing']);
    await caughtUp();
    expect(firingsOf(await scheduler.tick(), postId)).toEqual(['end_review:fired']);
    await caughtUp();
    expect(firingsOf(await scheduler.tick(), postId)).toEqual([]);
    expect((await postState(postId)).status).toBe('processing');
  });
});
