import type { Config } from '../config';
import type { Database } from '../database/database';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

/** PostgreSQL (the default, also embedded) unless EVENTSTORE_URL names an EventStoreDB. */
export async function openEventStore(config: Config, db: Database): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return EventStoreDbEventStore.connect(config.eventStoreUrl);
  }
  return new PostgresEventStore(db);
}
