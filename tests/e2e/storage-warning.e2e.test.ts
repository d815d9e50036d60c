import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser, type RunningProduct, screenshots, startProduct } from '../support/browser';

// spec 2 §8 "Storage unavailable (private mode)": the 'Hi there!' dialog, in the built UI in Debian's Chromium.

let product: RunningProduct;
let session: BrowserSession;
let page: Page;
let snap: (name: string) => Promise<void>;

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  page = session.page;
  const snapIn = await screenshots('e2e-storage-warning');
  snap = (name) => snapIn(page, name);
});

afterAll(async () => {
  await session?.close();
  await product?.close();
});

describe('a browser that cannot store data', () => {
  it('is not warned when storage works', async () => {
    await page.goto(`${product.server.url}/resend-activation`);
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Hi there!' }).count()).toBe(0);
  });

  it("shows 'Hi there!' when writing fails, as in a private window, and lets the person go on", async () => {
    // Safari's private mode had a quota of 0: every write throws.
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.goto(`${product.server.url}/resend-activation`);
    const dialog = page.getByRole('dialog', { name: 'Hi there!' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('regular (not private) browsing mode, or update your browser');
    await snap('1-hi-there');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
