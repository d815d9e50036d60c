import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../database/database';
import type { EventStore } from './event-store';
import { PersonalDataEventStore, PersonalDataKeys } from './personal-data';
import { personalDataPolicy } from './personal-data-policy';
import { PostgresEventStore } from './postgres-event-store';

/**
 * PostgreSQL (the default, also embedded) unless EVENTSTORE_URL names an EventStoreDB; either way personal data is
 * encrypted per person before it is stored, with the keys in PostgreSQL.
 */
/**
 * `listen` lets the process cache keys for reading (dropped at every erasure's notification); without it every read
 * asks the table (docs/personal-data.md "Erasure").
 */
export async function openEventStore(config: Config, db: Database, listen?: DatabaseHandle['listen']): Promise<EventStore> {
  let store: EventStore;
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    store = EventStoreDbEventStore.connect(config.eventStoreUrl);
  } else {
    store = new PostgresEventStore(db);
  }
  return new PersonalDataEventStore(store, personalDataPolicy, new PersonalDataKeys(db, { listen }));
}
