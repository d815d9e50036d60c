import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../domain/post/lifecycle';
import { postHelpers, type PostSession } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost } from '../support/trade';
import type { TestUser } from '../support/users';
import { readModelsCaughtUp } from '../support/test-database';

// The post's operations after publishing (spec 1 §2 "Admin actions", §4; docs/post-lifecycle.md) on
// PATCH /v2/posts/{id}: who may run each, the spec's failure texts, the limits from the system configurations,
// nothing written on a refusal, and a deleted post gone from every list.

let t: TestApp;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  stranger = await t.createUser({ userType: 'customer' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const { call } = postHelpers(() => t);
const operate = (who: PostSession, postId: string, operation: string) => call(who, 'PATCH', `/v2/posts/${postId}`, { operation });

/** Refused with `status` (and `detail` when given); the store holds no new event. */
async function refused(who: PostSession, postId: string, operation: string, status: number, detail?: string) {
  const before = await t.eventCount();
  const response = await operate(who, postId, operation);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (detail) expect(response.json().detail).toBe(detail);
  expect(await t.eventCount()).toBe(before);
  return response;
}

async function done(who: PostSession, postId: string, operation: string) {
  const response = await operate(who, postId, operation);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The posts read model's row, once it holds every event written so far. */
async function row(postId: string) {
  await readModelsCaughtUp(t.database.db, ['posts']);
  const { rows } = await sql<Record<string, unknown>>`select * from posts where uuid = ${postId}`.execute(t.database.db);
  return rows[0];
}

describe('end_bidding_period', () => {
  it('the owner ends bidding early: review starts now and keeps its length', async () => {
    const { postId, owner } = await activePost(t);
    await refused(owner, postId, 'noop', 422);
    const started = Date.now();
    const view = await done(owner, postId, 'end_bidding_period');
    expect(view.status).toBe('review');
    expect(Date.parse(view.bidding_period_expiry_on)).toBeGreaterThanOrEqual(started - 1000);
    // The review period (2 days by default) starts when bidding ends.
    expect(Date.parse(view.review_bids_on) - Date.parse(view.bidding_period_expiry_on)).toBe(2 * 86_400_000);
    expect(await row(postId)).toMatchObject({ status: 'review' });
    await refused(owner, postId, 'end_bidding_period', 409);
  });

  it('an admin may end it; another customer gets 404 and a provider 403', async () => {
    const { postId } = await activePost(t);
    await refused(stranger, postId, 'end_bidding_period', 404);
    const fsp = await t.createUser({ userType: 'fsp' });
    await refused(fsp, postId, 'end_bidding_period', 403);
    expect((await done(t.admin, postId, 'end_bidding_period')).status).toBe('review');
  });
});

describe('promote_as_priority and remove_priority', () => {
  it('are an admin’s: the owner is refused, the admin toggles the flag', async () => {
    const { postId, owner } = await activePost(t);
    await refused(owner, postId, 'promote_as_priority', 403);
    expect((await done(t.admin, postId, 'promote_as_priority')).prioritised).toBe(true);
    expect(await row(postId)).toMatchObject({ prioritised: true });
    // Asking again for the priority it has changes nothing.
    const before = await t.eventCount();
    expect((await done(t.admin, postId, 'promote_as_priority')).prioritised).toBe(true);
    expect(await t.eventCount()).toBe(before);
    expect((await done(t.admin, postId, 'remove_priority')).prioritised).toBe(false);
    expect(await row(postId)).toMatchObject({ prioritised: false });
  });
});

describe('extend_review_period', () => {
  it('moves review_bids_on by the configured days, up to the configured limit', async () => {
    const { postId, owner } = await activePost(t);
    const reviewed = await done(owner, postId, 'end_bidding_period');
    const extended = await done(owner, postId, 'extend_review_period');
    expect(Date.parse(extended.review_bids_on) - Date.parse(reviewed.review_bids_on)).toBe(2 * 86_400_000);
    expect(extended.review_extensions).toBe(1);
    expect(await row(postId)).toMatchObject({ review_extensions: 1 });
    // max_review_period_extensions is 1 by default.
    await refused(owner, postId, 'extend_review_period', 422, lifecycleMessages.extensionLimit);
    await refused(t.admin, postId, 'extend_review_period', 422, lifecycleMessages.extensionLimit);
  });

  it('follows the system configuration', async () => {
    const changed = await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'review_period_extension_days', value: 5 } } });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const { postId } = await activePost(t);
      const before = await done(t.admin, postId, 'end_bidding_period');
      const extended = await done(t.admin, postId, 'extend_review_period');
      expect(Date.parse(extended.review_bids_on) - Date.parse(before.review_bids_on)).toBe(5 * 86_400_000);
    } finally {
      await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'review_period_extension_days', value: 2 } } });
    }
  });
});

describe('cancel_automatic_selection', () => {
  it('turns Auto-Declare off once; the second time answers the spec’s text', async () => {
    const { postId, owner } = await activePost(t);
    expect(await row(postId)).toMatchObject({ auto_accept: true });
    expect((await done(owner, postId, 'cancel_automatic_selection')).auto_accept).toBe(false);
    expect(await row(postId)).toMatchObject({ auto_accept: false });
    await refused(owner, postId, 'cancel_automatic_selection', 422, lifecycleMessages.automaticSelectionCancelled);
    await refused(stranger, postId, 'cancel_automatic_selection', 404);
  });
});

describe('close', () => {
  it('an admin closes a post without a winning bid: Not Proceeding; nothing else can happen to it', async () => {
    const { postId, owner } = await activePost(t);
    await refused(owner, postId, 'close', 403);
    expect((await done(t.admin, postId, 'close')).status).toBe('closed_lost');
    expect(await row(postId)).toMatchObject({ status: 'closed_lost' });
    await refused(t.admin, postId, 'close', 409);
    await refused(owner, postId, 'end_bidding_period', 409);
    // Cancelling follows the lifecycle: not once the post has ended.
    const before = await t.eventCount();
    const cancel = await call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'cancel', reason: 'Found a better deal' });
    expect(cancel.statusCode).toBe(409);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('delete', () => {
  it('is an admin’s: the post disappears from the owner’s list and every call answers 404', async () => {
    const { postId, owner } = await activePost(t);
    await refused(owner, postId, 'delete', 403);
    const deleted = await operate(t.admin, postId, 'delete');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await row(postId)).toMatchObject({ deleted: true });
    expect((await call(owner, 'GET', `/v4/posts/${postId}`)).statusCode).toBe(404);
    expect((await call(t.admin, 'GET', `/v4/posts/${postId}`)).statusCode).toBe(404);
    const list = await call(owner, 'GET', '/v1/users/posts');
    expect(list.json().result.map((p: { uuid: string }) => p.uuid)).not.toContain(postId);
    await refused(t.admin, postId, 'delete', 404);
    await refused(owner, postId, 'end_bidding_period', 404);
  });
});

describe('the read model', () => {
  it('follows the post sort order and starts a new post with its lifecycle defaults', async () => {
    const { postId, owner } = await activePost(t);
    expect(await row(postId)).toMatchObject({ sort_by: 'comparison_rate', prioritised: false, auto_accept: true, review_extensions: 0, winning_bid_id: null, deleted: false, expiration_date: null });
    const sorted = await call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'set_sort', sort_by: 'interest_rate' });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(await row(postId)).toMatchObject({ sort_by: 'interest_rate' });
  });
});
