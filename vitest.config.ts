import { defineConfig } from 'vitest/config';

// CI runs on two cores (docs/operations.md "CI"). vitest's default there is one worker (cores - 1), which left the
// cores idle while the integration and browser tests wait on PostgreSQL, the projections and Chromium: two workers.
// The integration and browser files share their worker's modules (isolate: false): each file imported the whole app
// afresh (a third of the integration tests' CPU). They mock nothing and keep no state between files: each makes its
// own app and database; a test file that stubs globals or modules belongs in `unit`, which stays isolated.
// `expect.poll` waits up to 10 s, not vitest's 1 s: a poll ends as soon as its condition holds, and on a loaded CI
// machine a debounced search and its request took more than a second (a browser test failed so on 29/11).
const poll = { timeout: 10_000 };
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/*.faults.test.ts', 'node_modules/**', 'dist/**'] } },
      { test: { name: 'integration', include: ['**/*.int.test.ts'], exclude: ['node_modules/**', 'dist/**'], setupFiles: ['tests/support/integration-setup.ts'], globalSetup: ['tests/support/pglite-template.ts'], isolate: false, testTimeout: 30_000, hookTimeout: 60_000, expect: { poll } } },
      // Long fault tests (npm run test:faults): they start and kill whole processes and a PostgreSQL server of their own.
      { test: { name: 'faults', include: ['tests/faults/**/*.faults.test.ts'], testTimeout: 600_000, hookTimeout: 300_000, fileParallelism: false } },
      { test: { name: 'e2e', include: ['**/*.e2e.test.ts'], exclude: ['node_modules/**', 'dist/**'], setupFiles: ['tests/support/e2e-setup.ts'], globalSetup: ['tests/support/pglite-template.ts'], isolate: false, sequence: { groupOrder: 1 }, expect: { poll }, testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
    ],
  },
});
