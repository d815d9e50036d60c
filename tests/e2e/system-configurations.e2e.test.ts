import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/server';
import { type BrowserSession, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';

// An admin changes the bidding period in the system configurations (spec 3 §2) through the built UI (dist/web,
// `npm run build:web`) served by the real API, in Debian's Chromium.

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
  snapIn = await screenshots('e2e-system-configurations');
});

afterAll(async () => {
  await session?.close();
  await product?.close();
});

const snap = (name: string) => snapIn(page, name);
const rowOf = (label: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });

describe('system configurations, as an admin', () => {
  it('changes the bidding period; the list shows it', async () => {
    await page.goto(`${server.url}/home`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Configurations' }).click();
    await page.waitForURL((url) => url.pathname === '/system-configurations');
    await page.getByRole('heading', { name: 'System Configurations', level: 2 }).waitFor();
    expect(await rowOf('Bidding period (days)').getByRole('cell').nth(2).textContent()).toBe('7');
    expect(await rowOf('LVR warning (%)').getByRole('cell').nth(2).textContent()).toBe('80.00');
    expect(await rowOf('Auto-Declare').getByRole('cell').nth(2).textContent()).toBe('Yes');
    await snap('01-list');

    await rowOf('Bidding period (days)').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/configurations/post_bidding_period_days/edit');
    const field = page.getByRole('textbox', { name: 'Bidding period (days)' });
    // A value out of bounds gets the API's own message.
    await field.fill('61');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number from 1 to 60.').waitFor();
    await snap('02-out-of-bounds');

    await field.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/system-configurations');
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Success!' }).first().waitFor();
    expect(await rowOf('Bidding period (days)').getByRole('cell').nth(2).textContent()).toBe('10');
    await snap('03-changed');
  });

  it('returns to the list from an unknown key', async () => {
    await page.goto(`${server.url}/configurations/no_such_setting/edit`);
    await page.waitForURL((url) => url.pathname === '/system-configurations');
  });

  it('shows the messages switch as a choice of active or inactive', async () => {
    await rowOf('Messages').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/configurations/messages/edit');
    await page.getByText('Inactive', { exact: true }).click();
    await snap('04-messages');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/system-configurations');
    expect(await rowOf('Messages').getByRole('cell').nth(2).textContent()).toBe('Inactive');
  });
});
