import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import { currentYearAt } from '../post/decider';
import type { AddActivity, ChangeContactPreference, DealCommand, DealCommandMetadata, DeleteActivity, EditActivity, OpenDeal } from './commands';
import type { DealActivity, DealEvent, DealOpened } from './events';
import {
  activityRuleErrors,
  contactPreferenceSchema,
  dealActivityChangesSchema,
  dealActivityInputSchema,
  defaultContactPreference,
  type FieldErrors,
  fieldErrorsOf,
} from './schemas';
import { type DealPosition, isClosedStage, isStepActivity, nextPosition, positionOf } from './stages';
import { sydneyDay } from '../shared/sydney-time';

// The deal aggregate (spec 1 §2 "Deals", §4 "Deal activities", §5; spec 3 §5 "Activities and notes"). It holds the
// deal's facts from the accepted bid and its activities in the order recorded; the stage is a fold of them
// (./stages.ts), so the steps can never leave the graph.

type DealFacts = Omit<DealOpened['data'], 'activity' | 'stage'>;

export type DealState = { status: 'absent' } | { status: 'open' | 'closed'; deal: DealFacts; activities: readonly DealActivity[]; position: DealPosition };

/** A refusal; `errors` (field → messages) when the input breaks a field rule, answered as 422. */
export type DealError = DomainError & { errors?: FieldErrors };
export type DealDecision = { ok: true; events: DealEvent[] } | { ok: false; error: DealError };

export const dealErrors = {
  alreadyOpen: 'DEAL_ALREADY_OPEN',
  notFound: 'DEAL_NOT_FOUND',
  notYours: 'DEAL_NOT_YOURS',
  invalid: 'DEAL_ACTIVITY_INVALID',
  stepNotAllowed: 'DEAL_STEP_NOT_ALLOWED',
  activityExists: 'DEAL_ACTIVITY_EXISTS',
  activityNotFound: 'DEAL_ACTIVITY_NOT_FOUND',
  activityKept: 'DEAL_ACTIVITY_KEPT',
  notCustomer: 'DEAL_NOT_CUSTOMER',
  contactPreferenceInvalid: 'CONTACT_PREFERENCE_INVALID',
} as const;

const refuse = (code: string, message: string, errors?: FieldErrors): DealDecision => ({
  ok: false,
  error: { code, message, ...(errors ? { errors } : {}) },
});

const initialState = (): DealState => ({ status: 'absent' });

function open(command: OpenDeal, state: DealState): DealDecision {
  if (state.status !== 'absent') return refuse(dealErrors.alreadyOpen, 'This bid already has a deal.');
  const { activity_id, ...facts } = command.data;
  const { actor, now } = command.metadata;
  const activity: DealActivity = {
    activity_id,
    activity_type: facts.external ? 'external_created' : 'accept',
    amount: null,
    description: null,
    activity_date: sydneyDay(now),
    settled_lender: null,
    reason: null,
    created_by: actor.user_id,
    created_at: now,
  };
  return accept({ type: 'DealOpened', data: { ...facts, activity, stage: 'accepted' } });
}

/** The deal, when the actor may work on it: its provider or an admin. */
function dealFor(state: DealState, metadata: DealCommandMetadata): Exclude<DealState, { status: 'absent' }> | DealDecision {
  if (state.status === 'absent') return refuse(dealErrors.notFound, 'Deal not found.');
  if (!metadata.actor.admin && metadata.actor.user_id !== state.deal.provider_id) return refuse(dealErrors.notYours, 'This deal belongs to another provider.');
  return state;
}
const isDecision = (value: DealState | DealDecision): value is DealDecision => 'ok' in value;

const refs = (deal: DealFacts) => ({ deal_id: deal.deal_id, provider_id: deal.provider_id, customer_id: deal.customer_id });

function add(command: AddActivity, state: DealState): DealDecision {
  const deal = dealFor(state, command.metadata);
  if (isDecision(deal)) return deal;
  const { activity_id } = command.data;
  if (deal.activities.some((a) => a.activity_id === activity_id)) return refuse(dealErrors.activityExists, 'This activity already exists.');
  const parsed = dealActivityInputSchema(currentYearAt(command.metadata.now)).safeParse(command.data.activity);
  if (!parsed.success) return refuse(dealErrors.invalid, 'The activity is not valid.', fieldErrorsOf(parsed));
  const next = nextPosition(deal.position, parsed.data.activity_type);
  if (next === null) {
    return refuse(
      dealErrors.stepNotAllowed,
      isClosedStage(deal.position.stage) ? 'This deal is closed: only notes can be added.' : 'This step does not follow the deal’s current stage.',
    );
  }
  const { actor, now } = command.metadata;
  return accept({
    type: 'DealActivityAdded',
    data: { ...refs(deal.deal), activity: { activity_id, ...parsed.data, created_by: actor.user_id, created_at: now }, stage: next.stage },
  });
}

function edit(command: EditActivity, state: DealState): DealDecision {
  const deal = dealFor(state, command.metadata);
  if (isDecision(deal)) return deal;
  const activity = deal.activities.find((a) => a.activity_id === command.data.activity_id);
  if (!activity) return refuse(dealErrors.activityNotFound, 'Activity not found.');
  const parsed = dealActivityChangesSchema(currentYearAt(command.metadata.now)).safeParse(command.data.changes);
  if (!parsed.success) return refuse(dealErrors.invalid, 'The activity is not valid.', fieldErrorsOf(parsed));
  const changes = { ...parsed.data, ...(parsed.data.description === '' ? { description: null } : {}) };
  const after = { ...activity, ...changes };
  const ruleErrors = activityRuleErrors(after);
  if (ruleErrors.length > 0) return refuse(dealErrors.invalid, 'The activity is not valid.', Object.fromEntries(ruleErrors.map(([field, message]) => [field, [message]])));
  const { amount, description, activity_date, settled_lender, reason } = after;
  const unchanged =
    amount === activity.amount &&
    description === activity.description &&
    activity_date === activity.activity_date &&
    settled_lender === activity.settled_lender &&
    reason === activity.reason;
  if (unchanged) return accept();
  const { actor, now } = command.metadata;
  return accept({
    type: 'DealActivityEdited',
    data: { ...refs(deal.deal), activity_id: activity.activity_id, amount, description, activity_date, settled_lender, reason, edited_by: actor.user_id, edited_at: now },
  });
}

/**
 * A note can always be deleted; a step only while it is the deal's latest step and the deal is open (closing a
 * deal is final: the post follows it); the opening activity never.
 */
function remove(command: DeleteActivity, state: DealState): DealDecision {
  const deal = dealFor(state, command.metadata);
  if (isDecision(deal)) return deal;
  const activity = deal.activities.find((a) => a.activity_id === command.data.activity_id);
  if (!activity) return refuse(dealErrors.activityNotFound, 'Activity not found.');
  if (activity.activity_type !== 'note') {
    const latestStep = deal.activities.findLast((a) => isStepActivity(a.activity_type));
    if (!isStepActivity(activity.activity_type) || latestStep !== activity || isClosedStage(deal.position.stage)) {
      return refuse(dealErrors.activityKept, 'Only a note or the latest step of an open deal can be deleted.');
    }
  }
  const { actor, now } = command.metadata;
  const remaining = deal.activities.filter((a) => a !== activity);
  return accept({
    type: 'DealActivityDeleted',
    data: { ...refs(deal.deal), activity_id: activity.activity_id, deleted_by: actor.user_id, deleted_at: now, stage: positionOf(remaining).stage },
  });
}

/** The customer's own preference (spec 3 §3); an admin may set it for them. The deal's stage does not matter. */
function changeContactPreference(command: ChangeContactPreference, state: DealState): DealDecision {
  if (state.status === 'absent') return refuse(dealErrors.notFound, 'Deal not found.');
  const { actor, now } = command.metadata;
  if (!actor.admin && actor.user_id !== state.deal.customer_id) return refuse(dealErrors.notCustomer, 'Only the customer can change the contact preference.');
  const parsed = contactPreferenceSchema.safeParse(command.data.contact_preference ?? defaultContactPreference);
  if (!parsed.success) return refuse(dealErrors.contactPreferenceInvalid, 'The contact preference is not valid.', fieldErrorsOf(parsed));
  const current = state.deal.contact_preference;
  const next = parsed.data;
  const same = current.from_time === next.from_time && current.until_time === next.until_time && current.weekdays.join() === next.weekdays.join();
  if (same) return accept();
  return accept({ type: 'DealContactPreferenceChanged', data: { ...refs(state.deal), contact_preference: next, changed_by: actor.user_id, changed_at: now } });
}

function decide(command: DealCommand, state: DealState): DealDecision {
  switch (command.type) {
    case 'OpenDeal':
      return open(command, state);
    case 'AddActivity':
      return add(command, state);
    case 'EditActivity':
      return edit(command, state);
    case 'DeleteActivity':
      return remove(command, state);
    case 'ChangeContactPreference':
      return changeContactPreference(command, state);
    default:
      return assertNever(command);
  }
}

const withActivities = (state: Exclude<DealState, { status: 'absent' }>, activities: readonly DealActivity[]): DealState => {
  const position = positionOf(activities);
  return { ...state, status: isClosedStage(position.stage) ? 'closed' : 'open', activities, position };
};

function evolve(state: DealState, event: DealEvent): DealState {
  switch (event.type) {
    case 'DealOpened': {
      const { activity, stage: _stage, ...deal } = event.data;
      return { status: 'open', deal, activities: [activity], position: positionOf([activity]) };
    }
    case 'DealActivityAdded':
      return state.status === 'absent' ? state : withActivities(state, [...state.activities, event.data.activity]);
    case 'DealActivityEdited': {
      if (state.status === 'absent') return state;
      const { activity_id, amount, description, activity_date, settled_lender, reason } = event.data;
      return {
        ...state,
        activities: state.activities.map((a) => (a.activity_id === activity_id ? { ...a, amount, description, activity_date, settled_lender, reason } : a)),
      };
    }
    case 'DealActivityDeleted':
      return state.status === 'absent' ? state : withActivities(state, state.activities.filter((a) => a.activity_id !== event.data.activity_id));
    case 'DealContactPreferenceChanged':
      return state.status === 'absent' ? state : { ...state, deal: { ...state.deal, contact_preference: event.data.contact_preference } };
    default:
      return assertNever(event);
  }
}

export const dealDecider: Decider<DealState, DealCommand, DealEvent> & { decide: (command: DealCommand, state: DealState) => DealDecision } = {
  initialState,
  decide,
  evolve,
};
