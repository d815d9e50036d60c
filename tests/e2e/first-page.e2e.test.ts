import { statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../api/web-ui';
import { type BrowserSession, logInAs, openBrowser, type RunningProduct, screenshots, startProduct } from '../support/browser';

// A newcomer's first page: the address `npm start` prints, opened on a fresh product (docs/operations.md "The UI
// build", docs/performance.md "The first page").

let product: RunningProduct;
let snap: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  product = await startProduct();
  snap = await screenshots('e2e-first-page');
}, 120_000);
afterAll(async () => {
  await product?.close();
});

/** Everything that went wrong while the page loaded: console errors, uncaught errors, answers of 400 and above. */
function watch(page: Page) {
  const problems: string[] = [];
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
  });
  return { problems, scripts };
}

async function inBrowser(name: string, run: (page: Page) => Promise<void>) {
  const session: BrowserSession = await openBrowser();
  try {
    await run(session.page);
  } catch (error) {
    await snap(session.page, `failed-${name}`);
    throw error;
  } finally {
    await session.close();
  }
}

const logInForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });

describe('the printed address', () => {
  it('opens the log-in form, with no error, no failed request, and under 300 kB of gzipped JavaScript', async () => {
    await inBrowser('logged-out', async (page) => {
      const seen = watch(page);
      await page.goto(`${product.server.url}/`);
      await expect.poll(() => logInForm(page).getByLabel('E-mail').isVisible(), { timeout: 30_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/authorize');
      expect(seen.problems).toEqual([]);

      // Every script came compressed; together, gzipped, they stay under the budget.
      expect(seen.scripts.length).toBeGreaterThan(0);
      expect(seen.scripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip')).toEqual([]);
      const gzipped = seen.scripts.reduce((sum, script) => sum + statSync(path.join(WEB_ROOT, `${new URL(script.url).pathname}.gz`)).size, 0);
      expect(gzipped).toBeLessThan(300_000);
      await snap(page, 'log-in');
    });
  });

  it('opens the dashboard when signed in, with no error and no failed request', async () => {
    await inBrowser('signed-in', async (page) => {
      await logInAs(page, product.server.url, product.admin);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const seen = watch(page);
      await page.goto(`${product.server.url}/`);
      await page.waitForURL((url) => url.pathname === '/home');
      // The admin's dashboard has loaded its parts (the live message stream keeps the network busy for good).
      await page.getByRole('region', { name: 'Jousts' }).waitFor();
      await expect.poll(() => page.getByText(/Providers waiting for approval: \d+/).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.waitForTimeout(1000);
      expect(seen.problems).toEqual([]);
      await snap(page, 'dashboard');
    });
  });
});
