import type { FieldErrors } from '../post/schemas';
import { sydneyDay } from '../shared/sydney-time';

// A template's interactive matching (spec 3 §1, §4 "Interactive matching", §9; docs/bid-templates.md "Interactive
// matching"): whether the anonymous comparison tool may offer it, and until which day. The comparison tool's
// evaluation reads it (interactive-offers.ts, docs/bid-templates.md "Interactive matching: the evaluation").

/** spec 3 §4, §9: validity choices 1 to 7 days. */
export const interactiveMatchingValidity = { min: 1, max: 7 } as const;

export const interactiveMatchingMessages = {
  validFor: `Choose a validity from ${interactiveMatchingValidity.min} to ${interactiveMatchingValidity.max} days.`,
  validForOnlyWhenOn: 'A validity is chosen only when interactive matching is ticked on.',
} as const;

/** `expiration_date` is a Sydney calendar day, YYYY-MM-DD (spec 3 §4); both it and `valid_for` are null when off. */
export type InteractiveMatching = { enabled: boolean; valid_for: number | null; expiration_date: string | null };
export const initialInteractiveMatching = (): InteractiveMatching => ({ enabled: false, valid_for: null, expiration_date: null });

export type InteractiveMatchingSet = {
  type: 'InteractiveMatchingSet';
  data: { template_id: string; interactive_matching: boolean; valid_for: number | null; expiration_date: string | null; set_by: string; set_at: string };
};

export type InteractiveMatchingChange = {
  template_id: string;
  interactive_matching: boolean;
  /** 1 to 7 days when ticking on; absent takes `default_valid_for`. */
  valid_for?: number | null;
  /** The system configuration's interactive_matching_validity_days. */
  default_valid_for: number;
};

const DAY_MS = 86_400_000;

/**
 * spec 3 §4: ticking on sets the flag with a validity of 1 to 7 days and its expiry day; unticking clears both. An
 * unchanged tick off records nothing; ticking on again renews the expiry from today.
 */
export function decideInteractiveMatching(
  current: InteractiveMatching,
  change: InteractiveMatchingChange,
  actorId: string,
  now: string,
): { ok: true; events: InteractiveMatchingSet[] } | { ok: false; errors: FieldErrors } {
  const { template_id } = change;
  if (!change.interactive_matching) {
    if (change.valid_for !== undefined && change.valid_for !== null) return { ok: false, errors: { interactive_matching_valid_for: [interactiveMatchingMessages.validForOnlyWhenOn] } };
    if (!current.enabled && current.valid_for === null && current.expiration_date === null) return { ok: true, events: [] };
    return { ok: true, events: [{ type: 'InteractiveMatchingSet', data: { template_id, interactive_matching: false, valid_for: null, expiration_date: null, set_by: actorId, set_at: now } }] };
  }
  const valid_for = change.valid_for ?? change.default_valid_for;
  if (!Number.isInteger(valid_for) || valid_for < interactiveMatchingValidity.min || valid_for > interactiveMatchingValidity.max) {
    return { ok: false, errors: { interactive_matching_valid_for: [interactiveMatchingMessages.validFor] } };
  }
  const expiration_date = sydneyDay(new Date(Date.parse(now) + valid_for * DAY_MS));
  return { ok: true, events: [{ type: 'InteractiveMatchingSet', data: { template_id, interactive_matching: true, valid_for, expiration_date, set_by: actorId, set_at: now } }] };
}

export const interactiveMatchingAfter = (event: InteractiveMatchingSet): InteractiveMatching => ({
  enabled: event.data.interactive_matching,
  valid_for: event.data.valid_for,
  expiration_date: event.data.expiration_date,
});
