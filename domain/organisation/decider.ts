import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { ChangeOrganisationDetails, CreateOrganisation, OrganisationCommand, RemoveOrganisation } from './commands';
import type { OrganisationDetails, OrganisationEvent } from './events';

export type OrganisationState =
  | { status: 'absent' }
  | { status: 'existing'; organisation_id: string; details: OrganisationDetails }
  | { status: 'removed'; organisation_id: string };

export const organisationErrors = {
  alreadyExists: 'ORGANISATION_ALREADY_EXISTS',
  notFound: 'ORGANISATION_NOT_FOUND',
  brokerCategory: 'ORGANISATION_BROKER_CATEGORY',
} as const;

const initialState = (): OrganisationState => ({ status: 'absent' });

// A category names a group of lenders a customer can prefer (spec 2 §3 preferences); brokers are not in one.
function checkDetails(details: OrganisationDetails): Decision<OrganisationEvent> | null {
  if (details.organisation_type === 'broker' && details.category !== null) {
    return reject(organisationErrors.brokerCategory, 'A broker has no category.');
  }
  return null;
}

function create(command: CreateOrganisation, state: OrganisationState): Decision<OrganisationEvent> {
  if (state.status !== 'absent') return reject(organisationErrors.alreadyExists, 'This organisation already exists.');
  const { organisation_id, product_id, ...details } = command.data;
  return checkDetails(details) ?? accept({ type: 'OrganisationCreated', data: { organisation_id, product_id, ...details } });
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
  if (Object.keys(changes).length === 0) return accept();
  return (
    checkDetails({ ...state.details, ...changes }) ??
    accept({ type: 'OrganisationDetailsChanged', data: { organisation_id: state.organisation_id, changes } })
  );
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
      return { status: 'existing', organisation_id, details };
    }
    case 'OrganisationDetailsChanged':
      return state.status === 'existing' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
    case 'OrganisationRemoved':
      return { status: 'removed', organisation_id: event.data.organisation_id };
    default:
      return assertNever(event);
  }
}

export const organisationDecider: Decider<OrganisationState, OrganisationCommand, OrganisationEvent> = {
  initialState,
  decide,
  evolve,
};
