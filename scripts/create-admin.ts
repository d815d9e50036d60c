import { z } from 'zod';
import { registerUser } from '../application/users/register-user';
import { email, password, personName, phoneNumber } from '../domain/user/schemas';
import { loadConfig } from '../infrastructure/config';
import { openDatabase } from '../infrastructure/database/database';
import { migrateToLatest } from '../infrastructure/database/migrate';
import { openEventStore } from '../infrastructure/event-store/open-event-store';
import { randomIds } from '../infrastructure/ids';
import { loadSecrets } from '../infrastructure/secrets';

// The first admin of a production installation (docs/operations.md): `ADMIN_EMAIL=… ADMIN_PASSWORD=…
// ADMIN_FIRST_NAME=… ADMIN_LAST_NAME=… ADMIN_MOBILE=… npm run create-admin`. Further admins are created in the UI.

const input = z
  .object({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_FIRST_NAME: personName, ADMIN_LAST_NAME: personName, ADMIN_MOBILE: phoneNumber })
  .safeParse(process.env);
if (!input.success) {
  for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { embedded: true, dataDir: config.dataDir });
await migrateToLatest(database.db);
const store = await openEventStore(config, database.db);
const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_FIRST_NAME, ADMIN_LAST_NAME, ADMIN_MOBILE } = input.data;
const created = await registerUser(
  { store, ids: randomIds, secrets: await loadSecrets(database.db) },
  {
    user_type: 'admin',
    personal: { email: ADMIN_EMAIL, first_name: ADMIN_FIRST_NAME, last_name: ADMIN_LAST_NAME, country_code: '61', mobile_number: ADMIN_MOBILE },
    password: ADMIN_PASSWORD,
    created_by: null,
  },
  { userId: null, correlationId: 'create-admin', causationId: null, now: new Date() },
);
await store.close();
await database.close();
if (!created.ok) {
  console.error(created.error.message);
  process.exit(1);
}
console.log(`Admin ${ADMIN_EMAIL} created.`);
