import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import type { PostPartKind, PostRow, PostsDatabase } from './posts';

export async function findPost(database: Database, uuid: string): Promise<PostRow | undefined> {
  return (database as Kysely<PostsDatabase>).selectFrom('posts').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The post a part belongs to, with its owner; removed parts too (so deleting one again answers as deleted). */
export async function findPostOfPart(
  database: Database,
  partId: string,
  kind: PostPartKind,
): Promise<{ post_id: string; owner_id: string; applicant_id: string | null; removed: boolean } | undefined> {
  return (database as Kysely<PostsDatabase>)
    .selectFrom('post_parts')
    .innerJoin('posts', 'posts.uuid', 'post_parts.post_id')
    .select(['post_parts.post_id', 'posts.owner_id', 'post_parts.applicant_id', 'post_parts.removed'])
    .where('post_parts.part_id', '=', partId)
    .where('post_parts.kind', '=', kind)
    .executeTakeFirst();
}
