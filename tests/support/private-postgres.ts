import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A PostgreSQL cluster of a fault test's own (Debian's binaries), so the test may stop and start it: the machine's
// server is shared and must never be stopped. Trust authentication on 127.0.0.1 and a free port; the cluster runs as
// the `postgres` user when the test runs as root (PostgreSQL refuses to run as root).

const run = promisify(execFile);
const binDir = '/usr/lib/postgresql/15/bin';

export type PrivatePostgres = {
  port: number;
  /** A connection string to `database` on this cluster. */
  url(database?: string): string;
  /** `pg_ctl stop`: `fast` ends sessions and checkpoints; `immediate` kills the server (crash recovery at start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (if running) and deletes its files. */
  destroy(): Promise<void>;
};

export type PrivatePostgresOptions = { settings?: Record<string, string> };

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  if (!existsSync(path.join(binDir, 'pg_ctl'))) throw new Error(`PostgreSQL 15 binaries are needed in ${binDir}: apt-get install -y postgresql-15`);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'hla-private-pg-'));
  const dataDir = path.join(dir, 'data');
  const tool = async (name: string, args: string[]) => {
    const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args]] : [path.join(binDir, name), args];
    return run(command as string, all as string[], { cwd: dir, timeout: 120_000 });
  };
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  await chmod(dir, 0o700);
  const port = await freePort();
  const settings = { listen_addresses: '127.0.0.1', port: String(port), unix_socket_directories: dir, max_connections: '60', ...options.settings };
  const serverOptions = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  const start = async () => {
    await tool('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', '-t', '120', 'start']);
  };
  try {
    await tool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async (mode) => {
      await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '120', 'stop']);
    },
    start,
    destroy: async () => {
      // Stopped already, or never started: pg_ctl says so and nothing is left to stop.
      await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on now (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
