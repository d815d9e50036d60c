import { randomBytes } from 'node:crypto';
import type { Database } from './database/database';

export type AppSecrets = Readonly<{
  /** Signs access tokens (HS256). */
  accessTokenKey: Uint8Array;
  /** Keys the e-mail reservation stream names, so a stream id does not reveal an address. */
  emailLookupKey: Uint8Array;
}>;

/** The servers' shared secrets, made on first start (the first process to insert wins; the others read its). */
export async function loadSecrets(db: Database): Promise<AppSecrets> {
  const names = ['access_token', 'email_lookup'];
  await db
    .insertInto('app_secrets')
    .values(names.map((name) => ({ name, value: randomBytes(32), created_at: new Date() })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('app_secrets').select(['name', 'value']).where('name', 'in', names).execute();
  const byName = new Map(rows.map((r) => [r.name, new Uint8Array(r.value)]));
  return Object.freeze({ accessTokenKey: byName.get('access_token')!, emailLookupKey: byName.get('email_lookup')! });
}

