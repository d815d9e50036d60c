import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DealActivity, DealEvent } from '../../domain/deal/events';
import { defaultContactPreference, type DealActivityType, dealActivityTypes, notProceedingReasons } from '../../domain/deal/schemas';
import { type DealStage, dealStages } from '../../domain/deal/stages';
import { userSubject } from '../../domain/user/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { cutAt, recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { dealsProjection } from './deals';

// The deals projection applies a batch set-based (projections/batch-rows.ts): any deal history, applied one event at
// a time as a running product does and in batches cut anywhere as a rebuild does, leaves the same deals, activities
// and deal_counts.

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DEALS = [0, 1, 2].map((n) => id(1, n));
const POSTS = [0, 1].map((n) => id(2, n));
const PROVIDERS = [0, 1].map((n) => id(3, n));
const dealOf = (deal: number) => ({ deal_id: DEALS[deal]!, provider_id: PROVIDERS[deal % 2]!, customer_id: id(4, 0) });

type Figures = { amount: number | null; date: number; reason: number };
type Action =
  | { kind: 'open'; deal: number }
  | ({ kind: 'add'; deal: number; type: DealActivityType; stage: DealStage } & Figures)
  | ({ kind: 'edit'; pick: number } & Figures)
  | { kind: 'delete'; pick: number; stage: DealStage }
  | { kind: 'contact-preference'; deal: number; days: number }
  | { kind: 'delete-post'; post: number }
  | { kind: 'erase'; provider: number };

const figures = {
  amount: fc.constantFrom(null, 400_000, 450_000),
  date: fc.integer({ min: 1, max: 4 }),
  reason: fc.integer({ min: 0, max: notProceedingReasons.length - 1 }),
};
const deal = fc.integer({ min: 0, max: DEALS.length - 1 });
const stage = fc.constantFrom(...dealStages);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), deal }),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), deal, type: fc.constantFrom(...dealActivityTypes), stage, ...figures }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), ...figures }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), stage }) },
  fc.record({ kind: fc.constant('contact-preference' as const), deal, days: fc.integer({ min: 1, max: 7 }) }),
  fc.record({ kind: fc.constant('delete-post' as const), post: fc.integer({ min: 0, max: POSTS.length - 1 }) }),
  fc.record({ kind: fc.constant('erase' as const), provider: fc.integer({ min: 0, max: PROVIDERS.length - 1 }) }),
);

/** The events of `actions`, after every deal's opening; a step naming no activity yet is left out. */
function historyOf(actions: readonly Action[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  const activities: { activity_id: string; deal: number }[] = [];
  const events: RecordedEvent[] = [];
  const at = () => `2026-11-21T10:${String(events.length).padStart(2, '0')}:00.000Z`;
  const onDeal = (n: number, event: DealEvent, subjects?: Record<string, string>) => {
    const stream = `deal-${DEALS[n]}`;
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    events.push(recorded(stream, revision, event, at(), { personalSubjects: subjects }));
  };
  const activity = (n: number, type: DealActivityType, f: Figures): DealActivity => {
    const activity_id = id(5, activities.length);
    activities.push({ activity_id, deal: n });
    const date = `2026-11-0${f.date}`;
    const reason = type === 'closed_lost' ? notProceedingReasons[f.reason]! : null;
    return { activity_id, activity_type: type, amount: f.amount, description: `note ${activities.length}`, activity_date: date, settled_lender: null, reason, created_by: PROVIDERS[n % 2]!, created_at: at() };
  };
  const sealed = (n: number, path: string) => ({ [path]: userSubject(PROVIDERS[n % 2]!) });
  const opening = DEALS.map((_, n): Action => ({ kind: 'open', deal: n }));
  for (const a of [...opening, ...actions]) {
    switch (a.kind) {
      case 'open':
        onDeal(
          a.deal,
          {
            type: 'DealOpened',
            data: {
              ...dealOf(a.deal),
              bid_id: id(6, a.deal),
              post_id: POSTS[a.deal % 2]!,
              organisation_id: id(7, a.deal % 2),
              loan_amount: 500_000,
              contact_preference: defaultContactPreference,
              external: a.deal === 2,
              activity: activity(a.deal, 'accept', { amount: null, date: 1, reason: 0 }),
              stage: 'accepted',
            },
          },
          sealed(a.deal, 'activity.description'),
        );
        break;
      case 'add':
        onDeal(a.deal, { type: 'DealActivityAdded', data: { ...dealOf(a.deal), activity: activity(a.deal, a.type, a), stage: a.stage } }, sealed(a.deal, 'activity.description'));
        break;
      case 'edit': {
        const target = activities[a.pick % activities.length]!;
        const data = {
          ...dealOf(target.deal),
          activity_id: target.activity_id,
          amount: a.amount,
          description: `edited ${events.length}`,
          activity_date: `2026-11-0${a.date}`,
          settled_lender: a.amount === null ? null : 'Lender',
          reason: notProceedingReasons[a.reason]!,
          edited_by: PROVIDERS[target.deal % 2]!,
          edited_at: at(),
        };
        onDeal(target.deal, { type: 'DealActivityEdited', data }, sealed(target.deal, 'description'));
        break;
      }
      case 'delete': {
        const target = activities[a.pick % activities.length]!;
        const data = { ...dealOf(target.deal), activity_id: target.activity_id, deleted_by: PROVIDERS[target.deal % 2]!, deleted_at: at(), stage: a.stage };
        onDeal(target.deal, { type: 'DealActivityDeleted', data });
        break;
      }
      case 'contact-preference': {
        const contact_preference = { ...defaultContactPreference, weekdays: defaultContactPreference.weekdays.slice(0, a.days) };
        onDeal(a.deal, { type: 'DealContactPreferenceChanged', data: { ...dealOf(a.deal), contact_preference, changed_by: id(4, 0), changed_at: at() } });
        break;
      }
      case 'delete-post':
        events.push(recorded(`post-${POSTS[a.post]}`, 0, { type: 'PostDeleted', data: { post_id: POSTS[a.post], deleted_by: id(4, 0) } }, at()));
        break;
      case 'erase':
        events.push(recorded(`user-${PROVIDERS[a.provider]}`, 0, { type: 'UserDeleted', data: { user_id: PROVIDERS[a.provider] } }, at()));
        break;
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

it('any deal history gives the same rows one event at a time, in one batch and in batches cut anywhere', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { maxLength: 40 }), fc.array(fc.nat(45), { maxLength: 4 }), async (actions, cuts) => {
      const events = historyOf(actions);
      const oneByOne = await rowsAfterBatches(database.db, dealsProjection, events.map((event) => [event]));
      // The comparison has rows to compare: every history opens the deals.
      expect(oneByOne.deals).toHaveLength(DEALS.length);
      expect(await rowsAfterBatches(database.db, dealsProjection, [events])).toEqual(oneByOne);
      expect(await rowsAfterBatches(database.db, dealsProjection, cutAt(events, cuts))).toEqual(oneByOne);
    }),
    { numRuns: 20 },
  );
}, 120_000);
