import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RESULT_MARKER, type Task, type TaskResult } from './tasks';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const running = new Set<ChildProcess>();

/** Ends the workers still running (on Ctrl-C: emmett's SIGINT handlers would otherwise keep a peer worker alive). */
export function killWorkers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Runs one task in a fresh Node process (tsx loader) and returns what it reported; its stderr passes through. */
export function runTask(task: Task): Promise<TaskResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(task)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running.add(child);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      const line = out.split('\n').find((l) => l.startsWith(RESULT_MARKER));
      if (code === 0 && line) {
        resolve(JSON.parse(line.slice(RESULT_MARKER.length)) as TaskResult);
        return;
      }
      const rest = out.split('\n').filter((l) => !l.startsWith(RESULT_MARKER)).join('\n').trim();
      reject(new Error(`${task.kind} worker failed (${signal ?? `exit ${code}`})${rest ? `:\n${rest}` : ''}`));
    });
  });
}
