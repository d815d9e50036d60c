import { sql } from 'kysely';
import type { ListResult } from '../../domain/shared/list-query';
import type { PublishedReviewView, ReviewView } from '../../contracts/review';
import { shortName } from '../../domain/review/schemas';
import type { ReviewStatus } from '../../domain/review/schemas';
import type { Database } from '../../infrastructure/database/database';
import { pageOf } from '../../infrastructure/database/list-queries';
import type { ReviewRow } from './reviews';

// The questions the review routes ask (api/routes/reviews.ts). Names come from the users read model at read time.

const iso = (date: Date) => date.toISOString();
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export const reviewSortable = ['created_at', 'updated_at', 'rating', 'status'] as const;
export type ReviewSortField = (typeof reviewSortable)[number];

export type ReviewListQuery = {
  page: number;
  count: number;
  sortField: ReviewSortField;
  sortDirection: 'asc' | 'desc';
  status: ReviewStatus | null;
  fspId: string | null;
  postId: string | null;
  /** One review only (the answer of a moderation). */
  reviewId?: string;
};

/** The moderation list (admins): every review not deleted, with the people's names. */
export async function listReviews(db: Database, query: ReviewListQuery): Promise<ListResult<ReviewView>> {
  let filtered = db.selectFrom('reviews').where('reviews.deleted', '=', false);
  if (query.status) filtered = filtered.where('reviews.status', '=', query.status);
  if (query.fspId) filtered = filtered.where('reviews.fsp_id', '=', query.fspId);
  if (query.postId) filtered = filtered.where('reviews.post_id', '=', query.postId);
  if (query.reviewId) filtered = filtered.where('reviews.uuid', '=', query.reviewId);
  const ordered = filtered
    .leftJoin('users as customer', 'customer.uuid', 'reviews.customer_id')
    .leftJoin('users as fsp', 'fsp.uuid', 'reviews.fsp_id')
    .leftJoin('organisations', 'organisations.uuid', 'fsp.organisation_uuid')
    .selectAll('reviews')
    .select(['customer.first_name as customer_first_name', 'customer.last_name as customer_last_name', 'fsp.first_name as fsp_first_name', 'fsp.last_name as fsp_last_name', 'organisations.name as organisation_name'])
    .orderBy(`reviews.${query.sortField}`, query.sortDirection)
    .orderBy('reviews.uuid');
  const { total_records, result: rows } = await pageOf(ordered, filtered, query);
  return {
    total_records,
    result: rows.map((row) => ({
      ...moderationFieldsOf(row),
      customer_name: fullName(row.customer_first_name, row.customer_last_name),
      fsp_name: fullName(row.fsp_first_name, row.fsp_last_name),
      organisation_name: row.organisation_name,
    })),
  };
}

function moderationFieldsOf(row: ReviewRow) {
  return {
    uuid: row.uuid,
    post_uuid: row.post_id,
    fsp_uuid: row.fsp_id,
    customer_uuid: row.customer_id,
    rating: row.rating,
    description: row.description,
    status: row.status,
    on_behalf: row.on_behalf,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** One review as the moderation list shows it (deleted ones are not found). */
export async function findReviewView(database: Database, reviewId: string): Promise<ReviewView | undefined> {
  const { result } = await listReviews(database, { page: 1, count: 1, sortField: 'created_at', sortDirection: 'desc', status: null, fspId: null, postId: null, reviewId });
  return result[0];
}

/** One review (deleted ones are not found). */
export async function findReview(database: Database, reviewId: string): Promise<ReviewRow | undefined> {
  return database.selectFrom('reviews').selectAll().where('uuid', '=', reviewId).where('deleted', '=', false).executeTakeFirst();
}

/** Published reviews as the profile and the public list show them: the customer as first name and initial only. */
function published(database: Database) {
  return database
    .selectFrom('reviews')
    .leftJoin('users as customer', 'customer.uuid', 'reviews.customer_id')
    .leftJoin('users as fsp', 'fsp.uuid', 'reviews.fsp_id')
    .leftJoin('organisations', 'organisations.uuid', 'fsp.organisation_uuid')
    .where('reviews.status', '=', 'approved')
    .where('reviews.deleted', '=', false);
}

async function publishedPage(
  query: ReturnType<typeof published>,
  page: number,
  count: number,
): Promise<PublishedReviewView[]> {
  const rows = await query
    .select(['reviews.uuid', 'reviews.fsp_id', 'reviews.rating', 'reviews.description', 'reviews.created_at', 'customer.first_name', 'customer.last_name', 'organisations.name as organisation_name'])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.uuid')
    .limit(count)
    .offset((page - 1) * count)
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    fsp_uuid: row.fsp_id,
    rating: row.rating,
    description: row.description,
    customer_name: shortName(row.first_name, row.last_name),
    organisation_name: row.organisation_name,
    created_at: iso(row.created_at),
  }));
}

/** A provider's approved reviews, newest first, with their count and average rating (two decimals). */
export async function providerReviews(database: Database, fspId: string, page: number, count: number): Promise<ListResult<PublishedReviewView> & { average_rating: number | null }> {
  const mine = published(database).where('reviews.fsp_id', '=', fspId);
  const [totals, result] = await Promise.all([
    mine.select([sql<string>`count(*)`.as('n'), sql<string | null>`round(avg(reviews.rating)::numeric, 2)`.as('average')]).executeTakeFirstOrThrow(),
    publishedPage(mine, page, count),
  ]);
  return { total_records: Number(totals.n), average_rating: totals.average === null ? null : Number(totals.average), result };
}

/** The public reviews (spec 2 §7 "get reviews (rating 5, status approved)"), newest first. */
export async function publicReviews(database: Database, page: number, count: number): Promise<ListResult<PublishedReviewView>> {
  const fives = published(database).where('reviews.rating', '=', 5);
  const [total, result] = await Promise.all([fives.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(), publishedPage(fives, page, count)]);
  return { total_records: Number(total.n), result };
}

/** A provider's approved reviews for `GET /v1/users/{uuid}?include=reviews` (spec 2 §7), newest first. */
export async function approvedReviewsOf(database: Database, fspId: string): Promise<ReviewRow[]> {
  return database
    .selectFrom('reviews')
    .selectAll()
    .where('fsp_id', '=', fspId)
    .where('status', '=', 'approved')
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Whether the provider holds a deal on the post with its customer (the accepted bid was the provider's). */
export async function providerHadDeal(database: Database, postId: string, fspId: string, customerId: string): Promise<boolean> {
  const row = await database
    .selectFrom('deals')
    .select('uuid')
    .where('post_id', '=', postId)
    .where('provider_id', '=', fspId)
    .where('customer_id', '=', customerId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
