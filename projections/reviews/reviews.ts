import { type Selectable, sql } from 'kysely';
import type { PostDeleted } from '../../domain/post/events';
import { type ReviewEvent, reviewEventTypes } from '../../domain/review/events';
import type { UserDeleted } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import type { ReviewsTable } from './tables';

// Reviews as the moderation list, the provider's profile and the public list read them (spec 1 §2 "/reviews",
// §9 "Reviews page size 5"; spec 2 §7 "get reviews (rating 5, status approved)"). The comment is the customer's
// personal data (decrypted from the events): an erased customer's reads as null (from the events, and at
// UserDeleted). Names are not copied here: the queries join the users read model, so an erased person has none.
// A deleted post's or a deleted provider's reviews leave every list (`deleted`).

export type ReviewRow = Selectable<ReviewsTable>;

const handledTypes = new Set<string>([...reviewEventTypes, 'UserDeleted', 'PostDeleted']);

export const reviewsProjection: Projection = {
  kind: 'projection',
  name: 'reviews',
  eventTypes: handledTypes,
  // 2: set-based handling.
  version: 2,
  tables: ['reviews'],
  async createTables(trx) {
    await sql`
      create table reviews (
        uuid uuid primary key,
        post_id uuid not null,
        fsp_id uuid not null,
        customer_id uuid not null,
        rating integer not null,
        description text,
        status text not null,
        submitted_by uuid not null,
        on_behalf boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        moderated_at timestamptz,
        deleted boolean not null default false
      )`.execute(trx);
    // The moderation list (by status, newest first), the profile (a provider's approved), the public list (approved fives).
    await sql`create index reviews_status on reviews (status, created_at desc)`.execute(trx);
    await sql`create index reviews_fsp on reviews (fsp_id, status, created_at desc)`.execute(trx);
    await sql`create index reviews_public on reviews (created_at desc) where status = 'approved' and rating = 5 and not deleted`.execute(trx);
    await sql`create index reviews_customer on reviews (customer_id)`.execute(trx);
    await sql`create index reviews_post on reviews (post_id)`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's reviews are read once, the events applied to them in memory,
    // and the changed rows written back together. An erasure reaches reviews by person, not by review: it is applied
    // in SQL between the stretches before and after it.
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        const { user_id } = (stretch.barrier as RecordedEvent & UserDeleted).data;
        await eraseUser(db, user_id, new Date(stretch.barrier.metadata.occurred_at));
        continue;
      }
      // The review and post deciders wrote these events; their type names are checked by handledTypes.
      const reviewEvents = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & (ReviewEvent | PostDeleted))[];
      if (reviewEvents.length === 0) continue;
      const reviews = new BatchRows<ReviewRow>(db, { table: 'reviews', key: 'uuid', keyType: 'uuid' });
      await reviews.load(reviewEvents.flatMap((event) => (event.type === 'PostDeleted' ? [] : [event.data.review_id])));
      await reviews.loadWhere('post_id', reviewEvents.flatMap((event) => (event.type === 'PostDeleted' ? [event.data.post_id] : [])));
      for (const event of reviewEvents) apply(reviews, event);
      await reviews.flush();
    }
  },
};

/**
 * The customer's comments go with the person (as a rebuild after erasure would show them); a deleted provider's
 * reviews have no profile left to show on.
 */
async function eraseUser(db: Database, userId: string, at: Date): Promise<void> {
  await db.updateTable('reviews').set({ description: null }).where('customer_id', '=', userId).execute();
  await db.updateTable('reviews').set({ deleted: true, updated_at: at }).where('fsp_id', '=', userId).execute();
}

function apply(reviews: BatchRows<ReviewRow>, event: RecordedEvent & (ReviewEvent | PostDeleted)): void {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'ReviewSubmitted': {
      const d = event.data;
      reviews.insert({
        uuid: d.review_id,
        post_id: d.post_id,
        fsp_id: d.fsp_id,
        customer_id: d.customer_id,
        rating: d.rating,
        description: d.description,
        status: d.status,
        submitted_by: d.submitted_by,
        on_behalf: d.on_behalf,
        created_at: at,
        updated_at: at,
        moderated_at: null,
        deleted: false,
      });
      return;
    }
    case 'ReviewEdited':
      reviews.update(event.data.review_id, { rating: event.data.rating, description: event.data.description, updated_at: at });
      return;
    case 'ReviewModerated':
      reviews.update(event.data.review_id, { status: event.data.status, moderated_at: at, updated_at: at });
      return;
    case 'PostDeleted':
      // Every review of the post is held: they were loaded by post, or submitted earlier in this batch.
      for (const review of reviews.where((row) => row.post_id === event.data.post_id)) reviews.update(review.uuid, { deleted: true, updated_at: at });
      return;
  }
}
