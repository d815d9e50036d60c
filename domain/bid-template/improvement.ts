import { z } from 'zod';
import { bidLimits, formatPercent } from '../bid/schemas';
import type { FieldErrors } from '../post/schemas';
import { numberField } from '../shared/fields';
import { toHundredths } from './modifiers';
import { maxMessage, notAWholeNumber } from '../shared/messages';

// Floor and step (issue 29 item 7, beyond the spec; docs/auto-bidding.md "Floor and step"): a template may carry the
// lowest comparison rate it will go to and a step. When another organisation's bid beats its auto-bid on a post, the
// auto-bid improves by one step, never below the floor, at most `max_improvements_per_post` times on that post.
// This file holds the setting (its schema, shared by the API and the screen, and its decision) and the pure
// improvement rule; the improvements of one auto-bid are their own stream (auto-bid-improvements.ts).

/** The step, in rate points: a hundredth at least (the rates' precision), half a point at most (a rail, not a plunge). */
export const improvementStepLimits = { min: 0.01, max: 0.5 } as const;
/** How often one auto-bid may improve on one post. */
export const improvementCountLimits = { min: 1, max: 10 } as const;
/** The floor is a comparison rate the bid form accepts: its lowest rate bound at least. */
export const improvementFloorLimits = bidLimits.rate;

export const improvementMessages = {
  floorBelowRate: (rate: number) => `The floor must be below the template's comparison rate (${formatPercent(rate)}).`,
  floorMin: `The floor must be at least ${formatPercent(improvementFloorLimits.min)} (the lowest rate a bid may offer).`,
  step: `Choose a step from ${formatPercent(improvementStepLimits.min)} to ${formatPercent(improvementStepLimits.max)}.`,
  count: `Choose from ${improvementCountLimits.min} to ${improvementCountLimits.max} improvements per post.`,
  twoDecimals: 'At most 2 decimals',
  notAllowed: 'You are not allowed to change the auto-bidding of this bid template.',
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

/** The setting as the API and the screen send it; null: the template never improves its auto-bids. */
export const autoBidImprovementSchema = z.strictObject({
  floor_comparison_rate: numberField()
    .min(improvementFloorLimits.min, improvementMessages.floorMin)
    .max(improvementFloorLimits.max, maxMessage(improvementFloorLimits.max))
    .refine(twoDecimals, improvementMessages.twoDecimals),
  step: numberField()
    .min(improvementStepLimits.min, improvementMessages.step)
    .max(improvementStepLimits.max, improvementMessages.step)
    .refine(twoDecimals, improvementMessages.twoDecimals),
  max_improvements_per_post: numberField()
    .int(notAWholeNumber)
    .min(improvementCountLimits.min, improvementMessages.count)
    .max(improvementCountLimits.max, improvementMessages.count),
});
export type AutoBidImprovement = z.output<typeof autoBidImprovementSchema>;

export type AutoBidImprovementSet = {
  type: 'AutoBidImprovementSet';
  data: { template_id: string; improvement: AutoBidImprovement | null; set_by: string; set_at: string };
};

/**
 * The setting's field errors under `improvement.<field>` (the API's 422 and the screen's form): the schema's, and a
 * floor that is not below the template's own comparison rate (else the first improvement would already be a rise).
 */
export function improvementErrors(input: unknown, templateComparisonRate: number): { ok: true; improvement: AutoBidImprovement } | { ok: false; errors: FieldErrors } {
  const parsed = autoBidImprovementSchema.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) (errors[['improvement', ...issue.path].join('.')] ??= []).push(issue.message);
  if (parsed.success && toHundredths(parsed.data.floor_comparison_rate) >= toHundredths(templateComparisonRate)) {
    errors['improvement.floor_comparison_rate'] = [improvementMessages.floorBelowRate(templateComparisonRate)];
  }
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, improvement: parsed.data } : { ok: false, errors };
}

/** Sets (checked by `improvementErrors`) or clears the floor and step; unchanged records nothing. */
export function decideImprovementSetting(
  current: AutoBidImprovement | null,
  change: { template_id: string; improvement: unknown },
  templateComparisonRate: number,
  actorId: string,
  now: string,
): { ok: true; events: AutoBidImprovementSet[] } | { ok: false; errors: FieldErrors } {
  const { template_id } = change;
  let improvement: AutoBidImprovement | null = null;
  if (change.improvement !== null) {
    const checked = improvementErrors(change.improvement, templateComparisonRate);
    if (!checked.ok) return checked;
    improvement = checked.improvement;
  }
  const same = JSON.stringify(current) === JSON.stringify(improvement);
  return { ok: true, events: same ? [] : [{ type: 'AutoBidImprovementSet', data: { template_id, improvement, set_by: actorId, set_at: now } }] };
}

export type BidRates = { interest_rate: number; comparison_rate: number };
export type ImprovementStep = { improves: true; to: BidRates } | { improves: false; reason: 'max_reached' | 'at_floor' };

/**
 * The next improvement of an auto-bid at `current` rates that has improved `improvementsSoFar` times on its post:
 * both rates lower by one step, the comparison rate never below the floor (the last step is cut to reach it exactly)
 * and the interest rate never below the bid form's lowest rate. Worked in hundredths, so 6.20 − 0.05 is 6.15 exactly.
 */
export function nextImprovement(current: BidRates, setting: AutoBidImprovement, improvementsSoFar: number): ImprovementStep {
  if (improvementsSoFar >= setting.max_improvements_per_post) return { improves: false, reason: 'max_reached' };
  const comparison = toHundredths(current.comparison_rate);
  const interest = toHundredths(current.interest_rate);
  const down = Math.min(toHundredths(setting.step), comparison - toHundredths(setting.floor_comparison_rate), interest - toHundredths(bidLimits.rate.min));
  if (down <= 0) return { improves: false, reason: 'at_floor' };
  return { improves: true, to: { interest_rate: (interest - down) / 100, comparison_rate: (comparison - down) / 100 } };
}
