// npm run projections:rebuild [name ...]: rebuilds projections from position 0 into fresh tables and swaps them in
// once caught up; the live tables keep serving meanwhile. With DATABASE_URL it may run beside the servers; the
// embedded database can be opened by one process only, so stop `npm start` first.
import os from 'node:os';
import { loadConfig } from '../infrastructure/config';
import { openDatabase } from '../infrastructure/database/database';
import { migrateToLatest } from '../infrastructure/database/migrate';
import { openEventStore } from '../infrastructure/event-store/open-event-store';
import { loadSecrets } from '../infrastructure/secrets';
import { rebuildProjections } from '../projections/rebuild';
import { consumersFor } from '../application/consumers';
import { ProjectionRunner, REBUILD_APPLICATION_NAME, REBUILD_YIELD } from '../projections/runner';

const config = loadConfig();
const requested = process.argv.slice(2);
// Live traffic first (issue 27): the rebuild's own work runs at the lowest CPU priority (nothing lost on an idle
// machine), and its sessions are named so that runners do not take them for live work (RunnerOptions.rebuildYield).
os.setPriority(19);

const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, applicationName: REBUILD_APPLICATION_NAME } : { embedded: true, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  // The mail consumers sign the codes in their links with the servers' key.
  const consumers = consumersFor({ publicUrl: config.publicUrl, secrets: await loadSecrets(database.db) });
  const unknown = requested.filter((name) => !consumers.some((c) => c.name === name));
  if (unknown.length > 0) throw new Error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${consumers.map((c) => c.name).join(', ')}`);
  const selected = consumers.filter((c) => requested.length === 0 || requested.includes(c.name));
  const store = await openEventStore(config, database.db);
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    consumers: selected,
    batchSize: 5000,
    rebuildYield: REBUILD_YIELD,
    drivesBuilds: true,
    // A swap that could not make an analytics view again says so (docs/analytics.md); the rebuild itself stands.
    onError: (error, consumer) => console.error(`${consumer}: ${(error as Error).message}`),
  });
  const started = Date.now();
  await rebuildProjections(database.db, runner, selected, config.databaseUrl !== undefined);
  console.log(`Rebuilt ${selected.map((c) => c.name).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await store.close();
} finally {
  await database.close();
}
