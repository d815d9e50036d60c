import { type Selectable, sql } from 'kysely';
import type { PostEvent } from '../../domain/post/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows } from '../batch-rows';
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
  // 2: set-based handling.
  version: 2,
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
    // Set-based (projections/batch-rows.ts): the rows of the batch's posts are read once, the events applied to them
    // in memory, and the changes written back in one delete and one upsert.
    // The post decider wrote these events; their type names are checked here.
    const scheduling = events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & SchedulingEvent)[];
    if (scheduling.length === 0) return;
    const transitions = new BatchRows<ScheduledTransition>(db, { table: 'scheduled_transitions', key: ['post_id', 'kind'], keyType: ['uuid', 'text'] });
    await transitions.loadWhere('post_id', scheduling.map((event) => event.data.post_id));
    for (const event of scheduling) apply(transitions, event);
    await transitions.flush();
  },
};

function apply(transitions: BatchRows<ScheduledTransition>, event: RecordedEvent & SchedulingEvent): void {
  const postId = event.data.post_id;
  /** Due at `at`, whether it was scheduled before or not. */
  const schedule = (kind: TransitionKind, at: string) => {
    if (transitions.get([postId, kind])) transitions.update([postId, kind], { due_at: new Date(at) });
    else transitions.insert({ post_id: postId, kind, due_at: new Date(at) });
  };
  /** Due at `at` if scheduled. */
  const move = (kinds: TransitionKind[], at: string) => {
    for (const kind of kinds) transitions.update([postId, kind], { due_at: new Date(at) });
  };
  const remove = (kinds: readonly TransitionKind[]) => {
    for (const kind of kinds) transitions.delete([postId, kind]);
  };

  switch (event.type) {
    case 'PostPublished':
      schedule('end_bidding', event.data.bidding_period_expiry_on);
      // Auto-Declare is decided at review end; the poller skips posts whose automatic selection is off.
      schedule('auto_declare', event.data.review_bids_on);
      return;
    case 'BiddingEnded':
      remove(['end_bidding']);
      schedule('end_review', event.data.review_bids_on);
      move(['auto_declare'], event.data.review_bids_on);
      return;
    case 'ReviewPeriodExtended':
      move(['end_review', 'auto_declare'], event.data.review_bids_on);
      return;
    case 'ReviewPeriodEnded':
      // Auto-Declare may still act in processing (its claim marks the one attempt).
      remove(['end_review']);
      schedule('expire', event.data.expiration_date);
      return;
    case 'AutomaticSelectionCancelled':
      remove(['auto_declare']);
      return;
    case 'BidAcceptedOnPost':
    case 'PostClosed':
    case 'PostExpired':
    case 'PostCancelled':
    case 'PostDeleted':
      remove(transitionKinds);
      return;
  }
}
