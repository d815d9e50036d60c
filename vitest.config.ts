import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/*.faults.test.ts', 'node_modules/**', 'dist/**'] } },
      { test: { name: 'integration', include: ['**/*.int.test.ts'], exclude: ['node_modules/**', 'dist/**'], testTimeout: 30_000, hookTimeout: 60_000 } },
      // Long fault tests (npm run test:faults): they start and kill whole processes and a PostgreSQL server of their own.
      { test: { name: 'faults', include: ['tests/faults/**/*.faults.test.ts'], testTimeout: 600_000, hookTimeout: 300_000, fileParallelism: false } },
      { test: { name: 'e2e', include: ['**/*.e2e.test.ts'], exclude: ['node_modules/**', 'dist/**'], setupFiles: ['tests/support/e2e-setup.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
    ],
  },
});
