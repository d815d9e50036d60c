import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, type RunningProduct, screenshots, startProduct } from '../support/browser';

// The address picker (spec 2 §5) in Chromium against the real search: the component alone on a page that Vite
// serves, until the post wizard uses it on a screen of the product.

const repoRoot = path.resolve(import.meta.dirname, '../..');

let product: RunningProduct;
let vite: ViteDevServer;
let session: BrowserSession;
let page: Page;
let snap: (name: string) => Promise<void>;

beforeAll(async () => {
  product = await startProduct();
  vite = await createServer({
    configFile: false,
    root: path.join(import.meta.dirname, 'address-picker-page'),
    plugins: [react()],
    css: { postcss: repoRoot },
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false, fs: { allow: [repoRoot] }, proxy: { '/v1': product.server.url } },
  });
  await vite.listen();
  session = await openBrowser();
  page = session.page;
  const shoot = await screenshots('e2e-address-picker');
  snap = (name) => shoot(page, name);
  // The dev server transforms Mantine's modules on the first load: slow on a busy machine.
  await page.goto(vite.resolvedUrls!.local[0]!, { timeout: 120_000 });
}, 300_000);

afterAll(async () => {
  await session?.close();
  await vite?.close();
  await product?.close();
});

const field = () => page.getByRole('combobox', { name: 'Property address' });
const chosen = async () => JSON.parse((await page.getByTestId('address').textContent()) ?? 'null');

describe('the address picker', () => {
  it('finds suburbs by postcode and picks one with the keyboard, as a whole Australian address', async () => {
    await field().click();
    await field().pressSequentially('2000');
    await page.getByRole('option', { name: 'Sydney NSW 2000' }).waitFor();
    await snap('1-postcode-search');
    // Down to the wanted option and Enter: no mouse needed.
    const labels = await page.getByRole('option').allTextContents();
    for (let i = 0; i <= labels.indexOf('Sydney NSW 2000'); i++) await field().press('ArrowDown');
    await field().press('Enter');
    await expect.poll(chosen).toMatchObject({ country: 'AU', postcode: '2000', suburb: 'Sydney', state: 'NSW' });
    expect(await field().inputValue()).toBe('Sydney NSW 2000');
    const address = await chosen();
    expect(address.latitude).toBeCloseTo(-33.87, 1);
    expect(address.longitude).toBeCloseTo(151.21, 1);
    await snap('2-picked');
  });

  it('finds suburbs by name in any case and tells the same name in two states apart', async () => {
    await field().fill('');
    await field().pressSequentially('PERTH');
    await page.getByRole('option', { name: 'Perth TAS 7300' }).click();
    await expect.poll(chosen).toMatchObject({ postcode: '7300', suburb: 'Perth', state: 'TAS' });
  });

  it('drops typed text that was not picked and says what is missing', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(chosen).toBeNull();
    await field().click();
    await field().pressSequentially('Nowhereville');
    await page.getByText('No Australian suburb or postcode starts like this').waitFor();
    await page.getByTestId('address').click(); // leave the field
    await page.getByText('Postcode is missing. Pick a correct address.').waitFor();
    expect(await field().inputValue()).toBe('');
    expect(await chosen()).toBeNull();
    await snap('3-not-picked');
  });
});
