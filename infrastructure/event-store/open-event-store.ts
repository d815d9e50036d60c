import type { Config } from '../config';
import type { Database } from '../database/database';
import type { EventStore } from './event-store';
import { PersonalDataEventStore, PersonalDataKeys } from './personal-data';
import { personalDataPolicy } from './personal-data-policy';
import { PostgresEventStore } from './postgres-event-store';

/**
 * PostgreSQL (the default, also embedded) unless EVENTSTORE_URL names an EventStoreDB; either way personal data is
 * encrypted per person before it is stored, with the keys in PostgreSQL.
 */
export async function openEventStore(config: Config, db: Database): Promise<EventStore> {
  let store: EventStore;
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    store = EventStoreDbEventStore.connect(config.eventStoreUrl);
  } else {
    store = new PostgresEventStore(db);
  }
  return new PersonalDataEventStore(store, personalDataPolicy, new PersonalDataKeys(db));
}
