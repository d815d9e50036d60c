import { readFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../application/financial-institution-products/csv-file';
import { type BrowserSession, chooseOption, dialogTitled, formField, logInAs, logInFresh, openBrowser, screenshots, shownAfterReloads as shownIn, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, activePost, provider, type TestProvider } from '../support/trade';
import { testPassword } from '../support/users';

// Issue 30's product journey through the built UI served by the real API, in Debian's Chromium: an admin imports a
// CSV of a lender's products with good and bad rows, checks the preview, imports, downloads the rows not imported
// (defanged), corrects them and imports that file; adds a document type; then a provider of the lender bids on an
// active post offering one of the products from the bid form's list and asking for the new document type, and the
// bid's page names both. Every page is checked with axe-core.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let post: ActivePost;
let lender: TestProvider;

const file = [
  'product_name,name,description,status,is_restrict',
  'Harbour Basic Variable,HBV-01,"No ongoing fees, offset account",active,no',
  'Harbour Fixed Two,HF-02,Two years fixed,active,no',
  ',NoName,"=HYPERLINK(""http://evil.example"")",active,no',
  'Harbour Green Loan,HGL,-0.10% for green homes,sold,no',
  '',
].join('\r\n');

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  lender = await provider(t, { organisationType: 'financial_institution', organisationName: 'Harbour Bank' });
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-products');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const toast = (title: string) => toastTitled(page, title);
const dialog = (title?: string | RegExp) => dialogTitled(page, title);
const field = (label: string, scope: Page | Locator = page) => formField(page, label, scope);
const choose = (label: string, option: string) => chooseOption(page, label, option);

/** Opens the import modal and previews `text` as `name`. */
async function preview(name: string, text: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const modal = dialog('Import products');
  await modal.waitFor();
  await modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await modal.getByRole('button', { name: 'Preview', exact: true }).click();
  await modal.getByText('Nothing is saved yet.', { exact: false }).waitFor();
  return modal;
}

describe('an admin imports a lender’s products', () => {
  let errorFile = '';

  it('refuses a file that is no .csv before sending it', async () => {
    await logInAs(page, t.baseUrl, { email: t.admin.email, password: testPassword }, `/organisation/${lender.organisationUuid}/financial_institution_products`);
    await page.getByRole('heading', { name: 'Harbour Bank products' }).waitFor();
    await page.getByText('No products yet').waitFor();
    await page.getByRole('button', { name: 'Import from CSV' }).click();
    const modal = dialog('Import products');
    await modal.locator('input[type=file]').setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await modal.getByText('Only a .csv file can be imported.').waitFor();
    expect(await modal.getByRole('button', { name: 'Preview', exact: true }).isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('previews what the file would do, writing nothing yet', async () => {
    const modal = await preview('harbour-products.csv', file);
    await modal.getByText('2 to create').waitFor();
    await modal.getByText('2 not imported').waitFor();
    expect(await modal.getByTestId('import-row-created').count()).toBe(2);
    expect(await modal.getByTestId('import-row-refused').count()).toBe(2);
    await modal.getByText('product_name: This field is required').waitFor();
    await snap('01-preview');
    expect((await t.asAdmin({ method: 'GET', url: `/v2/organisations/${lender.organisationUuid}/products` })).json().total_records).toBe(0);
  });

  it('imports the good rows and offers the bad ones, defanged, to download', async () => {
    const modal = dialog('Import products');
    await modal.getByRole('button', { name: 'Import 2 products' }).click();
    await toast('Some products not Imported').waitFor();
    const errors = dialog('Some products not imported');
    await errors.waitFor();
    await snap('02-not-imported');
    const [download] = await Promise.all([page.waitForEvent('download'), errors.getByRole('button', { name: 'Download the rows not imported' }).click()]);
    expect(download.suggestedFilename()).toBe('harbour-products-not-imported.csv');
    errorFile = await readFile(await download.path(), 'utf8');
    const read = readCsv(errorFile);
    expect(read.ok && read.rows).toEqual([
      ['product_name', 'name', 'description', 'status', 'is_restrict', 'row', 'reason'],
      ['', 'NoName', '\'=HYPERLINK("http://evil.example")', 'active', 'no', '4', 'product_name: This field is required'],
      ['Harbour Green Loan', 'HGL', "'-0.10% for green homes", 'sold', 'no', '5', 'status: Choose one of the listed values'],
    ]);
    await errors.locator('button', { hasText: 'Close' }).click();
    await shownIn(page, page.getByTestId('product-row').filter({ hasText: 'Harbour Fixed Two' }));
    expect(await page.getByTestId('product-row').count()).toBe(2);
  });

  it('imports the corrected file: the rest is created, nothing twice', async () => {
    // In a spreadsheet: the missing product name filled in, the status corrected; the row and reason columns stay.
    const read = readCsv(errorFile);
    if (!read.ok) throw new Error(read.reason);
    const [header, noName, sold] = read.rows as [string[], string[], string[]];
    const corrected = stringify([header, ['Harbour Offset Plus', ...noName.slice(1)], [...sold.slice(0, 3), 'active', ...sold.slice(4)]]);
    const modal = await preview('harbour-products-not-imported.csv', corrected);
    await modal.getByText('2 to create').waitFor();
    await modal.getByText('0 not imported').waitFor();
    await modal.getByRole('button', { name: 'Import 2 products' }).click();
    await toast('Product Imported.').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await shownIn(page, page.getByTestId('product-row').filter({ hasText: 'Harbour Offset Plus' }));
    expect(await page.getByTestId('product-row').count()).toBe(4);
    // The description comes back as it was sent, not as the error file defanged it.
    await page.getByRole('link', { name: 'Harbour Green Loan', exact: true }).click();
    await page.getByText('-0.10% for green homes', { exact: true }).waitFor();
    await snap('03-product');
  });

  it('finds them on the Products page across lenders', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL('**/financial_institution_products');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await shownIn(page, page.getByTestId('product-row').filter({ hasText: 'Harbour Bank' }).first());
    expect(await page.getByTestId('product-row').count()).toBe(4);
  });
});

describe('an admin adds a document type', () => {
  it('adds it on the Document types page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Document types' }).click();
    await page.getByRole('heading', { name: 'Document types' }).waitFor();
    await page.getByRole('button', { name: 'Add document type' }).click();
    const modal = dialog('Add document type');
    await field('Name', modal).fill('Strata report');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await toast('Document type added').waitFor();
    await shownIn(page, page.getByRole('cell', { name: 'Strata report', exact: true }));
    await snap('04-document-types');
  });
});

describe('a provider of the lender offers one of its products on a bid', () => {
  it('chooses the product from the list and asks for the new document type; the bid names both', async () => {
    await logInFresh(page, t.baseUrl, { email: lender.email, password: testPassword }, `/post/${post.postId}/bid`);
    await page.getByRole('heading', { name: 'Place a bid' }).waitFor();
    await field('Financial institution product').click();
    await field('Financial institution product').fill('fixed');
    await page.getByRole('option', { name: 'Harbour Fixed Two (Harbour Bank)', exact: true }).click();
    // The bid's product name follows the chosen product.
    expect(await field('Product name').inputValue()).toBe('Harbour Fixed Two');
    await field('Interest rate').fill('5.5');
    await field('Comparison rate').fill('5.6');
    await choose('Rate type', 'Variable');
    await choose('Type of loan', 'Full service loan');
    await choose('Repayment type', 'Principal and interest');
    await field('Maximum LVR').fill('80');
    await choose('Document', 'Strata report');
    await field('Quantity').fill('1');
    await snap('05-bid-form');
    await page.getByRole('button', { name: 'Place the bid' }).click();
    const warnings = dialog('Please check your bid');
    const placed = toast('The bid has been created!');
    await Promise.race([warnings.waitFor(), placed.waitFor()]);
    if (await warnings.isVisible()) await warnings.getByRole('button', { name: 'Yes, continue!' }).click();
    await placed.waitFor();
    await page.waitForURL(/\/post\/bid\/[0-9a-f-]{36}\/view$/);
    await page.getByText('Harbour Fixed Two (Harbour Bank)').waitFor();
    await page.getByText('Strata report').first().waitFor();
    await snap('06-bid');
  });
});
