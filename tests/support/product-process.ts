import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// The product as a real child process (`npx tsx scripts/start.ts`), for tests that kill it, take its database away or
// read its logs: it runs in a process group of its own, so a signal also reaches the processes npx starts under it.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type ProductProcess = {
  /** Where the API listens; null for a worker (no HTTP port). */
  url: string | null;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Null while it runs; its exit code (or signal) once it ended. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** SIGTERM to the group (graceful shutdown), SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the group, then waits until none of it is left (a crash in the middle of work). */
  kill(): Promise<void>;
};

export type ProductProcessOptions = {
  /** What the output shows once the process is ready (default: the API's "is running at" line, a worker's own). */
  ready?: RegExp;
  startTimeoutMs?: number;
};

export async function startProductProcess(env: Record<string, string>, options: ProductProcessOptions = {}): Promise<ProductProcess> {
  const child: ChildProcess = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ended = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const signalGroup = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-child.pid!, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  const stop = async (graceMs = 15_000) => {
    if (exit || child.pid === undefined) return;
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    await ended;
    clearTimeout(timer);
  };
  const kill = async () => {
    if (!exit) signalGroup('SIGKILL');
    await ended;
    // The group's other members (tsx's node) die with the signal too; wait until none is left.
    for (let i = 0; i < 100 && signalGroup(0); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const ready = options.ready ?? (env.ROLE === 'worker' ? /worker is running/ : /is running at/);
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  for (;;) {
    if (ready.test(output)) {
      const url = /is running at (http:\/\/\S+)/.exec(output)?.[1] ?? null;
      return { url, output: () => output, exit: () => exit, stop, kill };
    }
    if (exit || Date.now() > deadline) {
      await stop();
      throw new Error(`The product did not start (${exit ? `exit ${JSON.stringify(exit)}` : 'timeout'}):\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
