import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRows, defangCell, formulaStarts, importColumns, missingColumns, undefangCell } from './import-rows';

const header = [...importColumns];
const row = (cells: Partial<Record<(typeof importColumns)[number], string>>) =>
  importColumns.map((column) => cells[column] ?? { product_name: 'Basic Variable', name: 'BV-01', description: '', status: 'active', is_restrict: 'false' }[column]);

describe('the rows of a product file', () => {
  it('accepts a row with the form’s values, blank description, status and is_restrict taking their defaults', () => {
    expect(checkRows(header, [row({}), row({ product_name: 'Fixed 2', status: '', is_restrict: '' })])).toEqual({
      accepted: [
        { row: 2, product: { product_name: 'Basic Variable', name: 'BV-01', description: null, status: 'active', is_restrict: false } },
        { row: 3, product: { product_name: 'Fixed 2', name: 'BV-01', description: null, status: 'active', is_restrict: false } },
      ],
      refused: [],
    });
  });

  it('reads status and is_restrict without case, and yes/no, 1/0 as true/false', () => {
    const { accepted } = checkRows(header, [row({ status: 'INACTIVE', is_restrict: 'Yes' }), row({ product_name: 'B', is_restrict: '0' })]);
    expect(accepted.map((r) => [r.product.status, r.product.is_restrict])).toEqual([
      ['inactive', true],
      ['active', false],
    ]);
  });

  it('refuses a row with every reason, naming the column, and keeps its cells as sent', () => {
    const bad = row({ product_name: '', name: 'x'.repeat(100), status: 'sold', is_restrict: 'maybe' });
    const { accepted, refused } = checkRows(header, [bad]);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      {
        row: 2,
        cells: bad,
        reason: 'is_restrict: Should be true or false; product_name: This field is required; name: Should be at most 99 characters; status: Choose one of the listed values',
      },
    ]);
  });

  it('refuses a repeated product name (without case or extra spaces), naming the first row', () => {
    const { accepted, refused } = checkRows(header, [row({}), row({ product_name: '  basic   VARIABLE ' })]);
    expect(accepted.map((r) => r.row)).toEqual([2]);
    expect(refused).toMatchObject([{ row: 3, reason: 'product_name: The same product name is on row 2.' }]);
  });

  it('refuses NUL in a cell, skips blank rows and keeps the spreadsheet’s row numbers', () => {
    const { accepted, refused } = checkRows(header, [row({ description: 'a\u0000b' }), ['', '', '', '', ''], [''], row({ product_name: 'C' })]);
    expect(refused).toMatchObject([{ row: 2, reason: 'description: Contains characters that are not allowed.' }]);
    expect(accepted.map((r) => r.row)).toEqual([5]);
  });

  it('finds the columns in any order and without case, ignoring others (the error file’s row and reason)', () => {
    const { accepted } = checkRows(['IS_RESTRICT', 'row', 'Status', 'description', 'name', 'product_name', 'reason'], [['true', '7', 'active', 'd', 'N', 'P', 'old reason']]);
    expect(accepted).toEqual([{ row: 2, product: { product_name: 'P', name: 'N', description: 'd', status: 'active', is_restrict: true } }]);
    expect(missingColumns(['product_name', 'Name '])).toEqual(['description', 'status', 'is_restrict']);
  });

  it('reads a cell of an error file back as it was before it was defanged', () => {
    const { accepted } = checkRows(header, [row({ description: "'-5 years fixed, then variable" })]);
    expect(accepted[0]!.product.description).toBe('-5 years fixed, then variable');
  });
});

describe('defanging a cell', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(defangCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(defangCell('Basic = good')).toBe('Basic = good');
  });

  it('property: a defanged cell never starts like a formula, and undefanging gives the cell back', () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom(...formulaStarts).chain((start) => fc.string().map((rest) => start + rest)), fc.string().map((rest) => `'${rest}`));
    fc.assert(
      fc.property(cell, (value) => {
        const defanged = defangCell(value);
        expect(formulaStarts.some((start) => defanged.startsWith(start))).toBe(false);
        expect(undefangCell(defanged)).toBe(value.startsWith("'") && formulaStarts.some((s) => value.startsWith(s, 1)) ? value.slice(1) : value);
      }),
    );
  });
});
