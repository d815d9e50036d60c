import { type Clock, systemClock } from '../../infrastructure/clock';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { UserDeleted } from '../../domain/user/events';
import { type EmailMessage, enqueueMessages, type OutboxMessage, type SmsMessage } from '../../infrastructure/outbox/enqueue';
import { eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import { type Recipient, recipientsOf } from '../users/queries';
import type { Projection } from '../projection';

// Messages caused by events, written by a consumer in the transaction that also moves its checkpoint
// (docs/mail.md "From a projection"). That works whichever event store holds the events, EventStoreDB included:
// the runner applies each batch once, and a batch seen again after a crash finds the messages already there.

/**
 * A message as an event asks for it. Its `causationId` is the event's id unless given: a message that stands for
 * several events names what they share (with `key`), and the outbox keeps the first of them only.
 */
export type MessageFromEvent = (Omit<EmailMessage, 'causationId'> | Omit<SmsMessage, 'causationId'>) & { causationId?: string };

export type OutboxProjectionOptions = {
  /** The consumer's name in `projection_builds`, e.g. 'identity-mail'. */
  name: string;
  /**
   * Bumping it replays the whole log into the outbox. Messages already enqueued are not enqueued again (their ids
   * derive from the event), and events older than `maxEventAgeMs` are skipped.
   */
  version?: number;
  /**
   * The messages one event causes; [] for events it does not care about. `trx` is the batch's transaction, to read
   * what the event does not carry. Read only: writing belongs to the outbox. `recipients`: the users `recipientOf`
   * named for the batch's events, as the users read model has them (absent: nobody to write to).
   */
  messagesFor(event: RecordedEvent, trx: Database, recipients: ReadonlyMap<string, Recipient>): readonly MessageFromEvent[] | Promise<readonly MessageFromEvent[]>;
  /**
   * The user an event's messages go to, if any: their addresses are read for the whole batch in one query (a batch of
   * bids would otherwise read a user each).
   */
  recipientOf?(event: RecordedEvent): string | null;
  /**
   * Events older than this cause nothing: a new or rebuilt consumer reading old history must not mail everyone
   * again, and an activation link from last month is no use. Default one day.
   */
  maxEventAgeMs?: number;
  /** The event types that cause messages: a batch without any only moves the checkpoint (runner.ts). */
  eventTypes: ReadonlySet<string>;
  /** The projections `messagesFor` reads (an address from users): no event is mailed before they have applied it. */
  readsFrom?: readonly string[];
  clock?: Clock;
};

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A projection without tables of its own whose handler enqueues messages. Register it with the other consumers
 * (projections/registry.ts).
 */
export function outboxProjection(options: OutboxProjectionOptions): Projection {
  const clock = options.clock ?? systemClock;
  const maxAgeMs = options.maxEventAgeMs ?? ONE_DAY_MS;
  return {
    kind: 'projection',
    name: options.name,
    version: options.version ?? 1,
    tables: [],
    eventTypes: new Set([...options.eventTypes, 'UserDeleted']),
    ...(options.readsFrom ? { readsFrom: options.readsFrom } : {}),
    async createTables() {},
    async handle(events, trx) {
      const oldest = clock.now().getTime() - maxAgeMs;
      const recent = events.filter((event) => options.eventTypes.has(event.type) && Date.parse(event.metadata.occurred_at) >= oldest);
      const wanted = options.recipientOf ? recent.map(options.recipientOf).filter((id): id is string => id !== null) : [];
      const recipients = await recipientsOf(trx, wanted);
      const messages: OutboxMessage[] = [];
      for (const event of recent) {
        for (const message of await options.messagesFor(event, trx, recipients)) {
          // An erased person's address reads as null (crypto-shredding): there is nobody to write to.
          if (typeof message.to !== 'string' || message.to === '') continue;
          messages.push({ ...message, causationId: message.causationId ?? event.id });
        }
      }
      // The batch's messages together: one statement instead of one a message.
      await enqueueMessages(trx, messages);
      // A deleted person's messages go, also those this consumer wrote after the deletion blanked the outbox (it
      // lags the log: an event just before the deletion may be mailed after it).
      for (const event of events) if (event.type === 'UserDeleted') await eraseOutboxSubject(trx, (event.data as UserDeleted['data']).user_id);
    },
  };
}
