import { type ImportPlan, planImport, productDecider } from '../../domain/financial-institution-product/decider';
import { productCatalogueStream } from '../../domain/financial-institution-product/events';
import { checkRows, type ImportRow, missingColumns, missingColumnsMessage, type RefusedRow } from '../../domain/financial-institution-product/import-rows';
import {
  type ImportOutcome,
  type ImportProductsBody,
  type ImportResultView,
  importSampleSize,
  importTooLarge,
  productMessages,
} from '../../domain/financial-institution-product/schemas';
import { organisationErrors } from '../../domain/organisation/decider';
import { productImportLimits } from '../../domain/shared/limits';
import { formatAmount } from '../../domain/shared/messages';
import { type CommandContext, loadState } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findOrganisation } from '../../projections/organisations/queries';
import type { WorkflowDependencies } from '../dependencies';
import { invalidFields, type Refusal } from '../refusals';
import { errorCsv, readCsv } from './csv-file';
import { runProductCommand } from './product-commands';

// The product import (spec 3 §7 `import_from_csv`; docs/products.md "Import"): the file is read (csv-parse), every row
// judged with the form's rules, the accepted rows matched to the organisation's products by product name, and then
// either answered as a preview (`dry_run`: nothing written) or written in one event. Refused rows write nothing and
// come back as an error file with their reasons.

export type ImportProductsResult = { ok: true; result: ImportResultView; position: Position | null } | { ok: false; error: Refusal };

/** The import's request body at most: the file's base64 (4 characters per 3 bytes) and the JSON around it. */
export const PRODUCT_IMPORT_BODY_BYTES = Math.ceil(productImportLimits.maxFileBytes / 3) * 4 + 64 * 1024;

const refuseFile = (message: string) => ({ ok: false as const, error: invalidFields({ data: [message] }) });
const tooManyRows = `The file has more than ${formatAmount(productImportLimits.maxRows)} products: split it into files of at most ${formatAmount(productImportLimits.maxRows)} rows.`;

/** The file's header and judged rows, or why the file as a whole is refused (nothing of it is imported then). */
export function readProductFile(data: string): { ok: true; header: string[]; accepted: ImportRow[]; refused: RefusedRow[] } | { ok: false; error: Refusal } {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > productImportLimits.maxFileBytes) return refuseFile(importTooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuseFile('The file must be text in UTF-8 (in a spreadsheet, save it as "CSV UTF-8").');
  }
  const read = readCsv(text);
  if (!read.ok) return refuseFile(read.reason);
  const [header, ...records] = read.rows;
  if (!header || records.length === 0) return refuseFile('The file has no products: put the column names in the first row and one product per row under it.');
  const missing = missingColumns(header);
  if (missing.length > 0) return refuseFile(missingColumnsMessage(missing));
  if (records.length > productImportLimits.maxRows) return refuseFile(tooManyRows);
  return { ok: true, header, ...checkRows(header, records) };
}

/** The answer: counts, up to `importSampleSize` rows of each outcome in file order, and the error file. */
function resultOf(plan: ImportPlan, refused: readonly RefusedRow[], header: readonly string[], dryRun: boolean): ImportResultView {
  const counts = { created: plan.created.length, changed: plan.changed.length, unchanged: plan.unchanged.length, refused: refused.length };
  const sample = (outcome: ImportOutcome, rows: readonly { row: number; product_name: string; reason: string | null }[]) =>
    rows.slice(0, importSampleSize).map((row) => ({ ...row, outcome }));
  const named = (rows: readonly ImportRow[]) => rows.map(({ row, product }) => ({ row, product_name: product.product_name, reason: null }));
  const rows = [
    ...sample('created', named(plan.created)),
    ...sample('changed', named(plan.changed)),
    ...sample('unchanged', named(plan.unchanged)),
    ...sample('refused', refused.map(({ row, cells, reason }) => ({ row, product_name: cells[header.findIndex((h) => h.trim().toLowerCase() === 'product_name')] ?? '', reason }))),
  ].sort((a, b) => a.row - b.row);
  const success = refused.length === 0;
  const message = dryRun
    ? `${counts.created} to create, ${counts.changed} to change, ${counts.unchanged} unchanged, ${counts.refused} refused.`
    : success
      ? productMessages.imported
      : productMessages.someNotImported;
  const error_csv = refused.length > 0 ? Buffer.from(errorCsv(header, refused), 'utf8').toString('base64') : null;
  return { success, dry_run: dryRun, message, counts, rows, error_csv };
}

/**
 * Imports (or, `dry_run`, previews) a product file into an organisation's catalogue. The accepted rows are matched
 * and written in one decision on the catalogue as it is at the append, so a product created meanwhile by someone
 * else is changed, not duplicated; the answer describes that decision.
 */
export async function importProducts(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>,
  input: { organisationId: string; file: ImportProductsBody },
  context: CommandContext,
): Promise<ImportProductsResult> {
  const organisation = await findOrganisation(deps.db, input.organisationId);
  if (!organisation) return { ok: false, error: { code: organisationErrors.notFound, message: 'Organisation not found.' } };
  const file = readProductFile(input.file.data);
  if (!file.ok) return file;
  const rows = file.accepted.map((row) => ({ ...row, product_id: deps.ids.uuid() }));

  if (input.file.dry_run) {
    const { state } = await loadState(deps.store, productCatalogueStream(organisation.uuid), productDecider, { personalData: 'withhold' });
    // The same refusal the import would give (a broker has no products), before any preview.
    const decided = productDecider.decide({ type: 'ImportProducts', data: { organisation_id: organisation.uuid, organisation_type: organisation.organisation_type, file_name: input.file.file_name, rows: [] } }, state);
    if (!decided.ok) return decided;
    return { ok: true, result: resultOf(planImport(state, rows), file.refused, file.header, true), position: null };
  }

  let plan: ImportPlan = { created: [], changed: [], unchanged: [] };
  const result = await runProductCommand(
    deps,
    organisation.uuid,
    (state) => {
      plan = planImport(state, rows);
      return { type: 'ImportProducts', data: { organisation_id: organisation.uuid, organisation_type: organisation.organisation_type, file_name: input.file.file_name, rows } };
    },
    context,
  );
  if (!result.ok) return result;
  return { ok: true, result: resultOf(plan, file.refused, file.header, false), position: result.position };
}
