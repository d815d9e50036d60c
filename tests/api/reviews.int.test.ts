import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewIdOf } from '../../application/reviews/review-subject';
import { reviewDecider, reviewErrors } from '../../domain/review/decider';
import { reviewStream } from '../../domain/review/events';
import { reviewMessages } from '../../domain/review/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import { waitForProjections } from '../../projections/projection-status';
import { expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, type OpenDeal, openDeal, placeBid, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Reviews (spec 1 §2, §3, §4 "Review status", §5 "Rating", §7, §8, §9; spec 2 §6, §7; docs/reviews.md): a customer
// rates a provider after a deal, an admin on the customer's behalf, admins moderate; the provider's approved reviews
// 5 per page with the average; the public fives without log-in and without personal data.

let t: TestApp;
let deal: OpenDeal;
let otherCustomer: TestUser;
let stranger: TestProvider;
/** Bid on the deal's post too, but lost. */
let loser: TestProvider;
beforeAll(async () => {
  t = await createTestApp();
  const post = await activePost(t);
  const [bidder, other] = [await provider(t), await provider(t)];
  loser = other;
  await placeBid(t, loser, post.homeLoanId, { interest_rate: 5.9, comparison_rate: 6 });
  const bidId = await placeBid(t, bidder, post.homeLoanId);
  const accepted = await acceptBid(t, post, bidId);
  expect(accepted.statusCode, accepted.body).toBe(200);
  await waitForProjections(t.database.db, ['deals'], parsePosition(String(accepted.headers['x-position']))!, { timeoutMs: 30_000 });
  deal = { post, bidder, bidId, dealId: accepted.json().deal_id };
  otherCustomer = await t.createUser({ userType: 'customer' });
  stranger = await provider(t);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const review = (d: OpenDeal, fields: Record<string, unknown> = {}) => ({ review: { post_uuid: d.post.postId, fsp_uuid: d.bidder.id, rating: 5, description: 'Great rate and a quick settlement.', ...fields } });
const submit = (user: TestUser, payload: unknown) => t.app.inject(as(user, { method: 'POST', url: '/v1/reviews', payload: payload as Record<string, unknown> }));
const moderate = (user: TestUser, id: string, status: string) => t.app.inject(as(user, { method: 'PATCH', url: `/v1/reviews/${id}`, payload: { status } }));
const context = (user: TestUser, d: OpenDeal, query = '') => t.app.inject(as(user, { method: 'GET', url: `/v1/posts/${d.post.postId}/fsps/${d.bidder.id}/review${query}` }));

/** The request is refused with `status` and `code`, and nothing is written. */
async function refused(request: () => Promise<{ statusCode: number; json(): any }>, status: number, code: string) {
  const before = await t.eventCount();
  const response = await request();
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(response.json().code).toBe(code);
  expect(await t.eventCount()).toBe(before);
  return response.json();
}

describe('a customer rating a provider', () => {
  it('rates the provider of the deal on their post: pending, and sent again while pending it replaces the review', async () => {
    const shown = await context(deal.post.owner, deal);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ post_uuid: deal.post.postId, provider: { uuid: deal.bidder.id, organisation_name: deal.bidder.organisationName }, customer: { uuid: deal.post.owner.id }, review: null });

    const sent = await submit(deal.post.owner, review(deal));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', rating: 5, on_behalf: false, customer_uuid: deal.post.owner.id, fsp_uuid: deal.bidder.id, description: 'Great rate and a quick settlement.' });
    const reviewId = sent.json().uuid;
    expect(reviewId).toBe(reviewIdOf(deal.post.postId, deal.bidder.id, deal.post.owner.id));

    const again = await submit(deal.post.owner, review(deal, { rating: 4, description: 'Good, a little slow.' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ uuid: reviewId, rating: 4, description: 'Good, a little slow.', status: 'pending' });
    expect((await context(deal.post.owner, deal)).json().review).toMatchObject({ uuid: reviewId, rating: 4, status: 'pending' });
    const stream = await t.store.readStream(reviewStream(reviewId));
    expect(stream.map((e) => e.type)).toEqual(['ReviewSubmitted', 'ReviewEdited']);
  });

  it('is refused for a provider the customer has no deal with (a losing bidder too), writing nothing', async () => {
    for (const fsp of [loser, stranger]) {
      const body = await refused(() => submit(deal.post.owner, review(deal, { fsp_uuid: fsp.id })), 403, reviewErrors.noDeal);
      expect(body.errors).toEqual({ base: ['You can rate a provider only after a deal with them on this post.'] });
    }
    await refused(() => t.app.inject(as(deal.post.owner, { method: 'GET', url: `/v1/posts/${deal.post.postId}/fsps/${loser.id}/review` })), 403, reviewErrors.noDeal);
  });

  it('is refused for another customer’s post, and for writing as another customer', async () => {
    await refused(() => submit(otherCustomer, review(deal)), 403, reviewErrors.notPostOwner);
    await refused(() => context(otherCustomer, deal), 403, reviewErrors.notPostOwner);
    await refused(() => submit(otherCustomer, review(deal, { customer_uuid: deal.post.owner.id })), 403, reviewErrors.notYours);
    await refused(() => submit(otherCustomer, review(deal, { post_uuid: randomIds.uuid() })), 403, reviewErrors.notPostOwner);
  });

  it('is not open to providers nor to anonymous callers', async () => {
    await refused(() => submit(deal.bidder, review(deal)), 403, 'FORBIDDEN');
    await refused(() => t.app.inject({ method: 'POST', url: '/v1/reviews', payload: review(deal) }), 401, 'TOKEN_INVALID');
  });
});

describe('bad input', () => {
  let d: OpenDeal;
  beforeAll(async () => {
    d = await openDeal(t);
  }, 300_000);

  const url = '/v1/reviews';
  const body = (fields: Record<string, unknown>) => JSON.stringify({ review: { post_uuid: d.post.postId, fsp_uuid: d.bidder.id, customer_uuid: d.post.owner.id, rating: 5, ...fields } });

  it('answers 422 with the field and writes nothing', async () => {
    const cases = [
      { name: 'rating 0', fields: { rating: 0 }, field: 'review.rating', message: reviewMessages.ratingAtLeastOne },
      { name: 'rating 6', fields: { rating: 6 }, field: 'review.rating', message: reviewMessages.ratingAtMostFive },
      { name: 'half a star', fields: { rating: 4.5 }, field: 'review.rating', message: reviewMessages.ratingWhole },
      { name: 'rating as text', fields: { rating: 'five' }, field: 'review.rating', message: reviewMessages.ratingAtLeastOne },
      { name: 'no rating', fields: { rating: null }, field: 'review.rating', message: reviewMessages.required },
      { name: 'comment too long', fields: { description: 'x'.repeat(1000) }, field: 'review.description', message: reviewMessages.descriptionTooLong },
      { name: 'comment not a text', fields: { description: ['x'] }, field: 'review.description', message: reviewMessages.notAText },
      { name: 'unknown field', fields: { stars: 5 }, field: 'review.stars', message: 'Unknown field.' },
      { name: 'post not an id', fields: { post_uuid: 'nope' }, field: 'review.post_uuid', message: 'must be a post id' },
      { name: 'customer not the owner', fields: { customer_uuid: otherCustomer.id }, field: 'review.customer_uuid' },
    ];
    for (const c of cases) await expectRefused(t, { name: c.name, method: 'POST', url, payload: body(c.fields), status: 422, field: c.field, ...(c.message ? { message: c.message } : {}) });
    await expectRefused(t, { name: 'admin without a customer', method: 'POST', url, payload: JSON.stringify({ review: { post_uuid: d.post.postId, fsp_uuid: d.bidder.id, rating: 5 } }), status: 422, field: 'review.customer_uuid', message: reviewMessages.required });
    await expectRefused(t, { name: 'malformed JSON', method: 'POST', url, payload: '{"review":', status: 400 });
    await expectRefused(t, { name: 'no wrapper', method: 'POST', url, payload: JSON.stringify({ rating: 5 }), status: 422 });
    await expectRefused(t, { name: 'moderation to pending', method: 'PATCH', url: `/v1/reviews/${randomIds.uuid()}`, payload: JSON.stringify({ status: 'pending' }), status: 422, field: 'status' });
    await expectRefused(t, { name: 'moderation of no review', method: 'PATCH', url: `/v1/reviews/${randomIds.uuid()}`, payload: JSON.stringify({ status: 'approved' }), status: 404 });
    await expectRefused(t, { name: 'list: unknown status', method: 'GET', url: '/v1/reviews?filter[status]=lost', status: 422 });
  });

  it('lets an admin rate on behalf of the post’s customer', async () => {
    const sent = await submit(t.admin, JSON.parse(body({ rating: 3, description: '' })));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ customer_uuid: d.post.owner.id, on_behalf: true, rating: 3, description: '', status: 'pending' });
    // The picker's default: the post's owner.
    const shown = await context(t.admin, d);
    expect(shown.json()).toMatchObject({ customer: { uuid: d.post.owner.id }, review: { rating: 3 } });
  });
});

describe('moderation', () => {
  let reviewId: string;
  beforeAll(async () => {
    reviewId = reviewIdOf(deal.post.postId, deal.bidder.id, deal.post.owner.id);
  });

  it('lists the reviews for admins with table parameters, filtered by status', async () => {
    const list = await t.asAdmin({ method: 'GET', url: '/v1/reviews?filter[status]=pending&sorting[created_at]=desc&count=25&page=1' });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().result.find((r: { uuid: string }) => r.uuid === reviewId);
    expect(row).toMatchObject({ status: 'pending', rating: 4, post_uuid: deal.post.postId, fsp_name: expect.stringContaining('Provider'), customer_name: expect.stringContaining('Customer'), organisation_name: deal.bidder.organisationName });
    expect(list.json().total_records).toBeGreaterThanOrEqual(1);
    expect((await t.asAdmin({ method: 'GET', url: '/v1/reviews?filter[status]=approved' })).json().result.map((r: { uuid: string }) => r.uuid)).not.toContain(reviewId);
  });

  it('is for admins only', async () => {
    await refused(() => t.app.inject(as(deal.post.owner, { method: 'GET', url: '/v1/reviews' })), 403, 'FORBIDDEN');
    await refused(() => t.app.inject(as(deal.bidder, { method: 'GET', url: '/v1/reviews' })), 403, 'FORBIDDEN');
    await refused(() => moderate(deal.post.owner, reviewId, 'approved'), 403, 'FORBIDDEN');
    await refused(() => moderate(deal.bidder, reviewId, 'approved'), 403, 'FORBIDDEN');
  });

  it('sets the chosen status; the customer can then no longer change the review', async () => {
    const approved = await moderate(t.admin, reviewId, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ uuid: reviewId, status: 'approved' });
    const body = await refused(() => submit(deal.post.owner, review(deal, { rating: 1 })), 409, reviewErrors.alreadyModerated);
    expect(body.errors).toEqual({ base: ['This review has already been moderated.'] });
    // The same choice again changes nothing.
    const before = await t.eventCount();
    expect((await moderate(t.admin, reviewId, 'approved')).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });
});

describe("a provider's reviews", () => {
  let rated: TestProvider;
  const comments = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];
  beforeAll(async () => {
    rated = await provider(t);
    // Seven customers' reviews, written as the product writes them (the deals themselves are covered above): ratings
    // 5,4,5,3,5,2 approved and one rejected 1.
    const ratings = [5, 4, 5, 3, 5, 2, 1];
    let last = null;
    for (const [i, rating] of ratings.entries()) {
      const customer = await t.createUser({ userType: 'customer', firstName: `Jane${'abcdefg'[i]}` });
      const postId = randomIds.uuid();
      const reviewId = reviewIdOf(postId, rated.id, customer.id);
      const context = { userId: customer.id, correlationId: 'test', causationId: null, now: new Date(Date.now() + i * 1000) };
      const facts = { post_id: postId, post_owner_id: customer.id, provider_had_deal: true };
      const sent = await handleCommand({
        store: t.store,
        ids: randomIds,
        streamId: reviewStream(reviewId),
        decider: reviewDecider,
        command: { type: 'SubmitReview', data: { review_id: reviewId, fsp_id: rated.id, customer_id: customer.id, facts, review: { rating, description: comments[i] } }, metadata: { actor: { user_id: customer.id, admin: false }, now: context.now.toISOString() } },
        context,
      });
      if (!sent.ok) throw new Error(sent.error.message);
      const status = i === 6 ? 'rejected' : 'approved';
      const done = await handleCommand({
        store: t.store,
        ids: randomIds,
        streamId: reviewStream(reviewId),
        decider: reviewDecider,
        command: { type: 'ModerateReview', data: { review_id: reviewId, status }, metadata: { actor: { user_id: t.admin.id, admin: true }, now: context.now.toISOString() } },
        context: { ...context, userId: t.admin.id },
      });
      if (!done.ok) throw new Error(done.error.message);
      last = done.position;
    }
    if (last) await waitForProjections(t.database.db, ['reviews'], last, { timeoutMs: 30_000 });
  }, 300_000);

  const reviewsOf = (user: TestUser, query = '') => t.app.inject(as(user, { method: 'GET', url: `/v1/fsps/${rated.id}/reviews${query}` }));

  it('are the approved ones, 5 per page, newest first, with their count and average', async () => {
    const first = await reviewsOf(rated);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total_records: 6, average_rating: 4 });
    expect(first.json().result.map((r: { description: string }) => r.description)).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
    const second = await reviewsOf(rated, '?page=2');
    expect(second.json().result.map((r: { description: string }) => r.description)).toEqual(['One']);
    expect(second.json().result[0]).toMatchObject({ rating: 5, customer_name: expect.stringMatching(/^Janea [A-Z]\.$/) });
  });

  it('are read by the provider itself, customers and admins; not by other providers nor anonymous callers', async () => {
    expect((await reviewsOf(otherCustomer)).statusCode).toBe(200);
    expect((await reviewsOf(t.admin)).statusCode).toBe(200);
    await refused(() => reviewsOf(stranger), 403, 'FORBIDDEN');
    await refused(() => t.app.inject({ method: 'GET', url: `/v1/fsps/${rated.id}/reviews` }), 401, 'TOKEN_INVALID');
    expect((await t.app.inject(as(t.admin, { method: 'GET', url: `/v1/fsps/${otherCustomer.id}/reviews` }))).statusCode).toBe(404);
  });

  it('come with the provider’s profile (include=reviews)', async () => {
    const profile = await t.app.inject(as(rated, { method: 'GET', url: `/v1/users/${rated.id}?include=reviews` }));
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().reviews).toHaveLength(6);
    expect(profile.json().reviews[0]).toMatchObject({ fsp_uuid: rated.id, status: 'approved', rating: 2, description: 'Six' });
  });

  it('with rating 5 are public without log-in, showing no personal data but the first name and an initial', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/reviews/public?count=50' });
    expect(response.statusCode, response.body).toBe(200);
    const mine = response.json().result.filter((r: { fsp_uuid: string }) => r.fsp_uuid === rated.id);
    expect(mine.map((r: { description: string }) => r.description)).toEqual(['Five', 'Three', 'One']);
    expect(response.json().result.every((r: { rating: number }) => r.rating === 5)).toBe(true);
    for (const r of mine) expect(Object.keys(r).sort()).toEqual(['created_at', 'customer_name', 'description', 'fsp_uuid', 'organisation_name', 'rating', 'uuid']);
    expect(response.body).not.toMatch(/Customer [a-z]+|@test\.example|customer_uuid/);
  });
});

describe('personal data', () => {
  it('erases the comment and the name with the customer; the review stays listed for moderation', async () => {
    const d = await openDeal(t);
    const sent = await submit(d.post.owner, review(d, { description: 'Please forget me later.' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const erased = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${d.post.owner.id}` });
    expect(erased.statusCode, erased.body).toBe(204);
    await expect
      .poll(async () => (await t.asAdmin({ method: 'GET', url: `/v1/reviews?filter[post_uuid]=${d.post.postId}` })).json().result[0], { timeout: 30_000 })
      .toMatchObject({ uuid: sent.json().uuid, description: null, customer_name: null, rating: 5 });
  });

  it('keeps the comment encrypted in the stored events', async () => {
    const { rows } = await sql<{ data: string }>`select data::text as data from events where type in ('ReviewSubmitted', 'ReviewEdited')`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.data).not.toMatch(/Great rate|a little slow|"Six"/);
  });
});
