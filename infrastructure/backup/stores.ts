import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../database/database';
import { migrateToLatest } from '../database/migrate';
import type { EventStore } from '../event-store/event-store';

export type BackupStores = { database: DatabaseHandle; eventStoreDb: EventStore | undefined; close(): Promise<void> };

/** What `npm run backup` and `npm run restore` work on, with the server's settings: the database, and EventStoreDB if set. */
export async function openBackupStores(config: Config, maxConnections: number): Promise<BackupStores> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, maxConnections } : { embedded: true, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  let eventStoreDb: EventStore | undefined;
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
    eventStoreDb = EventStoreDbEventStore.connect(config.eventStoreUrl);
  }
  return {
    database,
    eventStoreDb,
    close: async () => {
      await eventStoreDb?.close();
      await database.close();
    },
  };
}
