import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { BidderCandidate, ChangeOrganisationDetails, CreateOrganisation, OrganisationCommand, RemoveOrganisation } from './commands';
import type { OrganisationDetails, OrganisationEvent } from './events';

export type OrganisationState =
  | { status: 'absent' }
  | { status: 'existing'; organisation_id: string; details: OrganisationDetails; allowed_bidders: string[] }
  | { status: 'removed'; organisation_id: string };

export const organisationErrors = {
  alreadyExists: 'ORGANISATION_ALREADY_EXISTS',
  notFound: 'ORGANISATION_NOT_FOUND',
  brokerCategory: 'ORGANISATION_BROKER_CATEGORY',
  brokerBidders: 'ORGANISATION_BROKER_BIDDERS',
  bidderNotBroker: 'ORGANISATION_BIDDER_NOT_BROKER',
  bidderItself: 'ORGANISATION_BIDDER_ITSELF',
} as const;

const initialState = (): OrganisationState => ({ status: 'absent' });

// A category names a group of lenders a customer can prefer (spec 2 §3 preferences); brokers are not in one.
function checkDetails(details: OrganisationDetails): Decision<OrganisationEvent> | null {
  if (details.organisation_type === 'broker' && details.category !== null) {
    return reject(organisationErrors.brokerCategory, 'A broker has no category.');
  }
  return null;
}

/**
 * Allowed bidders are the brokers that may bid for a financial institution's posts (spec 3 §2, §3): each one an
 * existing broker other than the organisation itself; a broker has none. Answers the list without repeats.
 */
function checkBidders(
  organisationId: string,
  type: OrganisationDetails['organisation_type'],
  candidates: BidderCandidate[],
): { ok: true; allowed_bidders: string[] } | { ok: false; decision: Decision<OrganisationEvent> } {
  const refuse = (code: string, message: string) => ({ ok: false as const, decision: reject<OrganisationEvent>(code, message) });
  if (candidates.length > 0 && type === 'broker') return refuse(organisationErrors.brokerBidders, 'Only a financial institution has allowed bidders.');
  if (candidates.some((c) => c.uuid === organisationId)) return refuse(organisationErrors.bidderItself, 'An organisation cannot be its own allowed bidder.');
  if (candidates.some((c) => c.organisation_type !== 'broker')) return refuse(organisationErrors.bidderNotBroker, 'Allowed bidders must be existing brokers.');
  return { ok: true, allowed_bidders: [...new Set(candidates.map((c) => c.uuid))] };
}

const sameMembers = (a: string[], b: string[]) => a.length === b.length && a.every((uuid) => b.includes(uuid));

function create(command: CreateOrganisation, state: OrganisationState): Decision<OrganisationEvent> {
  if (state.status !== 'absent') return reject(organisationErrors.alreadyExists, 'This organisation already exists.');
  const { organisation_id, product_id, allowed_bidders: candidates = [], ...details } = command.data;
  const refused = checkDetails(details);
  if (refused) return refused;
  const bidders = checkBidders(organisation_id, details.organisation_type, candidates);
  if (!bidders.ok) return bidders.decision;
  const created: OrganisationEvent = { type: 'OrganisationCreated', data: { organisation_id, product_id, ...details } };
  if (bidders.allowed_bidders.length === 0) return accept(created);
  return accept<OrganisationEvent>(created, { type: 'OrganisationAllowedBiddersChanged', data: { organisation_id, allowed_bidders: bidders.allowed_bidders } });
}

function changeDetails(command: ChangeOrganisationDetails, state: OrganisationState): Decision<OrganisationEvent> {
  if (state.status !== 'existing') return reject(organisationErrors.notFound, 'Organisation not found.');
  const requested = { ...command.data.changes };
  // Turning a lender into a broker drops its category instead of refusing the change.
  if (requested.organisation_type === 'broker' && requested.category === undefined) requested.category = null;
  const changes: Partial<OrganisationDetails> = {};
  for (const key of Object.keys(requested) as (keyof OrganisationDetails)[]) {
    if (requested[key] !== undefined && requested[key] !== state.details[key]) Object.assign(changes, { [key]: requested[key] });
  }
  const details = { ...state.details, ...changes };
  const refused = checkDetails(details);
  if (refused) return refused;
  // Becoming a broker drops the allowed bidders, as it drops the category, unless new ones were asked for.
  const candidates = command.data.allowed_bidders ?? (details.organisation_type === 'broker' ? [] : undefined);
  const bidders = candidates ? checkBidders(state.organisation_id, details.organisation_type, candidates) : null;
  if (bidders && !bidders.ok) return bidders.decision;

  const events: OrganisationEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'OrganisationDetailsChanged', data: { organisation_id: state.organisation_id, changes } });
  if (bidders && !sameMembers(bidders.allowed_bidders, state.allowed_bidders)) {
    events.push({ type: 'OrganisationAllowedBiddersChanged', data: { organisation_id: state.organisation_id, allowed_bidders: bidders.allowed_bidders } });
  }
  return accept(...events);
}

function remove(_command: RemoveOrganisation, state: OrganisationState): Decision<OrganisationEvent> {
  if (state.status !== 'existing') return reject(organisationErrors.notFound, 'Organisation not found.');
  return accept({ type: 'OrganisationRemoved', data: { organisation_id: state.organisation_id } });
}

function decide(command: OrganisationCommand, state: OrganisationState): Decision<OrganisationEvent> {
  switch (command.type) {
    case 'CreateOrganisation':
      return create(command, state);
    case 'ChangeOrganisationDetails':
      return changeDetails(command, state);
    case 'RemoveOrganisation':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: OrganisationState, event: OrganisationEvent): OrganisationState {
  switch (event.type) {
    case 'OrganisationCreated': {
      const { organisation_id, product_id: _product, ...details } = event.data;
      return { status: 'existing', organisation_id, details, allowed_bidders: [] };
    }
    case 'OrganisationDetailsChanged':
      return state.status === 'existing' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
    case 'OrganisationRemoved':
      return { status: 'removed', organisation_id: event.data.organisation_id };
    case 'OrganisationAllowedBiddersChanged':
      return state.status === 'existing' ? { ...state, allowed_bidders: event.data.allowed_bidders } : state;
    default:
      return assertNever(event);
  }
}

export const organisationDecider: Decider<OrganisationState, OrganisationCommand, OrganisationEvent> = {
  initialState,
  decide,
  evolve,
};
