import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/server';
import { type BrowserSession, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';

// The admin's organisation journey through the built UI (dist/web, `npm run build:web`) served by the real API,
// in Debian's Chromium (never a downloaded browser).

let product: Awaited<ReturnType<typeof startProduct>>;
let server: RunningServer;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  product = await startProduct();
  server = product.server;
  session = await openBrowser();
  page = session.page;
  await logInAs(page, server.url, product.admin);
  snapIn = await screenshots('e2e-organisations');
});

afterAll(async () => {
  await session?.close();
  await product?.close();
});

const snap = (name: string) => snapIn(page, name);

/** A small, colourful PNG drawn by the browser itself, so the crop has something to show. */
async function drawPng(): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#1c7ed6';
    context.fillRect(0, 0, 480, 320);
    context.fillStyle = '#ffd43b';
    context.beginPath();
    context.arc(240, 160, 112, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#212529';
    context.font = 'bold 80px sans-serif';
    context.textAlign = 'center';
    context.fillText('HB', 240, 188);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

async function chooseOption(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowOf = (name: string) => page.getByTestId('organisation-row').filter({ hasText: name });

describe('organisations, as an admin', () => {
  // Unique, so the journey also passes on a shared database; the name filter allows only letters, digits, spaces.
  const name = `Harbour Bank ${Date.now().toString().slice(-6)}`;
  const renamed = `${name} Renamed`;
  let detailUrl = '';

  it('creates an organisation with a cropped logo and finds it in the list', async () => {
    await page.goto(`${server.url}/organisations`);
    await page.getByRole('heading', { name: 'Organisations', level: 2 }).waitFor();
    await snap('01-list');

    await page.getByRole('link', { name: 'Create organisation' }).click();
    await page.waitForURL('**/organisations/create');
    // The list (with its own Name filter) stays until the form's page has loaded.
    await page.getByRole('heading', { name: 'Create organisation', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Abbreviation' }).fill('HB');
    await chooseOption('Organisation type', 'Bank Lender');
    await chooseOption('Category', 'Big four banks');

    await page.locator('input[type=file]').setInputFiles({ name: 'harbour-bank.png', mimeType: 'image/png', buffer: await drawPng() });
    const crop = page.getByRole('dialog', { name: 'Crop the logo' });
    await crop.waitFor();
    await crop.locator('img').waitFor();
    await snap('02-crop');
    await crop.getByRole('button', { name: 'Crop and use' }).click();
    await crop.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('logo-preview').locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await snap('03-form-with-logo');

    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.getByText('Success!').first().waitFor();
    // spec 3 §2: after creating, the organisations list.
    await page.waitForURL((url) => url.pathname === '/organisations');
    const row = rowOf(name);
    await row.waitFor();
    expect(await row.getByText('Bank Lender').count()).toBe(1);
    expect(await row.getByText('Big four banks').count()).toBe(1);
    await expect.poll(() => row.locator('img').first().getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{40}$/);
    // The logo really is served.
    await expect.poll(() => row.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await snap('04-list-with-organisation');
  });

  it('opens the organisation and edits its name', async () => {
    await rowOf(name).getByRole('link', { name, exact: true }).click();
    await page.waitForURL('**/organisation/*');
    detailUrl = page.url();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    expect(await page.getByText('Bank Lender').count()).toBeGreaterThan(0);
    await snap('05-detail');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL('**/edit');
    await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Success!').first().waitFor();
    // spec 3 §2: after editing, that organisation.
    await page.waitForURL(detailUrl);
    await page.getByRole('heading', { name: renamed, level: 2 }).waitFor();
    await snap('06-detail-renamed');
  });

  it("refuses a text file as logo with 'Only images are allowed!' and clears the input", async () => {
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL('**/edit');
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByText('Only images are allowed!').first().waitFor();
    // Both the toast and the field error say it (spec 3 §5).
    await expect.poll(() => page.getByText('Only images are allowed!').count()).toBeGreaterThanOrEqual(2);
    expect(await fileInput.inputValue()).toBe('');
    expect(await page.getByRole('dialog', { name: 'Crop the logo' }).count()).toBe(0);
    await snap('07-not-an-image');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(detailUrl);
  });

  it('deletes the organisation after the confirmation', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("You won't be able to recover this organisation!");
    await snap('08-confirm-delete');
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();

    await page.getByText('Organisation Removed').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/organisations');
    await page.getByRole('heading', { name: 'Organisations', level: 2 }).waitFor();
    await expect.poll(() => rowOf(renamed).count()).toBe(0);
    await snap('09-removed');

    await page.goto(detailUrl);
    await page.getByText('Organisation not found').first().waitFor();
  });
});

describe('when things go wrong', () => {
  it('shows page-not-found for unknown URLs, inside the shell when the path contains dashboard', async () => {
    await page.goto(`${server.url}/no-such-page`);
    await page.getByText('Page not found').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.goto(`${server.url}/dashboard/no-such-page`);
    await page.getByText('Page not found').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Take me home' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('shows the maintenance page when the API answers 503, and goes back on retry', async () => {
    // The browser sees the 503 a real outage gives (docs/api.md); the server itself stays up for the retry.
    await page.route('**/v4/organisations?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The database is unreachable.' }),
      }),
    );
    // The page also polls /health to go back by itself (tests/faults/postgres-restart.faults.test.ts): kept down
    // here, so the button is what brings the user back.
    await page.route('**/health', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.goto(`${server.url}/organisations?status=active`);
    await page.getByText("We'll be back soon").waitFor();
    expect(new URL(page.url()).pathname).toBe('/maintenance-page');
    await snap('10-maintenance');

    await page.unroute('**/v4/organisations?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.unroute('**/health');
    await page.waitForURL((url) => url.pathname === '/organisations' && url.searchParams.get('status') === 'active');
    await page.getByRole('heading', { name: 'Organisations', level: 2 }).waitFor();
  });
});
