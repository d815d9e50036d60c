import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The product runs on the Node.js of its `node` dependency: npm puts node_modules/.bin first on the PATH of every
// script, so `npm start`, `npm test` and `npm run bench` use it whatever Node.js the machine has
// (docs/operations.md "Node.js"). Node 20 gave each object spread with a new key its own hidden class (docs/performance.md).
it('runs on the Node.js the project installs', () => {
  const installed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../node_modules/node/package.json'), 'utf8')) as { version: string };
  expect(process.version).toBe(`v${installed.version}`);
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
});
