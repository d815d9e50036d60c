import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { CampaignCommand, ChangeCampaign, CreateCampaign } from './commands';
import type { CampaignDetails, CampaignEvent } from './events';
import { campaignFieldIssues, campaignMessages, campaignRuleCodes } from './schemas';

export type CampaignState =
  | { status: 'absent' }
  | { status: 'existing'; campaign_id: string; details: CampaignDetails }
  | { status: 'removed'; campaign_id: string };

export const campaignErrors = {
  alreadyExists: 'CAMPAIGN_ALREADY_EXISTS',
  notFound: 'CAMPAIGN_NOT_FOUND',
  ...campaignRuleCodes,
} as const;

const initialState = (): CampaignState => ({ status: 'absent' });

/** spec 3 §5 and who pays whom (docs/campaigns.md): the first rule the details break, if any. */
function refusal(details: CampaignDetails): Decision<CampaignEvent> | null {
  const [issue] = campaignFieldIssues(details);
  return issue ? reject(issue.code, issue.message) : null;
}

function create(command: CreateCampaign, state: CampaignState): Decision<CampaignEvent> {
  if (state.status !== 'absent') return reject(campaignErrors.alreadyExists, 'This campaign already exists.');
  const { campaign_id, product_id, ...details } = command.data;
  return refusal(details) ?? accept({ type: 'CampaignCreated', data: { campaign_id, product_id, ...details } });
}

function change(command: ChangeCampaign, state: CampaignState): Decision<CampaignEvent> {
  if (state.status !== 'existing') return reject(campaignErrors.notFound, campaignMessages.notFound);
  const changes: Partial<CampaignDetails> = {};
  for (const key of Object.keys(command.data.changes) as (keyof CampaignDetails)[]) {
    const value = command.data.changes[key];
    if (value !== undefined && value !== state.details[key]) Object.assign(changes, { [key]: value });
  }
  const refused = refusal({ ...state.details, ...changes });
  if (refused) return refused;
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'CampaignDetailsChanged', data: { campaign_id: state.campaign_id, changes } });
}

function remove(state: CampaignState): Decision<CampaignEvent> {
  if (state.status !== 'existing') return reject(campaignErrors.notFound, campaignMessages.notFound);
  return accept({ type: 'CampaignRemoved', data: { campaign_id: state.campaign_id, slug: state.details.slug } });
}

function decide(command: CampaignCommand, state: CampaignState): Decision<CampaignEvent> {
  switch (command.type) {
    case 'CreateCampaign':
      return create(command, state);
    case 'ChangeCampaign':
      return change(command, state);
    case 'RemoveCampaign':
      return remove(state);
    default:
      return assertNever(command);
  }
}

function evolve(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignCreated': {
      const { campaign_id, product_id: _product, ...details } = event.data;
      return { status: 'existing', campaign_id, details };
    }
    case 'CampaignDetailsChanged':
      return state.status === 'existing' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
    case 'CampaignRemoved':
      return { status: 'removed', campaign_id: event.data.campaign_id };
    default:
      return assertNever(event);
  }
}

export const campaignDecider: Decider<CampaignState, CampaignCommand, CampaignEvent> = { initialState, decide, evolve };
