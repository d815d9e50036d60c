// npm run backup [file]: the event store and the keys to read it back, to a gzip'd JSON-lines file (default
// ./backups/<timestamp>.jsonl.gz). Same settings as the server (DATABASE_URL, EVENTSTORE_URL, DATA_DIR); with the
// embedded database stop `npm start` first (PGlite is opened by one process only). docs/operations.md "Backup and restore".
import { writeBackup } from '../infrastructure/backup/backup';
import { loadConfig } from '../infrastructure/config';
import { openBackupStores } from '../infrastructure/backup/stores';

const config = loadConfig();
const file = process.argv[2] ?? `./backups/${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`;
const stores = await openBackupStores(config, 2);
try {
  const started = Date.now();
  const summary = await writeBackup({ db: stores.database.db, eventStoreDb: stores.eventStoreDb }, file);
  const rows = Object.entries(summary.rows).map(([table, n]) => `${table} ${n}`).join(', ');
  console.log(`Backed up ${summary.events} events (${rows}) to ${summary.file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stores.close();
}
