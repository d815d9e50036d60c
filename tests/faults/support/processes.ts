import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

// The product as real child processes (`npx tsx scripts/start.ts`, docs/operations.md "Process roles"), for the
// fault tests: started with a role, killed with SIGKILL, started again.

const root = path.resolve(import.meta.dirname, '../../..');

export type ProductProcess = {
  role: 'api' | 'worker';
  /** The API's address (api role only). */
  url: string | null;
  /** SIGKILL to the whole process group (npx and tsx start node as children), then waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful close. */
  stop(): Promise<void>;
  /** What it printed (stdout and stderr), for a failing test's message. */
  output(): string;
};

export async function startProduct(role: 'api' | 'worker', databaseUrl: string, env: Record<string, string> = {}): Promise<ProductProcess> {
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: root,
    detached: true, // its own process group, so one signal reaches npx, tsx and node
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: databaseUrl, ROLE: role, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '8', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const ready = role === 'api' ? /is running at (http:\/\/\S+)/ : /worker is running/;
  const deadline = Date.now() + 120_000;
  let match: RegExpExecArray | null = null;
  while (!(match = ready.exec(output))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The ${role} process stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      signal(child, 'SIGKILL');
      throw new Error(`The ${role} process did not start in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const gone = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) signal(child, name);
    await exited;
    // The group's other members (tsx's node) die with the signal too; wait until none is left.
    for (let i = 0; i < 100 && groupAlive(child); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { role, url: role === 'api' ? match[1]! : null, kill: () => gone('SIGKILL'), stop: () => gone('SIGTERM'), output: () => output };
}

function signal(child: ChildProcess, name: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, name);
  } catch {
    // already gone
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}
