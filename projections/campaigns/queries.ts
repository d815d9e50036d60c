import { type CampaignListQuery, campaignSortable } from '../../domain/campaign/schemas';
import type { PostStatus } from '../../domain/post/decider';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { CampaignPostRow, CampaignRow } from './campaigns';

// What the campaign routes and the post wizard's start ask of the campaigns read model.

export async function listCampaigns(db: Database, query: CampaignListQuery): Promise<ListResult<CampaignRow>> {
  let filtered = db.selectFrom('campaigns');
  const { name, status } = query.filter ?? {};
  if (name) filtered = filtered.where('name', 'ilike', `%${escapeLike(name)}%`);
  if (status) filtered = filtered.where('status', '=', status);
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(campaignSortable, query.sorting, ['created_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}

export async function findCampaign(db: Database, uuid: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** spec 2 §2 `/create-post?slug=`: the active campaign a link names, if any (an inactive or unknown one: none). */
export async function findActiveCampaignBySlug(db: Database, slug: string): Promise<Pick<CampaignRow, 'uuid' | 'slug'> | undefined> {
  return db.selectFrom('campaigns').select(['uuid', 'slug']).where('slug', '=', slug).where('status', '=', 'active').executeTakeFirst();
}

export type CampaignPostListRow = CampaignPostRow & { status: PostStatus | null; loan_amount: number | null };

/** A campaign's posts, newest first, with their status and loan amount now (posts an admin deleted left out). */
export async function listCampaignPosts(db: Database, campaignId: string, page: { page: number; count: number }): Promise<ListResult<CampaignPostListRow>> {
  const filtered = db.selectFrom('campaign_posts').where('campaign_posts.campaign_id', '=', campaignId).where('campaign_posts.deleted', '=', false);
  const ordered = filtered
    .leftJoin('posts', 'posts.uuid', 'campaign_posts.post_id')
    .selectAll('campaign_posts')
    .select(['posts.status', 'posts.loan_amount'])
    .orderBy('campaign_posts.started_at', 'desc')
    .orderBy('campaign_posts.post_id');
  return pageOf(ordered, filtered, page);
}
