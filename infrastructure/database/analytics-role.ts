import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from './database';

// The analysts' read-only role (docs/analytics.md "Connecting"): it logs in, reads the views of the `analytics`
// schema and nothing else. Views run with their owner's rights, so the role needs no grant on the read models they
// read, and has none: not on `public`, the events or the keys.

export const analyticsRoleInput = z.object({
  ANALYTICS_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a PostgreSQL role name: lower-case letters, digits and _, at most 63')
    .default('analytics_reader'),
  ANALYTICS_PASSWORD: z.string().min(16, 'at least 16 characters'),
});

/** How long one of the role's statements may run: a swap of the views it reads waits for the queries on them. */
export const ANALYTICS_STATEMENT_TIMEOUT = '15min';

/**
 * Creates the role, or brings an existing one back to exactly this (new password included): log-in, no other
 * attribute, read-only transactions, SELECT on the analytics views now and on every view made there later (default
 * privileges of the schema's owner, who makes them). Safe to run again.
 */
export async function ensureAnalyticsRole(db: Database, role: string, password: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two runs at once would both find the role missing.
    await sql`select pg_advisory_xact_lock(hashtextextended('analytics role', 0))`.execute(trx);
    const { rows } = await sql<{ exists: boolean; database: string; owner: string }>`
      select exists (select 1 from pg_roles where rolname = ${role}) as exists, current_database() as database,
        (select nspowner::regrole::text from pg_namespace where nspname = 'analytics') as owner`.execute(trx);
    const { exists, database, owner } = rows[0]!;
    // The names and the password are quoted by PostgreSQL (format's %I and %L): DDL takes no parameters.
    const statement = async (template: string, ...values: string[]) => {
      const { rows: built } = await sql<{ text: string }>`select format(${template}::text, ${sql.join(values.map((v) => sql`${v}::text`))}) as text`.execute(trx);
      await sql.raw(built[0]!.text).execute(trx);
    };
    await statement(`${exists ? 'alter' : 'create'} role %I with login nosuperuser nocreatedb nocreaterole noinherit password %L`, role, password);
    await statement('alter role %I set default_transaction_read_only = on', role);
    await statement('alter role %I set statement_timeout = %L', role, ANALYTICS_STATEMENT_TIMEOUT);
    await statement('grant connect on database %I to %I', database, role);
    await statement('grant usage on schema analytics to %I', role);
    await statement('grant select on all tables in schema analytics to %I', role);
    await statement('alter default privileges for role %I in schema analytics grant select on tables to %I', owner, role);
  });
}
