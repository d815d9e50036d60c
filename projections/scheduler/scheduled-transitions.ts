import { type Selectable, sql } from 'kysely';
import type { PostEvent } from '../../domain/post/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { ScheduledTransitionsTable } from './tables';

// The post's time-driven transitions (docs/post-lifecycle.md "Scheduler"): one row per post and kind, due at the
// date the post's events name, moved by extensions and removed when the post leaves the status the transition
// starts from. The poller (./transition-scheduler.ts) fires the due rows; the table is durable, so a restart
// loses nothing.

export const transitionKinds = ['end_bidding', 'auto_declare', 'end_review', 'expire'] as const;
export type TransitionKind = (typeof transitionKinds)[number];

export type ScheduledTransition = Selectable<ScheduledTransitionsTable>;

/** The post events that schedule, move or drop a transition; a batch of others only moves the checkpoint. */
const schedulingTypes = [
  'PostPublished',
  'BiddingEnded',
  'ReviewPeriodExtended',
  'ReviewPeriodEnded',
  'AutomaticSelectionCancelled',
  'BidAcceptedOnPost',
  'PostClosed',
  'PostExpired',
  'PostCancelled',
  'PostDeleted',
] as const satisfies readonly PostEvent['type'][];
/** `apply` takes only these, so a case for any other type does not compile. */
type SchedulingEvent = Extract<PostEvent, { type: (typeof schedulingTypes)[number] }>;
const handledTypes = new Set<string>(schedulingTypes);

export const scheduledTransitionsProjection: Projection = {
  kind: 'projection',
  name: 'scheduled_transitions',
  eventTypes: handledTypes,
  version: 1,
  tables: ['scheduled_transitions'],
  async createTables(trx) {
    await sql`
      create table scheduled_transitions (
        post_id uuid not null,
        kind text not null,
        due_at timestamptz not null,
        primary key (post_id, kind)
      )`.execute(trx);
    await sql`create index scheduled_transitions_due on scheduled_transitions (due_at)`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      // The post decider wrote these events; their type names are checked here.
      if (handledTypes.has(recorded.type)) await apply(db, recorded as RecordedEvent & SchedulingEvent);
    }
  },
};

async function apply(db: Database, event: RecordedEvent & SchedulingEvent): Promise<void> {
  const postId = event.data.post_id;
  const schedule = (kind: TransitionKind, at: string) =>
    db
      .insertInto('scheduled_transitions')
      .values({ post_id: postId, kind, due_at: new Date(at) })
      .onConflict((oc) => oc.columns(['post_id', 'kind']).doUpdateSet({ due_at: new Date(at) }))
      .execute();
  const move = (kinds: TransitionKind[], at: string) =>
    db.updateTable('scheduled_transitions').set({ due_at: new Date(at) }).where('post_id', '=', postId).where('kind', 'in', kinds).execute();
  const remove = (kinds: readonly TransitionKind[]) => db.deleteFrom('scheduled_transitions').where('post_id', '=', postId).where('kind', 'in', kinds).execute();

  switch (event.type) {
    case 'PostPublished':
      await schedule('end_bidding', event.data.bidding_period_expiry_on);
      // Auto-Declare is decided at review end; the poller skips posts whose automatic selection is off.
      await schedule('auto_declare', event.data.review_bids_on);
      return;
    case 'BiddingEnded':
      await remove(['end_bidding']);
      await schedule('end_review', event.data.review_bids_on);
      await move(['auto_declare'], event.data.review_bids_on);
      return;
    case 'ReviewPeriodExtended':
      await move(['end_review', 'auto_declare'], event.data.review_bids_on);
      return;
    case 'ReviewPeriodEnded':
      // Auto-Declare may still act in processing (its claim marks the one attempt).
      await remove(['end_review']);
      await schedule('expire', event.data.expiration_date);
      return;
    case 'AutomaticSelectionCancelled':
      await remove(['auto_declare']);
      return;
    case 'BidAcceptedOnPost':
    case 'PostClosed':
    case 'PostExpired':
    case 'PostCancelled':
    case 'PostDeleted':
      await remove(transitionKinds);
      return;
  }
}
