import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaStarts } from '../../domain/financial-institution-product/import-rows';
import { errorCsv, readCsv } from './csv-file';
import { readProductFile } from './import-products';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const cellsOf = (csv: string) => {
  const read = readCsv(csv);
  if (!read.ok) throw new Error(read.reason);
  return read.rows;
};

describe('the error file', () => {
  it('holds the file’s columns, the row number and the reason, without the row and reason of an earlier error file', () => {
    const csv = errorCsv(['product_name', 'name', 'row', 'Reason', 'description'], [{ row: 3, cells: ['P, "quoted"', 'N', '9', 'old', 'multi\nline'], reason: 'name: bad' }]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(cellsOf(csv)).toEqual([
      ['product_name', 'name', 'description', 'row', 'reason'],
      ['P, "quoted"', 'N', 'multi\nline', '3', 'name: bad'],
    ]);
  });

  it('property: no cell of it starts with a formula character, whatever the file held', () => {
    const risky = fc.oneof(fc.string(), fc.constantFrom(...formulaStarts).chain((start) => fc.string().map((rest) => start + rest)));
    fc.assert(
      fc.property(fc.array(risky, { minLength: 1, maxLength: 5 }), fc.array(fc.tuple(fc.nat(20_000), fc.array(risky, { maxLength: 6 }), risky), { maxLength: 5 }), (header, rows) => {
        const csv = errorCsv(header, rows.map(([row, cells, reason]) => ({ row, cells, reason })));
        for (const cells of cellsOf(csv)) for (const cell of cells) expect(formulaStarts.some((start) => cell.startsWith(start))).toBe(false);
      }),
    );
  });
});

describe('reading a product file', () => {
  const header = 'product_name,name,description,status,is_restrict';

  it('reads a spreadsheet’s UTF-8 file with its byte-order mark, quotes and line breaks in cells', () => {
    const file = readProductFile(base64(`\ufeff${header}\r\n"Basic, Variable",BV,"two\r\nlines",active,no\r\n`));
    expect(file).toMatchObject({ ok: true, accepted: [{ row: 2, product: { product_name: 'Basic, Variable', description: 'two\r\nlines' } }], refused: [] });
  });

  it('refuses a file that is no CSV, not UTF-8, without the columns or without rows, saying why', () => {
    const reasons = [`${header}\n"unclosed,x,y,active,no\n`, 'product_name,name\nA,B\n', `${header}\n`, '']
      .map((text) => readProductFile(base64(text)))
      .concat(readProductFile(Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('base64')))
      .map((result) => (result.ok ? 'accepted' : result.error.errors?.data?.[0]));
    expect(reasons).toEqual([
      expect.stringMatching(/^The file is not a valid CSV: /),
      'The file must have the columns product_name, name, description, status, is_restrict in its first row; missing: description, status, is_restrict.',
      'The file has no products: put the column names in the first row and one product per row under it.',
      'The file has no products: put the column names in the first row and one product per row under it.',
      'The file must be text in UTF-8 (in a spreadsheet, save it as "CSV UTF-8").',
    ]);
  });

  it('refuses more rows than the limit, with the limit in the words', () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `P${i},N,,active,no`).join('\n');
    const result = readProductFile(base64(`${header}\n${rows}\n`));
    expect(result.ok ? null : result.error.errors?.data).toEqual(['The file has more than 10,000 products: split it into files of at most 10,000 rows.']);
  });
});
