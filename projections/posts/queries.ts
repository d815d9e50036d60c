import { type RawBuilder, sql } from 'kysely';
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
 * The place a provider sees of a post (row `alias` of `posts`): the property's suburb and state; the customer's home
 * stands in only for an owner-occupied loan without a property address, whose property it is, as the provider's
 * reading of the post has it (contracts/provider-post.ts `property_place`). For an investment whose suburb is not
 * known yet the home is the customer's own address, not the loan's: no place. The lists, their state filter, their
 * totals (posts.ts `post_counts`) and the posts' names all use this one rule.
 */
export function providerPlaceOf(alias?: string): { suburb: RawBuilder<string | null>; state: RawBuilder<string | null> } {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const onHome = sql`${column('loan_purpose')} = 'owner' and ${column('property_suburb')} is null and ${column('property_state')} is null and ${column('property_postcode')} is null`;
  return {
    suburb: sql<string | null>`case when ${onHome} then ${column('home_suburb')} else ${column('property_suburb')} end`,
    state: sql<string | null>`case when ${onHome} then ${column('home_state')} else ${column('property_state')} end`,
  };
}

/** What names each post on a provider's screens (web/lib/post-title.ts), deleted posts left out. */
export async function postTitleFactsOf(database: Database, uuids: readonly string[]): Promise<Map<string, PostTitleFacts>> {
  if (uuids.length === 0) return new Map();
  const place = providerPlaceOf('posts');
  const rows = await database
    .selectFrom('posts')
    .select(['uuid', 'loan_type', place.suburb.as('suburb'), place.state.as('state')])
    .where('uuid', 'in', [...new Set(uuids)])
    .where('deleted', '=', false)
    .execute();
  return new Map(rows.map((row) => [row.uuid, { loan_type: row.loan_type, suburb: row.suburb, state: row.state }]));
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
