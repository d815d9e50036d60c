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
// Demo accounts share a published password, so they exist only outside production (docs/operations.md); the demo's
// story runs before the scheduler starts (api/server.ts `beforeScheduler`), in the process that runs everything.
let seeded: { ms: number; cpuMs: number } | null = null;
const seedDemo =
  config.developmentMode && config.role === 'all'
    ? async (product: Parameters<typeof seedDemoData>[0]) => {
        const started = performance.now();
        const cpu = process.cpuUsage();
        if (await seedDemoData(product, new Date())) {
          const used = process.cpuUsage(cpu);
          seeded = { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
        }
      }
    : undefined;
const running = await orExit(() => startProcess({ config, ...(seedDemo ? { beforeScheduler: (product) => seedDemo({ ...product, config }) } : {}) }));
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
if (seedDemo && running.url) {
  if (seeded) {
    const { ms, cpuMs } = seeded as { ms: number; cpuMs: number };
    console.log(`First start: the demo marketplace was added in ${(ms / 1000).toFixed(1)} s (${(cpuMs / 1000).toFixed(1)} s of CPU; docs/demo-data.md).`);
  }
  console.log(`  Log in at ${running.url}/login as ${demoAdmin.email} (admin) with ${DEMO_PASSWORD}; the README lists the other demo accounts.\n`);
}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error('Shutting down after an error:', err.message);
  await running.close();
});
