import pg from 'pg';

// The PostgreSQL server the bench runs on, and the throw-away databases it creates there.

export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** DATABASE_URL if set, else the local server (trust auth) that tests and CI use. */
export function serverUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_URL;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Databases this run created, so they can be dropped on exit whatever happened. */
const created = new Set<string>();

export async function createDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await withClient(serverUrl(), (c) => c.query(`create database ${name}`));
  created.add(name);
  return withDatabaseName(serverUrl(), name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(serverUrl(), (c) => c.query(`drop database if exists ${name} with (force)`));
  created.delete(name);
}

/** The run leaves this database in place (its creator says where it is). */
export function keepDatabase(name: string): void {
  created.delete(name);
}

export async function dropCreatedDatabases(): Promise<void> {
  for (const name of [...created]) {
    try {
      await dropDatabase(name);
    } catch (error) {
      console.error(`Could not drop database ${name}: ${(error as Error).message}`);
    }
  }
}

/**
 * Flushes dirty pages so each timed workload starts without the previous one's checkpoint debt (needs a superuser
 * or pg_checkpoint; skipped otherwise).
 */
export async function checkpoint(url: string): Promise<void> {
  try {
    await withClient(url, (c) => c.query('checkpoint'));
  } catch {
    // not allowed for this role: the numbers are then a little noisier
  }
}
