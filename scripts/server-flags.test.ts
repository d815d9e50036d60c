import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-flags';

describe('the server flags', () => {
  it('npm start runs the product with the flags the benches measure', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`tsx ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`);
  });
});
