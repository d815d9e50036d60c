// npm run restore <file>: a backup of `npm run backup` into an EMPTY store (a new database, DATA_DIR or EventStoreDB;
// same settings as the server), then every projection rebuilt from it, so the product starts ready. With the
// embedded database the server must be stopped. docs/operations.md "Backup and restore".
import { InvalidBackupError } from '../infrastructure/backup/backup-format';
import { restoreBackup, StoreNotEmptyError } from '../infrastructure/backup/restore';
import { loadConfig } from '../infrastructure/config';
import { openBackupStores } from '../infrastructure/backup/stores';
import { openEventStore } from '../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../infrastructure/secrets';
import { consumersFor } from '../application/consumers';
import { ProjectionRunner } from '../projections/runner';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}
const config = loadConfig();
const stores = await openBackupStores(config, 4);
const { database } = stores;
try {
  let started = Date.now();
  const summary = await restoreBackup({ db: database.db, eventStoreDb: stores.eventStoreDb }, file);
  console.log(`Restored ${summary.events} events and ${Object.values(summary.rows).reduce((a, b) => a + b, 0)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // The read models, as the server would build them at its first start (the secrets are the restored ones).
  started = Date.now();
  const store = await openEventStore(config, database.db);
  const consumers = consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(database.db) });
  await new ProjectionRunner({ db: database.db, store, consumers }).catchUp();
  await store.close();
  console.log(`Rebuilt ${consumers.length} projections and reactors in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (error instanceof InvalidBackupError) console.error(`Refused: ${file} is not a complete backup: ${error.message}. Nothing was written.`);
  else if (error instanceof StoreNotEmptyError) console.error(`Refused: ${error.message} Nothing was written.`);
  else console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stores.close();
}
