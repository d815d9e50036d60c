import closeWithGrace from 'close-with-grace';
import { startProcess } from '../api/server';
import { loadConfig } from '../infrastructure/config';
import { DEMO_PASSWORD, demoAdmin, seedDemoData } from './demo-data';
import { buildWebIfChanged } from './web-build';

/** A configuration mistake is told in its own words, without a stack trace. */
async function orExit<T>(start: () => T | Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('Invalid configuration'))) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = await orExit(() => loadConfig());
// A worker serves no UI; the others build it only when its sources changed since the last build.
if (config.role !== 'worker') buildWebIfChanged();
const running = await orExit(() => startProcess({ config }));
const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const parts = {
  all: 'API, UI, projections, scheduler and outbox',
  api: 'API and UI (projections, scheduler and outbox run in worker processes)',
  worker: 'projections, scheduler and outbox (no HTTP port)',
}[config.role];
const consumers = config.role === 'api' ? '' : `\n  projections and reactors: ${config.projections === 'all' ? 'all' : running.consumers.join(', ')}`;
if (running.url) {
  console.log(`\nHome-loan auction marketplace is running at ${running.url}\n  role: ${config.role}: ${parts}${consumers}\n  data: ${where}${config.eventStoreUrl ? ', events in EventStoreDB' : ''}\n  API documentation: ${running.url}/docs\n`);
} else {
  console.log(`\nHome-loan auction marketplace worker is running\n  role: ${config.role}: ${parts}${consumers}\n  data: ${where}${config.eventStoreUrl ? ', events in EventStoreDB' : ''}\n`);
}
// Demo accounts share a published password, so they exist only outside production (docs/operations.md); they are
// added where the API runs, which tells the user how to log in.
if (config.developmentMode && running.url) {
  if (await seedDemoData(running, new Date())) console.log('First start: demo organisations, questions and accounts added.');
  console.log(`  Log in at ${running.url}/login as ${demoAdmin.email} (admin) with ${DEMO_PASSWORD}; the README lists the other demo accounts.\n`);
}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error('Shutting down after an error:', err.message);
  await running.close();
});
