// The product's server for the HTTP bid workload, in a process of its own (as `npm start` runs it, without the
// demo data): database pool, migrations, projection runner, outbox delivery and API on a free port. It prints
// its URL on one marked line and closes gracefully when its stdin ends: when the workload is done, and also when
// the workload's process dies, so no server outlives a run.
import { startServer } from '../../api/server';
import { loadConfig } from '../../infrastructure/config';
import { ceilingRoutes } from './ceiling-route';
import { SERVER_READY_MARKER } from './tasks';

const [url, poolSize] = process.argv.slice(2);
if (!url) {
  console.error('usage: bid-server.ts <database url> [pool size]');
  process.exit(2);
}
// Production mode; warnings and errors logged only (a line per request would cost the server CPU the bench measures).
const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}) });
// With the ceiling route beside the product's own (scripts/bench/ceiling-route.ts).
const server = await startServer({ config, routes: [ceilingRoutes] });
process.stdout.write(`${SERVER_READY_MARKER}${server.url}\n`);
process.stdin.resume();
process.stdin.on('close', () => {
  void server.close().then(() => process.exit(0));
});
