import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { defangCell, errorColumns, type RefusedRow } from '../../domain/financial-institution-product/import-rows';

// Reading and writing the product files with csv-parse and csv-stringify (never by hand: quotes, separators inside
// quotes, line breaks inside cells and a spreadsheet's byte-order mark are theirs to get right).

/** The file's rows as text cells, the first one the header; or why it is no CSV. */
export function readCsv(text: string): { ok: true; rows: string[][] } | { ok: false; reason: string } {
  try {
    // Rows may have fewer or more cells than the header (a spreadsheet drops trailing blanks); empty lines are kept
    // as rows, so the row numbers answered are the spreadsheet's.
    const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, reason: `The file is not a valid CSV: ${error.message}` };
    throw error;
  }
}

const isErrorColumn = (name: string) => (errorColumns as readonly string[]).includes(name.trim().toLowerCase());

/**
 * The refused rows as a CSV to correct and import again: the file's own columns (less the `row` and `reason` of an
 * earlier error file), then the row number and the reason. Every cell is defanged, so opening it in a spreadsheet
 * runs no formula; every cell is quoted (a lone carriage return inside one stays inside it); a byte-order mark makes spreadsheets read it as UTF-8.
 */
export function errorCsv(header: readonly string[], refused: readonly RefusedRow[]): string {
  const kept = header.map((name, index) => ({ name, index })).filter(({ name }) => !isErrorColumn(name));
  const lines = [
    [...kept.map(({ name }) => name), ...errorColumns],
    ...refused.map(({ row, cells, reason }) => [...kept.map(({ index }) => cells[index] ?? ''), String(row), reason]),
  ];
  return `\ufeff${stringify(lines.map((cells) => cells.map(defangCell)), { record_delimiter: 'windows', quoted: true })}`;
}
