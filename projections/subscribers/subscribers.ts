import { sql } from 'kysely';
import { type SubscriberEvent, subscriberEventTypes } from '../../domain/subscriber/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';

// The product's own mailing list (docs/site-chrome.md "Mailing list"): who subscribed to which list and when. The
// address is decrypted from the event; an erased subscriber's reads as null, and leaves the list when the user
// account of the same address is deleted (MailingListSubscriberErased).

export const subscribersProjection: Projection = {
  kind: 'projection',
  name: 'subscribers',
  version: 1,
  eventTypes: new Set(subscriberEventTypes),
  tables: ['mailing_list_subscribers'],
  async createTables(trx) {
    await sql`
      create table mailing_list_subscribers (
        subscriber_id text not null,
        list text not null,
        email text,
        subscribed_at timestamptz not null,
        primary key (subscriber_id, list)
      )`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!subscribersProjection.eventTypes!.has(recorded.type)) continue;
      // The subscriber decider wrote it (type checked above).
      const event = recorded as RecordedEvent & SubscriberEvent;
      if (event.type === 'MailingListSubscriberErased') {
        await db.deleteFrom('mailing_list_subscribers').where('subscriber_id', '=', event.data.subscriber_id).execute();
        continue;
      }
      const { data } = event;
      await db
        .insertInto('mailing_list_subscribers')
        .values({ subscriber_id: data.subscriber_id, list: data.list, email: data.email, subscribed_at: new Date(data.subscribed_at) })
        .onConflict((oc) => oc.columns(['subscriber_id', 'list']).doNothing())
        .execute();
    }
  },
};

export async function countSubscribers(database: Database, list: string): Promise<number> {
  const row = await database
    .selectFrom('mailing_list_subscribers')
    .select(sql<string>`count(*)`.as('n'))
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
