import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumersFor } from '../application/consumers';

// docs/events.md is the event catalogue readers trust: it must name every event type the domain declares and give
// every projection and reactor with the version the code runs.

const root = path.resolve(import.meta.dirname, '..');
const catalogue = readFileSync(path.join(root, 'docs/events.md'), 'utf8');

/** Every `…EventTypes` list exported by an aggregate's events.ts. */
async function declaredEventTypes(): Promise<string[]> {
  const types = new Set<string>();
  for (const file of globSync('domain/*/events.ts', { cwd: root })) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith('EventTypes') && Array.isArray(value)) for (const type of value) types.add(String(type));
    }
  }
  return [...types].sort();
}

/** The read-model table's rows: `| \`name\` | version | …`. */
function documentedVersions(): Map<string, number> {
  const section = catalogue.slice(catalogue.indexOf('## Read models'));
  const rows = new Map<string, number>();
  for (const match of section.matchAll(/^\| `([\w-]+)`(?: \([^)]*\))? \| (\d+) \|/gm)) rows.set(match[1]!, Number(match[2]));
  return rows;
}

describe('docs/events.md', () => {
  it('names every event type the domain declares', async () => {
    const types = await declaredEventTypes();
    expect(types.length).toBeGreaterThan(50);
    const missing = types.filter((type) => !catalogue.includes(`\`${type}\``));
    expect(missing).toEqual([]);
  });

  it('lists every projection and reactor with the version the code runs', () => {
    const consumers = consumersFor({ publicUrl: 'http://localhost', secrets: { accessTokenKey: new Uint8Array(32) } });
    const documented = documentedVersions();
    const wrong = consumers
      .filter((consumer) => documented.get(consumer.name) !== consumer.version)
      .map((consumer) => `${consumer.name}: code ${consumer.version}, docs ${documented.get(consumer.name) ?? 'missing'}`);
    expect(wrong).toEqual([]);
  });
});
