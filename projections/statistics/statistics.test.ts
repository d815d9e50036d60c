import { describe, expect, it } from 'vitest';
import { contributionOf } from './statistics';
import type { StatisticsDealsTable } from './tables';

// What a deal adds to the statistics' days (docs/statistics.md "The projection"): its stage on its opening day, and
// once settled its value on the closed won activity's date.

describe('a deal’s contribution', () => {
  it('counts an open deal in its stage on the day it opened', () => {
    expect(contributionOf(deal('contacted', [accept, contact]))).toEqual([{ day: '2026-11-02', deltas: { deals_contacted: 1 } }]);
  });

  it('adds a settled deal’s closed won value on the closed won date', () => {
    expect(contributionOf(deal('closed_won', [accept, contact, application, won]))).toEqual([
      { day: '2026-11-02', deltas: { deals_closed_won: 1 } },
      { day: '2026-11-20', deltas: { settled_count: 1, settled_volume: 435_000 } },
    ]);
  });

  it('values a settlement as the deal page does: the latest closed won amount, else the loan amount', () => {
    const noAmount = { ...won, amount: null };
    expect(contributionOf(deal('closed_won', [accept, contact, application, noAmount]))[1]!.deltas.settled_volume).toBe(450_000);
    expect(contributionOf(deal('closed_won', [accept, contact, application, won, { ...won, activity_id: 'a5', amount: 430_000, deleted: true }]))[1]!.deltas.settled_volume).toBe(435_000);
  });
});

const activity = (activity_id: string, activity_type: StatisticsDealsTable['activities'][number]['activity_type'], amount: number | null, activity_date: string) => ({
  activity_id,
  activity_type,
  amount,
  activity_date,
  deleted: false,
});
const accept = activity('a1', 'accept', null, '2026-11-02');
const contact = activity('a2', 'contact', null, '2026-11-05');
const application = activity('a3', 'application', 440_000, '2026-11-10');
const won = activity('a4', 'closed_won', 435_000, '2026-11-20');

function deal(stage: StatisticsDealsTable['stage'], activities: StatisticsDealsTable['activities']): StatisticsDealsTable {
  return { deal_id: 'd1', post_id: 'p1', external: false, opened_day: '2026-11-02', loan_amount: 450_000, stage, activities };
}
