import closeWithGrace from 'close-with-grace';
import { startServer } from '../api/server';
import { loadConfig } from '../infrastructure/config';
import { DEMO_PASSWORD, demoAdmin, seedDemoData } from './demo-data';

const config = loadConfig();
const server = await startServer({ config });
const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
console.log(`\nHome-loan auction marketplace is running at ${server.url}\n  data: ${where}${config.eventStoreUrl ? ', events in EventStoreDB' : ''}\n  API documentation: ${server.url}/docs\n`);
// Demo accounts share a published password, so they exist only outside production (docs/operations.md).
if (config.developmentMode) {
  if (await seedDemoData(server, new Date())) console.log('First start: demo organisations, questions and accounts added.');
  console.log(`  Log in at ${server.url}/login as ${demoAdmin.email} (admin) with ${DEMO_PASSWORD}; the README lists the other demo accounts.\n`);
}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error('Shutting down after an error:', err.message);
  await server.close();
});
