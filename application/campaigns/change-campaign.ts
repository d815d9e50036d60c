import type { ChangeCampaign } from '../../domain/campaign/commands';
import { campaignDecider, campaignErrors } from '../../domain/campaign/decider';
import { type CampaignFields, campaignMessages } from '../../domain/campaign/schemas';
import type { CommandContext } from '../../infrastructure/command-handler';
import { type CampaignDependencies, loadCampaign, releaseSlug, reserveSlug, runCampaignCommand } from './campaign-commands';

const notFound = { ok: false as const, error: { code: campaignErrors.notFound, message: campaignMessages.notFound } };

/**
 * An admin changes a campaign; a field left out keeps its value. A new slug is reserved before the change is
 * recorded and the old one released after, so the campaign's link is never held by two campaigns.
 */
export async function changeCampaign(deps: CampaignDependencies, input: { campaignId: string; changes: Partial<CampaignFields> }, context: CommandContext) {
  const { campaignId, changes } = input;
  const command: ChangeCampaign = { type: 'ChangeCampaign', data: { campaign_id: campaignId, changes } };
  const { state } = await loadCampaign(deps, campaignId);
  if (state.status !== 'existing') return notFound;
  const judged = campaignDecider.decide(command, state);
  if (!judged.ok) return judged;
  const oldSlug = state.details.slug;
  const newSlug = changes.slug !== undefined && changes.slug !== oldSlug ? changes.slug : null;
  if (newSlug) {
    const reserved = await reserveSlug(deps, newSlug, campaignId, context);
    if (!reserved.ok) return reserved;
  }
  const changed = await runCampaignCommand(deps, command, context);
  if (newSlug) await releaseSlug(deps, changed.ok ? oldSlug : newSlug, campaignId, context);
  return changed.ok ? { ok: true as const, position: changed.position } : changed;
}

/** An admin removes a campaign; its slug is released, so a later campaign may use it (docs/campaigns.md "Slugs"). */
export async function removeCampaign(deps: CampaignDependencies, campaignId: string, context: CommandContext) {
  const removed = await runCampaignCommand(deps, { type: 'RemoveCampaign', data: { campaign_id: campaignId } }, context);
  if (!removed.ok) return removed;
  const [event] = removed.events;
  if (event?.type === 'CampaignRemoved') await releaseSlug(deps, event.data.slug, campaignId, context);
  return { ok: true as const, position: removed.position };
}
