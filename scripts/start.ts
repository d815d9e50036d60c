import closeWithGrace from 'close-with-grace';
import { startServer } from '../api/server';
import { loadConfig } from '../infrastructure/config';
import { seedDemoData } from './demo-data';

const config = loadConfig();
const server = await startServer({ config });
if (await seedDemoData(server.store, new Date())) console.log('First start: demo organisations added.');
const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
console.log(`\nHome-loan auction marketplace is running at ${server.url}\n  data: ${where}${config.eventStoreUrl ? ', events in EventStoreDB' : ''}\n  API documentation: ${server.url}/docs\n`);
if (config.developmentMode) console.log('  Development mode: admin screens are open without log-in (until the identity issue).\n');

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error('Shutting down after an error:', err.message);
  await server.close();
});
