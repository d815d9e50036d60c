import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// The product as a real child process (`npx tsx scripts/start.ts`), for fault tests that take its database away or
// kill it: it runs in a process group of its own, so stopping it also stops the processes npx starts under it.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type ProductProcess = {
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Null while it runs; its exit code (or signal) once it ended. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** SIGTERM to the group (graceful shutdown), SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

export type ProductProcessOptions = {
  /** What the output shows once the process is ready (default: the "is running at" line). */
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
  const stop = async (graceMs = 15_000) => {
    if (exit || child.pid === undefined) return;
    const group = -child.pid;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(group, name);
      } catch {
        // the group is gone already
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await ended;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  for (;;) {
    const url = /is running at (http:\/\/\S+)/.exec(output)?.[1];
    if (url && (options.ready ?? /is running at/).test(output)) return { url, output: () => output, exit: () => exit, stop };
    if (exit || Date.now() > deadline) {
      await stop();
      throw new Error(`The product did not start (${exit ? `exit ${JSON.stringify(exit)}` : 'timeout'}):\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
