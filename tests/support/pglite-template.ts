import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedEmbeddedDataDir } from './test-database';

// Global setup of the integration and browser tests (vitest.config.ts): on embedded PGlite (no DATABASE_URL), the
// migrated data directory every test database starts from is made once for the run, before any test file, instead of
// once per worker inside a test's hook (tests/support/test-database.ts). On the PostgreSQL server the few tests that
// ask for PGlite make it themselves.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite data directory, or '' (each worker makes its own when it needs one). */
    pgliteTemplate: string;
  }
}

/** One file for the run, whichever project asks first (the integration and the browser projects both do). */
let template: Promise<string> | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  template ??= (async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'hla-pglite-template-')), 'migrated.tar');
    await writeFile(file, Buffer.from(await (await migratedEmbeddedDataDir()).arrayBuffer()));
    return file;
  })();
  const file = await template;
  project.provide('pgliteTemplate', file);
  return () => rm(path.dirname(file), { recursive: true, force: true });
}
