import { notABoolean } from '../shared/messages';
import { type ProductDetails, productFields } from './schemas';

// The rows of an imported product file (spec 3 §3: columns product_name, name, description, status, is_restrict),
// checked one by one with the form's rules, before anything is decided (docs/products.md "Import"). The file is
// read into cells by the application (csv-parse); this module only judges cells, so it stays pure.

export const importColumns = ['product_name', 'name', 'description', 'status', 'is_restrict'] as const;
export type ImportColumn = (typeof importColumns)[number];
/** What the error file adds to the file's own columns. */
export const errorColumns = ['row', 'reason'] as const;

/** A row that passed: its row number as a spreadsheet shows it (the header is row 1) and the product it holds. */
export type ImportRow = { row: number; product: ProductDetails };
export type RefusedRow = { row: number; cells: string[]; reason: string };

/**
 * Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"): a cell of the error file starting
 * with one gets a leading apostrophe, so opening the file runs nothing.
 */
export const formulaStarts = ['=', '+', '-', '@', '\t', '\r'] as const;
const startsLikeFormula = (value: string, at = 0) => formulaStarts.some((c) => value.startsWith(c, at));

export const defangCell = (value: string): string => (startsLikeFormula(value) ? `'${value}` : value);
/** The inverse of `defangCell`, for a corrected error file imported again: its cells come back as they were sent. */
export const undefangCell = (value: string): string => (value.startsWith("'") && startsLikeFormula(value, 1) ? value.slice(1) : value);

/** The natural key of a product within its organisation: the product name, without case or repeated spaces. */
export const productKey = (productName: string) => productName.trim().replace(/\s+/g, ' ').toLowerCase();

/** The missing required columns, by name (the header is compared without case and surrounding spaces). */
export function missingColumns(header: readonly string[]): ImportColumn[] {
  const names = header.map((name) => name.trim().toLowerCase());
  return importColumns.filter((column) => !names.includes(column));
}

export const missingColumnsMessage = (missing: readonly string[]) =>
  `The file must have the columns ${importColumns.join(', ')} in its first row; missing: ${missing.join(', ')}.`;

const truthy = ['true', 'yes', 'y', '1'];
const falsy = ['false', 'no', 'n', '0', ''];
const UNSTORABLE = /\u0000/;
const rowSchema = productFields.omit({ allowed_bidders: true });

/** A row's cells as the product form takes them; a cell's words that are not a field's value are reasons of their own. */
function productOf(cells: Record<ImportColumn, string>): { ok: true; product: ProductDetails } | { ok: false; reasons: string[] } {
  const reasons: string[] = [];
  for (const column of importColumns) if (UNSTORABLE.test(cells[column])) reasons.push(`${column}: Contains characters that are not allowed.`);
  if (reasons.length > 0) return { ok: false, reasons };
  const restrict = cells.is_restrict.trim().toLowerCase();
  if (!truthy.includes(restrict) && !falsy.includes(restrict)) reasons.push(`is_restrict: ${notABoolean}`);
  const status = cells.status.trim().toLowerCase();
  const parsed = rowSchema.safeParse({
    product_name: cells.product_name,
    name: cells.name,
    description: cells.description.trim() === '' ? null : cells.description,
    ...(status === '' ? {} : { status }),
    is_restrict: truthy.includes(restrict),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) reasons.push(`${issue.path.join('.')}: ${issue.message}`);
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, product: parsed.data! };
}

/**
 * Judges every row under the header: blank rows are skipped, a row failing a field's rule or repeating an earlier
 * row's product name is refused with its reasons; the rest are the products to write. Cells are read as sent, a
 * defanged cell of an error file back as it was (`undefangCell`).
 */
export function checkRows(header: readonly string[], records: readonly (readonly string[])[]): { accepted: ImportRow[]; refused: RefusedRow[] } {
  const names = header.map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(importColumns.map((column) => [column, names.indexOf(column)])) as Record<ImportColumn, number>;
  const accepted: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const values = Object.fromEntries(importColumns.map((column) => [column, undefangCell(cells[index[column]] ?? '')])) as Record<ImportColumn, string>;
    const checked = productOf(values);
    if (!checked.ok) {
      refused.push({ row, cells: [...cells], reason: checked.reasons.join('; ') });
      return;
    }
    const key = productKey(checked.product.product_name);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      refused.push({ row, cells: [...cells], reason: `product_name: The same product name is on row ${earlier}.` });
      return;
    }
    seen.set(key, row);
    accepted.push({ row, product: checked.product });
  });
  return { accepted, refused };
}
