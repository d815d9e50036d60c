import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsCurrent, writeStamp } from './web-build';

// npm start builds the UI only when its sources changed since the last build (docs/operations.md "The UI build").

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hla-web-build-'));
  write('dist/web/index.html', '<div id="root"></div>');
  write('web/main.tsx', 'render()');
  write('domain/post/schemas.ts', 'export const x = 1;');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the UI build stamp', () => {
  it('is current while the sources it lists are unchanged', () => {
    expect(webBuildIsCurrent(root)).toBe(false); // never built
    writeStamp(['domain/post/schemas.ts', 'web/main.tsx'], root);
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it('is stale once a source changes or is gone, or the build output is missing', () => {
    writeStamp(['domain/post/schemas.ts', 'web/main.tsx'], root);
    write('domain/post/schemas.ts', 'export const x = 2;');
    expect(webBuildIsCurrent(root)).toBe(false);

    writeStamp(['domain/post/schemas.ts', 'web/main.tsx'], root);
    rmSync(path.join(root, 'web/main.tsx'));
    expect(webBuildIsCurrent(root)).toBe(false);

    write('web/main.tsx', 'render()');
    writeStamp(['domain/post/schemas.ts', 'web/main.tsx'], root);
    rmSync(path.join(root, 'dist/web/index.html'));
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});
