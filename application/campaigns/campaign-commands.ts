import type { CampaignCommand } from '../../domain/campaign/commands';
import { campaignDecider } from '../../domain/campaign/decider';
import { campaignStream } from '../../domain/campaign/events';
import { campaignSlugStream, slugReservationDecider } from '../../domain/campaign/slug-reservation';
import { type CommandContext, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

// The campaign workflows' shared steps: a command on a campaign's stream, and its slug's reservation
// (domain/campaign/slug-reservation.ts, docs/campaigns.md "Slugs").

export type CampaignDependencies = Pick<WorkflowDependencies, 'store' | 'ids'>;

export const runCampaignCommand = (deps: CampaignDependencies, command: CampaignCommand, context: CommandContext) =>
  handleCommand({ store: deps.store, ids: deps.ids, streamId: campaignStream(command.data.campaign_id), decider: campaignDecider, command, context });

export const loadCampaign = (deps: CampaignDependencies, campaignId: string) => loadState(deps.store, campaignStream(campaignId), campaignDecider);

/** Reserves `slug` for a campaign; refused ('This slug is already used by another campaign.') while another holds it. */
export async function reserveSlug(deps: CampaignDependencies, slug: string, campaignId: string, context: CommandContext) {
  const streamId = campaignSlugStream(slug);
  const { state } = await loadState(deps.store, streamId, slugReservationDecider);
  // A holder whose own stream does not carry the slug (a creation that stopped between its two appends) has lapsed.
  let lapsedHolder: string | null = null;
  if (state.holder !== null && state.holder !== campaignId) {
    const holder = await loadCampaign(deps, state.holder);
    if (holder.state.status !== 'existing' || holder.state.details.slug !== slug) lapsedHolder = state.holder;
  }
  return handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId,
    decider: slugReservationDecider,
    command: { type: 'ReserveCampaignSlug', data: { slug, campaign_id: campaignId, now: context.now.toISOString(), lapsed_holder: lapsedHolder } },
    context,
  });
}

export async function releaseSlug(deps: CampaignDependencies, slug: string, campaignId: string, context: CommandContext): Promise<void> {
  const released = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: campaignSlugStream(slug),
    decider: slugReservationDecider,
    command: { type: 'ReleaseCampaignSlug', data: { slug, campaign_id: campaignId } },
    context,
  });
  if (!released.ok) throw new Error(`Releasing a campaign slug failed: ${released.error.code}`);
}
