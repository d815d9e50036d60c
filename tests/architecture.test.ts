import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md §1: the top-level folders are the architecture, and who may import whom is checked here.

const root = path.resolve(import.meta.dirname, '..');
type Layer = 'domain' | 'contracts' | 'infrastructure' | 'projections' | 'application' | 'api' | 'web' | 'scripts' | 'tests';

const mayImportLayers: Record<Layer, Layer[]> = {
  domain: ['domain'],
  // The wire formats (response schemas) the API answers and the UI reads.
  contracts: ['domain', 'contracts'],
  infrastructure: ['domain', 'infrastructure'],
  // Query modules answer rows in the wire format's types.
  projections: ['domain', 'contracts', 'infrastructure', 'projections'],
  // One module per workflow: load, decide, append, retry; used by routes and reactors alike.
  application: ['domain', 'contracts', 'infrastructure', 'projections', 'application'],
  api: ['domain', 'contracts', 'infrastructure', 'projections', 'application', 'api'],
  web: ['domain', 'contracts', 'web', 'api'], // api: exported types only (checked below)
  scripts: ['domain', 'contracts', 'infrastructure', 'projections', 'application', 'api', 'web', 'scripts', 'tests'],
  tests: ['domain', 'contracts', 'infrastructure', 'projections', 'application', 'api', 'web', 'scripts', 'tests'],
};

/** Packages the pure domain may use; tests beside it may also use the test tools. */
const domainPackages = ['zod', 'ts-pattern'];
const testPackages = ['vitest', 'fast-check'];
/** Server-side packages the browser bundle must never pull in. */
const serverPackages = /^(node:|pg$|pg-|kysely|fastify|@fastify\/|@eventstore\/|@electric-sql\/|pino|close-with-grace|qs$|argon2|nodemailer)/;

export type Violation = { file: string; specifier: string; reason: string };

export function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[3] ?? match[4];
    if (specifier) found.push({ specifier, typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** The feature folder a web file belongs to (web/features/<feature>/…), if any. */
const featureOf = (file: string) => /^web\/features\/([^/]+)\//.exec(file)?.[1];

export function checkFile(relativeFile: string, source: string): Violation[] {
  const layer = relativeFile.split('/')[0] as Layer;
  const isTest = /\.test\.tsx?$/.test(relativeFile);
  const violations: Violation[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    const violation = (reason: string) => violations.push({ file: relativeFile, specifier, reason });
    if (specifier.startsWith('.')) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(relativeFile), specifier));
      const target = resolved.split('/')[0] as Layer;
      // Tests beside the code may use the shared test support in tests/.
      const allowed = isTest ? [...(mayImportLayers[layer] ?? []), 'tests'] : mayImportLayers[layer];
      if (!allowed?.includes(target)) violation(`${layer}/ may not import ${target}/`);
      else if (layer === 'web' && target === 'api' && !typeOnly) violation('web/ may import only types from api/');
      else if (featureOf(relativeFile) && featureOf(resolved) && featureOf(relativeFile) !== featureOf(resolved)) {
        // STYLE.md: features do not import each other; shared pieces live in web/components/ and web/lib/.
        violation('a web feature may not import another feature');
      }
      continue;
    }
    if (layer === 'domain') {
      const allowed = [...domainPackages, ...(isTest ? testPackages : [])];
      if (!allowed.some((p) => specifier === p || specifier.startsWith(`${p}/`))) violation('domain/ is pure: no I/O or other packages');
    }
    if (layer === 'web' && serverPackages.test(specifier)) violation('web/ may not import server-side packages');
  }
  if (layer === 'domain' && !isTest) {
    if (/Date\.now\(|new Date\(\s*\)|Math\.random\(|randomUUID\(|nanoid\(/.test(source)) {
      violations.push({ file: relativeFile, specifier: '(clock or randomness)', reason: 'domain/ gets time and ids from its commands' });
    }
  }
  return violations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('architecture (DESIGN.md §1)', () => {
  it('every layer imports only what it may', () => {
    const layers: Layer[] = ['domain', 'contracts', 'infrastructure', 'projections', 'application', 'api', 'web'];
    const violations = layers.flatMap((layer) => sourceFiles(layer).flatMap((f) => checkFile(f, readFileSync(path.join(root, f), 'utf8'))));
    expect(violations).toEqual([]);
  });

  it('keeps route modules thin: at most 200 lines each (the workflows live in application/)', () => {
    const long = sourceFiles('api/routes')
      .filter((file) => !/\.test\.ts$/.test(file))
      .map((file) => [file, readFileSync(path.join(root, file), 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 200);
    expect(long).toEqual([]);
  });

  it('keeps the routes out of a circle with the app: no route imports api/app.ts', () => {
    const circular = sourceFiles('api/routes').filter((file) => importsOf(readFileSync(path.join(root, file), 'utf8')).some(({ specifier }) => /(^|\/)app$/.test(specifier)));
    expect(circular).toEqual([]);
  });

  describe('the check itself catches', () => {
    it('a web feature importing another feature', () => {
      expect(checkFile('web/features/posts/edit/x.tsx', "import { usePost } from '../api/get-post';")).toEqual([]);
      expect(checkFile('web/features/posts/x.tsx', "import { ImageField } from '../../components/image-field';")).toEqual([]);
      expect(checkFile('web/features/users/x.tsx', "import { PermissionsPanel } from '../permissions/components/permissions-panel';")).toHaveLength(1);
    });

    it('a domain file importing I/O, a database client or an outer layer', () => {
      expect(checkFile('domain/post/decider.ts', "import { readFile } from 'node:fs';")).toHaveLength(1);
      expect(checkFile('domain/post/decider.ts', "import pg from 'pg';")).toHaveLength(1);
      expect(checkFile('domain/post/decider.ts', "import { x } from '../../infrastructure/clock';")).toHaveLength(1);
      expect(checkFile('domain/post/decider.ts', "export { y } from '../../projections/registry';")).toHaveLength(1);
      expect(checkFile('domain/post/decider.ts', "const m = await import('../../api/app');")).toHaveLength(1);
      expect(checkFile('domain/post/decider.ts', 'const at = new Date();')).toHaveLength(1);
    });

    it('a web file importing server code', () => {
      expect(checkFile('web/features/x.tsx', "import { sql } from 'kysely';")).toHaveLength(1);
      expect(checkFile('web/features/x.tsx', "import { db } from '../../infrastructure/database/database';")).toHaveLength(1);
      expect(checkFile('web/features/x.tsx', "import { buildApp } from '../../api/app';")).toHaveLength(1);
    });

    it('and lets allowed imports through', () => {
      expect(checkFile('domain/post/decider.ts', "import { z } from 'zod';\nimport { match } from 'ts-pattern';")).toEqual([]);
      expect(checkFile('web/features/x.tsx', "import type { AppDependencies } from '../../api/app';\nimport { organisationFields } from '../../domain/organisation/schemas';")).toEqual([]);
      expect(checkFile('api/app.ts', "import { sql } from 'kysely';\nimport { x } from '../projections/registry';")).toEqual([]);
    });
  });
});
