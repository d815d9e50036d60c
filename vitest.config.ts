import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', 'node_modules/**', 'dist/**'] } },
      { test: { name: 'integration', include: ['**/*.int.test.ts'], exclude: ['node_modules/**', 'dist/**'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'e2e', include: ['**/*.e2e.test.ts'], exclude: ['node_modules/**', 'dist/**'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
    ],
  },
});
