import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { readCsv } from '../../application/financial-institution-products/csv-file';
import { importProducts } from '../../application/financial-institution-products/import-products';
import { createOrganisation } from '../../application/organisations/create-organisation';
import { homeLoanProduct } from '../../domain/product/products';
import { productImportLimits } from '../../domain/shared/limits';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { openDatabase } from '../../infrastructure/database/database';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { loadSecrets } from '../../infrastructure/secrets';
import { waitForProjections } from '../../projections/projection-status';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { dropDatabase } from './admin';
import { formatTable, int, times } from './report';

// The product import (issue 30 "Figures"; docs/products.md "Import", docs/performance.md "Product import"): a file of
// 10,000 rows, a tenth of them bad, imported into a new lender's catalogue by the import workflow (read, check every
// row, match by product name, one append, the error file), next to parsing the same file alone with csv-parse in the
// same run: the ratio says what the import costs beyond reading the file. Each round imports into a lender of its
// own, so every round creates 9,000 products; the preview (dry_run) of the same file is timed too.

const ROWS = productImportLimits.maxRows;
const ROUNDS = 3;

/** 10,000 rows: every tenth refused (a missing name, a status not in the list, a repeated product name in turn). */
export function productFile(rows = ROWS): string {
  const lines = [['product_name', 'name', 'description', 'status', 'is_restrict']];
  for (let i = 0; i < rows; i++) {
    const bad = i % 10 === 9;
    const kind = Math.floor(i / 10) % 3;
    lines.push([
      bad && kind === 2 ? `Product ${i - 1}` : `Product ${i}`,
      bad && kind === 0 ? '' : `P-${String(i).padStart(5, '0')}`,
      i % 7 === 0 ? `=HYPERLINK("x") offer ${i}, with "quotes"` : `Variable home loan number ${i}, offset and redraw`,
      bad && kind === 1 ? 'sold' : i % 5 === 0 ? 'inactive' : 'active',
      i % 3 === 0 ? 'yes' : 'no',
    ]);
  }
  return stringify(lines);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type ProductFigures = { rows: number; refused: number; parse: number; preview: number; importing: number };

export async function productWorkloads(deps: { freshDatabase: () => Promise<{ name: string; url: string }> }): Promise<ProductFigures> {
  const { name, url } = await deps.freshDatabase();
  const handle = await openDatabase({ url, maxConnections: 4 });
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const store = await openEventStore(config, handle.db, handle.listen);
  const secrets = await loadSecrets(handle.db);
  const runner = new ProjectionRunner({ db: handle.db, store, consumers: consumersFor({ publicUrl: config.publicUrl, secrets }), idleMs: 10 });
  await runner.untilLive();
  runner.start();
  const deps2 = { config, db: handle.db, store, clock: systemClock, ids: randomIds, secrets };
  const context = () => ({ userId: null, correlationId: randomIds.uuid(), causationId: null, now: new Date() });
  try {
    const text = productFile();
    const data = Buffer.from(text, 'utf8').toString('base64');
    const parse: number[] = [];
    const preview: number[] = [];
    const importing: number[] = [];
    let refused = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const lender = await createOrganisation(deps2, { productId: homeLoanProduct.uuid, organisation: { name: `Bench Bank ${round}`, abbreviation: null, organisation_type: 'financial_institution', category: 'other_banks', status: 'active', allowed_bidders: [] } }, context());
      if (!lender.ok) throw new Error(lender.error.message);
      if (lender.position) await waitForProjections(handle.db, ['organisations'], lender.position, { timeoutMs: 30_000 });
      const file = { operation: 'import_from_csv' as const, file_name: 'products.csv', data };

      process.stderr.write(`  products: round ${round}/${ROUNDS} ... `);
      let started = performance.now();
      const parsed = readCsv(text);
      parse.push((performance.now() - started) / 1000);
      if (!parsed.ok || parsed.rows.length !== ROWS + 1) throw new Error('the bench file did not parse');

      started = performance.now();
      const previewed = await importProducts(deps2, { organisationId: lender.organisationId, file: { ...file, dry_run: true } }, context());
      preview.push((performance.now() - started) / 1000);

      started = performance.now();
      const imported = await importProducts(deps2, { organisationId: lender.organisationId, file: { ...file, dry_run: false } }, context());
      importing.push((performance.now() - started) / 1000);
      if (!previewed.ok || !imported.ok) throw new Error('the bench import was refused');
      if (imported.result.counts.created !== ROWS - imported.result.counts.refused) throw new Error('the bench import did not create every good row');
      refused = imported.result.counts.refused;
      process.stderr.write(`parse ${parse.at(-1)!.toFixed(3)} s, preview ${preview.at(-1)!.toFixed(2)} s, import ${importing.at(-1)!.toFixed(2)} s\n`);
    }
    return { rows: ROWS, refused, parse: median(parse), preview: median(preview), importing: median(importing) };
  } finally {
    await runner.stop();
    await handle.close();
    await dropDatabase(name);
  }
}

export function printProducts(figures: ProductFigures): void {
  console.log(`\nProduct import: ${int(figures.rows)} rows, ${int(figures.refused)} refused (median of ${ROUNDS} rounds, each into a new lender)`);
  const row = (workload: string, seconds: number, digits: number) => [workload, `${seconds.toFixed(digits)} s`, int(figures.rows / seconds), times(seconds / figures.parse)];
  console.log(
    formatTable(
      ['Workload', 'Seconds', 'Rows/s', 'vs parsing alone'],
      [
        row('parse the file alone (csv-parse)', figures.parse, 3),
        row('preview (dry_run: read, check, match)', figures.preview, 2),
        row('import (the same, one append, error file)', figures.importing, 2),
      ],
    ),
  );
}
