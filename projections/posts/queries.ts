import { ownPostSortable, type OwnPostsQuery } from '../../domain/post/own-posts';
import type { LoanType } from '../../domain/post/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { PostPartKind, PostRow } from './posts';

/** A post that exists: a deleted one is not found (spec 1 §2: it disappears with all its data). */
export async function findPost(database: Database, uuid: string): Promise<PostRow | undefined> {
  return database.selectFrom('posts').selectAll().where('uuid', '=', uuid).where('deleted', '=', false).executeTakeFirst();
}

/** The owners of the posts named (deleted ones left out, as findPost does), in one query: a list page's bids. */
export async function postOwnersOf(database: Database, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await database
    .selectFrom('posts')
    .select(['uuid', 'owner_id'])
    .where('uuid', 'in', [...new Set(uuids)])
    .where('deleted', '=', false)
    .execute();
  return new Map(rows.map((row) => [row.uuid, row.owner_id]));
}

/**
 * What names each post on a provider's screens (web/lib/post-title.ts), deleted posts left out: the loan type and the
 * property's suburb and state, the customer's home standing in only for an owner-occupied loan without a property
 * address, as the provider's reading of the post has it (contracts/provider-post.ts `property_place`).
 */
export async function postTitleFactsOf(database: Database, uuids: readonly string[]): Promise<Map<string, PostTitleFacts>> {
  if (uuids.length === 0) return new Map();
  const rows = await database
    .selectFrom('posts')
    .select(['uuid', 'loan_type', 'loan_purpose', 'property_suburb', 'property_state', 'property_postcode', 'home_suburb', 'home_state', 'home_postcode'])
    .where('uuid', 'in', [...new Set(uuids)])
    .where('deleted', '=', false)
    .execute();
  return new Map(
    rows.map((row) => {
      const hasProperty = row.property_suburb !== null || row.property_state !== null || row.property_postcode !== null;
      const home = row.loan_purpose === 'owner' && !hasProperty;
      return [row.uuid, { loan_type: row.loan_type, suburb: home ? row.home_suburb : row.property_suburb, state: home ? row.home_state : row.property_state }];
    }),
  );
}
export type PostTitleFacts = { loan_type: LoanType | null; suburb: string | null; state: string | null };

/** The post a part belongs to, with its owner; removed parts too (so deleting one again answers as deleted). */
export async function findPostOfPart(
  database: Database,
  partId: string,
  kind: PostPartKind,
): Promise<{ post_id: string; owner_id: string; applicant_id: string | null; removed: boolean } | undefined> {
  return database
    .selectFrom('post_parts')
    .innerJoin('posts', 'posts.uuid', 'post_parts.post_id')
    .select(['post_parts.post_id', 'posts.owner_id', 'post_parts.applicant_id', 'post_parts.removed'])
    .where('post_parts.part_id', '=', partId)
    .where('post_parts.kind', '=', kind)
    .where('posts.deleted', '=', false)
    .executeTakeFirst();
}

/** The owner's posts for `GET /v1/users/posts` (domain/post/own-posts.ts): newest first unless sorted. */
export async function listOwnPosts(db: Database, ownerId: string, query: OwnPostsQuery): Promise<ListResult<PostRow>> {
  let filtered = db.selectFrom('posts').where('owner_id', '=', ownerId).where('deleted', '=', false);
  if (query.filter?.status) filtered = filtered.where('status', '=', query.filter.status);
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(ownPostSortable, query.sorting, ['created_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  // The uuid breaks ties, so pages never overlap.
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}
