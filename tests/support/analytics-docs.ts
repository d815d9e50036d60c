import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/analytics.md as the tests read it: each view's table of columns (`### \`analytics.<view>\`` then rows
// `| \`column\` | type | meaning |`), and the worked questions' SQL (the first sql block after a `### <title>`).

const doc = () => readFileSync(join(import.meta.dirname, '../../docs/analytics.md'), 'utf8');

export type DocumentedColumn = { view: string; column: string; type: string };

export function documentedColumns(): DocumentedColumn[] {
  const columns: DocumentedColumn[] = [];
  let view: string | null = null;
  for (const line of doc().split('\n')) {
    const heading = /^#{1,6} /.exec(line);
    if (heading) view = /^### `analytics\.(\w+)`\s*$/.exec(line)?.[1] ?? null;
    const row = view ? /^\| `(\w+)` \| ([a-z ]+) \|/.exec(line) : null;
    if (view && row) columns.push({ view, column: row[1]!, type: row[2]!.trim() });
  }
  return columns;
}

export function workedQuestion(title: string): string {
  const text = doc();
  const at = text.indexOf(`\n### ${title}\n`);
  if (at < 0) throw new Error(`docs/analytics.md has no worked question '${title}'`);
  const block = /```sql\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block) throw new Error(`docs/analytics.md: no sql block after '${title}'`);
  return block[1]!;
}
