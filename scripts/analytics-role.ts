// npm run analytics:role: the analysts' read-only role (docs/analytics.md "Connecting"), on the PostgreSQL server of
// DATABASE_URL: `ANALYTICS_PASSWORD=… [ANALYTICS_ROLE=analytics_reader] npm run analytics:role`. Run it with the
// servers' database user (it owns the analytics views); running it again sets the password anew.
import { loadConfig } from '../infrastructure/config';
import { analyticsRoleInput, ensureAnalyticsRole } from '../infrastructure/database/analytics-role';
import { openDatabase } from '../infrastructure/database/database';
import { migrateToLatest } from '../infrastructure/database/migrate';

const input = analyticsRoleInput.safeParse(process.env);
if (!input.success) {
  for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL: needed; the embedded database takes no connections, so analysts could not log in to it.');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database.db);
  await ensureAnalyticsRole(database.db, input.data.ANALYTICS_ROLE, input.data.ANALYTICS_PASSWORD);
} finally {
  await database.close();
}
console.log(`Role ${input.data.ANALYTICS_ROLE} reads the analytics schema (docs/analytics.md).`);
