import type { CreateCampaign } from '../../domain/campaign/commands';
import { campaignDecider } from '../../domain/campaign/decider';
import type { CampaignFields } from '../../domain/campaign/schemas';
import type { CommandContext } from '../../infrastructure/command-handler';
import { type CampaignDependencies, releaseSlug, reserveSlug, runCampaignCommand } from './campaign-commands';

/**
 * An admin creates a campaign (spec 3 §7 `POST /v1/products/{id}/campaigns`): the details are judged first, so a
 * refused campaign reserves nothing; then the slug is reserved, then the campaign recorded.
 */
export async function createCampaign(deps: CampaignDependencies, input: { productId: string; campaign: CampaignFields }, context: CommandContext) {
  const campaignId = deps.ids.uuid();
  const command: CreateCampaign = { type: 'CreateCampaign', data: { campaign_id: campaignId, product_id: input.productId, ...input.campaign } };
  const judged = campaignDecider.decide(command, campaignDecider.initialState());
  if (!judged.ok) return judged;
  const reserved = await reserveSlug(deps, input.campaign.slug, campaignId, context);
  if (!reserved.ok) return reserved;
  const created = await runCampaignCommand(deps, command, context);
  if (!created.ok) {
    await releaseSlug(deps, input.campaign.slug, campaignId, context);
    return created;
  }
  return { ok: true as const, campaignId, position: created.position };
}
