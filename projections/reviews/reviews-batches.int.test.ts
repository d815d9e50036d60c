import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReviewEvent } from '../../domain/review/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { cutAt, recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { reviewsProjection } from './reviews';

// The reviews projection applies a batch set-based (projections/batch-rows.ts): any review history, applied one
// event at a time as a running product does and in batches cut anywhere as a rebuild does, leaves the same rows.

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const REVIEWS = [0, 1, 2, 3].map((n) => id(1, n));
const POSTS = [0, 1].map((n) => id(2, n));
const PROVIDERS = [0, 1].map((n) => id(3, n));
const CUSTOMERS = [0, 1].map((n) => id(4, n));
/** Review n: on post n % 2, of provider ⌊n / 2⌋, by customer n % 2 (so a post, a provider and a customer have several). */
const refOf = (n: number) => ({ review_id: REVIEWS[n]!, fsp_id: PROVIDERS[Math.floor(n / 2)]!, customer_id: CUSTOMERS[n % 2]! });

type Action =
  | { kind: 'submit'; review: number; rating: number }
  | { kind: 'edit'; review: number; rating: number }
  | { kind: 'moderate'; review: number; approved: boolean }
  | { kind: 'delete-post'; post: number }
  | { kind: 'erase'; user: number; provider: boolean };

const review = fc.integer({ min: 0, max: REVIEWS.length - 1 });
const rating = fc.integer({ min: 1, max: 5 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('submit' as const), review, rating }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), review, rating }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('moderate' as const), review, approved: fc.boolean() }) },
  fc.record({ kind: fc.constant('delete-post' as const), post: fc.integer({ min: 0, max: POSTS.length - 1 }) }),
  fc.record({ kind: fc.constant('erase' as const), user: fc.integer({ min: 0, max: 1 }), provider: fc.boolean() }),
);

/** The events of `actions`, after the first review's submission (a review submitted twice is a replay). */
function historyOf(actions: readonly Action[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  const events: RecordedEvent[] = [];
  const at = () => `2026-11-21T10:${String(events.length).padStart(2, '0')}:00.000Z`;
  const onReview = (n: number, event: ReviewEvent) => {
    const stream = `review-${REVIEWS[n]}`;
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    events.push(recorded(stream, revision, event, at()));
  };
  for (const a of [{ kind: 'submit', review: 0, rating: 5 } as const, ...actions]) {
    switch (a.kind) {
      case 'submit': {
        const data = { ...refOf(a.review), post_id: POSTS[a.review % 2]!, rating: a.rating, description: `review ${events.length}`, status: 'pending' as const };
        onReview(a.review, { type: 'ReviewSubmitted', data: { ...data, submitted_by: data.customer_id, on_behalf: false, submitted_at: at() } });
        break;
      }
      case 'edit':
        onReview(a.review, { type: 'ReviewEdited', data: { ...refOf(a.review), rating: a.rating, description: `edited ${events.length}`, edited_by: refOf(a.review).customer_id, edited_at: at() } });
        break;
      case 'moderate':
        onReview(a.review, { type: 'ReviewModerated', data: { ...refOf(a.review), status: a.approved ? 'approved' : 'rejected', moderated_by: id(5, 0), moderated_at: at() } });
        break;
      case 'delete-post':
        events.push(recorded(`post-${POSTS[a.post]}`, 0, { type: 'PostDeleted', data: { post_id: POSTS[a.post], deleted_by: id(5, 0) } }, at()));
        break;
      case 'erase': {
        const user_id = (a.provider ? PROVIDERS : CUSTOMERS)[a.user]!;
        events.push(recorded(`user-${user_id}`, 0, { type: 'UserDeleted', data: { user_id } }, at()));
        break;
      }
    }
  }
  return events;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('any review history gives the same rows one event at a time, in one batch and in batches cut anywhere', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { maxLength: 30 }), fc.array(fc.nat(32), { maxLength: 4 }), async (actions, cuts) => {
      const events = historyOf(actions);
      const oneByOne = await rowsAfterBatches(database.db, reviewsProjection, events.map((event) => [event]));
      // The comparison has rows to compare: every history submits a review.
      expect(oneByOne.reviews!.length).toBeGreaterThan(0);
      expect(await rowsAfterBatches(database.db, reviewsProjection, [events])).toEqual(oneByOne);
      expect(await rowsAfterBatches(database.db, reviewsProjection, cutAt(events, cuts))).toEqual(oneByOne);
    }),
    { numRuns: 20 },
  );
}, 120_000);
