import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bidLimits } from '../bid/schemas';
import { required } from '../shared/messages';
import { type AutoBidImprovementCommand, type AutoBidImprovementEvent, autoBidImprovementsDecider, type AutoBidImprovementsState } from './auto-bid-improvements';
import { type AutoBidImprovement, decideImprovementSetting, improvementCountLimits, improvementMessages, improvementStepLimits, nextImprovement } from './improvement';
import { toHundredths } from './modifiers';

// Floor and step (docs/auto-bidding.md "Floor and step"): the setting's checks, the next rate, the floor clamp and
// the count limit, and the improvements stream's exactly-once rules.

const setting: AutoBidImprovement = { floor_comparison_rate: 5.9, step: 0.05, max_improvements_per_post: 3 };
const NOW = '2026-11-29T03:00:00.000Z';

describe('the setting', () => {
  const decide = (improvement: unknown, current: AutoBidImprovement | null = null, templateRate = 6.35) => decideImprovementSetting(current, { template_id: 't', improvement }, templateRate, 'u', NOW);

  it('records a valid setting, nothing when unchanged, and a clearing', () => {
    expect(decide(setting)).toEqual({ ok: true, events: [{ type: 'AutoBidImprovementSet', data: { template_id: 't', improvement: setting, set_by: 'u', set_at: NOW } }] });
    expect(decide({ ...setting }, setting)).toEqual({ ok: true, events: [] });
    expect(decide(null, setting)).toMatchObject({ ok: true, events: [{ data: { improvement: null } }] });
    expect(decide(null, null)).toEqual({ ok: true, events: [] });
  });

  it('answers each wrong field under improvement.<field> with a clear message', () => {
    expect(decide({ ...setting, floor_comparison_rate: 6.35 })).toEqual({ ok: false, errors: { 'improvement.floor_comparison_rate': [improvementMessages.floorBelowRate(6.35)] } });
    expect(decide({ ...setting, floor_comparison_rate: 1.49 })).toEqual({ ok: false, errors: { 'improvement.floor_comparison_rate': [improvementMessages.floorMin] } });
    expect(decide({ ...setting, floor_comparison_rate: 5.555 })).toEqual({ ok: false, errors: { 'improvement.floor_comparison_rate': [improvementMessages.twoDecimals] } });
    expect(decide({ ...setting, step: 0 })).toEqual({ ok: false, errors: { 'improvement.step': [improvementMessages.step] } });
    expect(decide({ ...setting, step: 0.51 })).toEqual({ ok: false, errors: { 'improvement.step': [improvementMessages.step] } });
    expect(decide({ ...setting, max_improvements_per_post: 11 })).toEqual({ ok: false, errors: { 'improvement.max_improvements_per_post': [improvementMessages.count] } });
    expect(decide({ ...setting, max_improvements_per_post: 1.5 })).toMatchObject({ ok: false, errors: { 'improvement.max_improvements_per_post': ['Should be a whole number'] } });
    expect(decide({ floor_comparison_rate: 5 })).toMatchObject({ ok: false, errors: { 'improvement.step': [required], 'improvement.max_improvements_per_post': [required] } });
    expect(decide({ ...setting, extra: 1 })).toMatchObject({ ok: false });
  });

  it('takes the limits at their ends', () => {
    expect(decide({ floor_comparison_rate: bidLimits.rate.min, step: improvementStepLimits.min, max_improvements_per_post: improvementCountLimits.min })).toMatchObject({ ok: true });
    expect(decide({ floor_comparison_rate: 6.34, step: improvementStepLimits.max, max_improvements_per_post: improvementCountLimits.max })).toMatchObject({ ok: true });
  });
});

describe('the next improvement', () => {
  it('lowers both rates by one step', () => {
    expect(nextImprovement({ interest_rate: 6.2, comparison_rate: 6.35 }, setting, 0)).toEqual({ improves: true, to: { interest_rate: 6.15, comparison_rate: 6.3 } });
  });

  it('cuts the last step to land on the floor, and stops there', () => {
    expect(nextImprovement({ interest_rate: 5.8, comparison_rate: 5.93 }, setting, 1)).toEqual({ improves: true, to: { interest_rate: 5.77, comparison_rate: 5.9 } });
    expect(nextImprovement({ interest_rate: 5.77, comparison_rate: 5.9 }, setting, 2)).toEqual({ improves: false, reason: 'at_floor' });
    expect(nextImprovement({ interest_rate: 5.5, comparison_rate: 5.6 }, setting, 0)).toEqual({ improves: false, reason: 'at_floor' });
  });

  it('keeps the interest rate within the bid form’s bounds', () => {
    expect(nextImprovement({ interest_rate: 1.52, comparison_rate: 3 }, { ...setting, floor_comparison_rate: 1.5 }, 0)).toEqual({ improves: true, to: { interest_rate: 1.5, comparison_rate: 2.98 } });
    expect(nextImprovement({ interest_rate: 1.5, comparison_rate: 3 }, { ...setting, floor_comparison_rate: 1.5 }, 0)).toEqual({ improves: false, reason: 'at_floor' });
  });

  it('stops after the set number of improvements', () => {
    expect(nextImprovement({ interest_rate: 6.2, comparison_rate: 6.35 }, setting, 3)).toEqual({ improves: false, reason: 'max_reached' });
  });
});

const rate = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);
const arbitrarySetting = fc.record({ floor_comparison_rate: rate(1.5, 10), step: rate(improvementStepLimits.min, improvementStepLimits.max), max_improvements_per_post: fc.integer({ min: 1, max: 10 }) });

/** The improvements stream, fed `beats` beating events in turn (each one new, then each replayed), from `start`. */
function runStream(start: { interest_rate: number; comparison_rate: number }, chosen: AutoBidImprovement, beats: number) {
  let state: AutoBidImprovementsState = autoBidImprovementsDecider.initialState();
  let current = start;
  const events: AutoBidImprovementEvent[] = [];
  const improveOn = (cause: string): AutoBidImprovementCommand => ({
    type: 'ImproveAutoBid',
    data: { bid_id: 'b', post_id: 'p', template_id: 't', setting: chosen, beaten_by_bid_id: 'x', beaten_by_comparison_rate: 1.5, cause_event_id: cause, current, now: NOW },
  });
  for (let beat = 0; beat < beats; beat++) {
    for (const cause of [`beat-${beat}`, `beat-${beat}`]) {
      const decision = autoBidImprovementsDecider.decide(improveOn(cause), state);
      if (!decision.ok) throw new Error(decision.error.message);
      for (const event of decision.events) {
        state = autoBidImprovementsDecider.evolve(state, event);
        events.push(event);
        if (event.type === 'AutoBidImproved') current = event.data.to;
      }
    }
  }
  return { events, current, state };
}

describe('the improvements of one auto-bid (property)', () => {
  it('never go below the floor, never more often than the maximum, one step per beating event, however often it is met', () => {
    fc.assert(
      fc.property(rate(1.5, 15), rate(0, 2), arbitrarySetting, fc.integer({ min: 0, max: 25 }), (comparison, margin, chosen, beats) => {
        const start = { interest_rate: Math.max(1.5, (toHundredths(comparison) - toHundredths(margin)) / 100), comparison_rate: comparison };
        const { events, current } = runStream(start, chosen, beats);
        expect(events.length).toBeLessThanOrEqual(Math.min(beats, chosen.max_improvements_per_post));
        let previous = start.comparison_rate;
        for (const [index, event] of events.entries()) {
          if (event.type !== 'AutoBidImproved') throw new Error('only improvements here');
          expect(event.data.number).toBe(index + 1);
          expect(event.data.from.comparison_rate).toBe(previous);
          const down = toHundredths(event.data.from.comparison_rate) - toHundredths(event.data.to.comparison_rate);
          expect(down).toBeGreaterThan(0);
          expect(down).toBeLessThanOrEqual(toHundredths(chosen.step));
          expect(toHundredths(event.data.from.interest_rate) - toHundredths(event.data.to.interest_rate)).toBe(down);
          previous = event.data.to.comparison_rate;
        }
        // Above the floor at the start: never below it. At or below it: never improved.
        if (toHundredths(start.comparison_rate) <= toHundredths(chosen.floor_comparison_rate)) expect(events).toEqual([]);
        else expect(toHundredths(current.comparison_rate)).toBeGreaterThanOrEqual(toHundredths(chosen.floor_comparison_rate));
        expect(toHundredths(current.interest_rate)).toBeGreaterThanOrEqual(toHundredths(bidLimits.rate.min));
      }),
    );
  });

  it('a refused edit does not count, and is recorded once', () => {
    const { state } = runStream({ interest_rate: 6.2, comparison_rate: 6.35 }, { ...setting, max_improvements_per_post: 1 }, 1);
    expect(state.improved).toBe(1);
    const refuse: AutoBidImprovementCommand = { type: 'RefuseAutoBidImprovement', data: { bid_id: 'b', number: 1, code: 'BID_NOT_EDITABLE', message: 'closed', now: NOW } };
    const refused = autoBidImprovementsDecider.decide(refuse, state);
    expect(refused).toMatchObject({ ok: true, events: [{ type: 'AutoBidImprovementRefused', data: { number: 1 } }] });
    const after = autoBidImprovementsDecider.evolve(state, (refused as { events: AutoBidImprovementEvent[] }).events[0]!);
    expect(after).toMatchObject({ numbered: 1, improved: 0, last: { refused: true } });
    expect(autoBidImprovementsDecider.decide(refuse, after)).toEqual({ ok: true, events: [] });
    // The next beating event numbers its improvement 2: ids derive from the number, so none is reused.
    const next = autoBidImprovementsDecider.decide(
      { type: 'ImproveAutoBid', data: { bid_id: 'b', post_id: 'p', template_id: 't', setting, beaten_by_bid_id: 'y', beaten_by_comparison_rate: 5, cause_event_id: 'another', current: { interest_rate: 6.2, comparison_rate: 6.35 }, now: NOW } },
      after,
    );
    expect(next).toMatchObject({ ok: true, events: [{ type: 'AutoBidImproved', data: { number: 2 } }] });
  });
});
