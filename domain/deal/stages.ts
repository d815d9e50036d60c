import type { DealActivityType } from './schemas';

// The deal's stage and the steps between stages (spec 1 §2 "Deals": the board columns accepted, contacted, applied,
// closed won and on hold, and a lost view). A deal moves one step at a time along accepted → contacted → applied →
// closed_won; it may be closed lost (with a reason) or put on hold from any open stage; a held deal comes back by
// recording again the step it was held at (not `accept`) or the next one, or is closed lost. Closed deals take
// no further step, only notes. The stage is a fold of the activities, so deleting the latest step steps back.

export const dealStages = ['accepted', 'contacted', 'applied', 'closed_won', 'closed_lost', 'on_hold'] as const;
export type DealStage = (typeof dealStages)[number];
export type ClosedStage = 'closed_won' | 'closed_lost';
/** The stages a deal can be held at. */
export type ActiveStage = 'accepted' | 'contacted' | 'applied';

/** The board's columns in order; closed_lost deals are in the separate lost view. */
export const dealBoardColumns = ['accepted', 'contacted', 'applied', 'closed_won', 'on_hold'] as const satisfies readonly DealStage[];

/** Where a deal stands: `held_from` is the stage it was put on hold at. */
export type DealPosition = { stage: Exclude<DealStage, 'on_hold'>; held_from: null } | { stage: 'on_hold'; held_from: ActiveStage };

export const openingPosition: DealPosition = { stage: 'accepted', held_from: null };

export const isClosedStage = (stage: DealStage): stage is ClosedStage => stage === 'closed_won' || stage === 'closed_lost';

/** The activities that move a deal. */
export const stepActivityTypes = ['contact', 'application', 'closed_won', 'on_hold', 'closed_lost'] as const satisfies readonly DealActivityType[];
export type StepActivityType = (typeof stepActivityTypes)[number];
export const isStepActivity = (type: DealActivityType): type is StepActivityType => (stepActivityTypes as readonly string[]).includes(type);

const forward: Record<ActiveStage, Exclude<DealStage, 'accepted' | 'on_hold' | 'closed_lost'>> = {
  accepted: 'contacted',
  contacted: 'applied',
  applied: 'closed_won',
};
const reachedBy: Record<Exclude<StepActivityType, 'on_hold' | 'closed_lost'>, Exclude<DealStage, 'accepted' | 'on_hold' | 'closed_lost'>> = {
  contact: 'contacted',
  application: 'applied',
  closed_won: 'closed_won',
};

/**
 * Where the deal stands after recording an activity of `type`, or null when the step is not allowed. A note leaves
 * the deal where it is, in any stage; `accept` and `external_created` only open a deal.
 */
export function nextPosition(position: DealPosition, type: DealActivityType): DealPosition | null {
  if (type === 'note') return position;
  if (type === 'accept' || type === 'external_created' || isClosedStage(position.stage)) return null;
  if (type === 'closed_lost') return { stage: 'closed_lost', held_from: null };
  if (type === 'on_hold') return position.stage === 'on_hold' ? null : { stage: 'on_hold', held_from: position.stage as ActiveStage };
  const target = reachedBy[type];
  const from = position.stage === 'on_hold' ? position.held_from : (position.stage as ActiveStage);
  const resumesAtHeldStage = position.stage === 'on_hold' && target === position.held_from;
  return forward[from] === target || resumesAtHeldStage ? { stage: target, held_from: null } : null;
}

/** The position after the activities in the order they were recorded (steps the graph refuses are skipped). */
export function positionOf(activities: readonly { activity_type: DealActivityType }[]): DealPosition {
  return activities.reduce((position, activity) => nextPosition(position, activity.activity_type) ?? position, openingPosition);
}

/** The activities a user may record now (the add-activity menu). */
export function allowedActivityTypes(position: DealPosition): DealActivityType[] {
  return (['contact', 'note', 'application', 'closed_won', 'closed_lost', 'on_hold'] as const).filter((type) => nextPosition(position, type) !== null);
}
