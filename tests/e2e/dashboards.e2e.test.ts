import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { type ActivePost, activePost, placeBid, prioritise, provider, type TestProvider } from '../support/trade';
import { testPassword, type TestUser } from '../support/users';

// The dashboards in the built UI (dist/web, `npm run build:web`) in Debian's Chromium (spec 1 §2 "Dashboards"):
// the admin's jousts with filters that survive a reload and the applied-filter count, the provider's priority and
// normal tables, the customer's own posts with the spec's status labels.

const melbourne = { country: 'AU', state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 } as const;

let t: ServedApp;
let chloe: TestUser;
let nsw: ActivePost;
let vic: ActivePost;
let priority: ActivePost;
let bidder: TestProvider;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp();
  chloe = await t.createUser({ userType: 'customer' });
  const sam = await t.createUser({ userType: 'customer' });
  bidder = await provider(t, { organisationName: 'Harbour Home Loans' });
  nsw = await activePost(t, { owner: chloe });
  // The only post whose customer prefers a fixed rate (the others: any).
  vic = await activePost(t, { owner: chloe, loan: { loan_amount: 300_000, user_address: melbourne }, preferences: { rate_type: 'fixed' } });
  priority = await activePost(t, { owner: sam });
  await prioritise(t, priority.postId);
  await placeBid(t, bidder, nsw.homeLoanId);
  snapIn = await screenshots('e2e-dashboards');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A browser logged in as `user` on /home, closed after `run`. */
async function asUser(user: Pick<TestUser, 'email'>, run: (page: Page) => Promise<void>) {
  const session: BrowserSession = await openBrowser();
  try {
    await logInAs(session.page, t.baseUrl, { email: user.email, password: testPassword });
    await run(session.page);
  } catch (error) {
    await snapIn(session.page, `failed-${user.email}`);
    throw error;
  } finally {
    await session.close();
  }
}

const table = (page: Page, name: string) => page.getByRole('region', { name });
const rows = (page: Page, name: string) => table(page, name).getByTestId('dashboard-post-row');

describe('the admin’s jousts', () => {
  it('filter by state, and the filter is still applied after a reload', async () => {
    await asUser(t.admin, async (page) => {
      await page.goto(`${t.baseUrl}/home`);
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(3);
      await snapIn(page, '01-admin-jousts');
      await page.getByLabel('States', { exact: true }).first().click();
      await page.getByRole('option', { name: 'VIC', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(1);
      await page.getByLabel('Applied filters').filter({ hasText: '1 filter applied' }).waitFor();
      await page.reload();
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(1);
      expect(await rows(page, 'Jousts').first().getByRole('link').textContent()).toBe('Melbourne, VIC');
      await page.getByLabel('Applied filters').filter({ hasText: '1 filter applied' }).waitFor();
      await snapIn(page, '02-admin-filtered-after-reload');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(3);
    });
  });

  it('filter by rate type and count the applied filters', async () => {
    await asUser(t.admin, async (page) => {
      await page.goto(`${t.baseUrl}/home`);
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(3);
      await page.getByLabel('Applied filters').filter({ hasText: '0 filters applied' }).waitFor();
      for (const label of ['States', 'Loan type', 'Loan purpose', 'Credit band', 'Rate type', 'Repayment type', 'Status']) {
        await page.getByLabel(label, { exact: true }).first().waitFor();
      }
      await page.getByLabel('Rate type', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Fixed', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(1);
      expect(await rows(page, 'Jousts').first().locator(`a[href="/post/${vic.postId}"]`).count()).toBe(1);
      await page.getByLabel('Applied filters').filter({ hasText: '1 filter applied' }).waitFor();
      // A second filter that every post matches: the list stays, the count grows.
      await page.getByLabel('Repayment type', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Any (no preference)', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByLabel('Applied filters').filter({ hasText: '2 filters applied' }).waitFor();
      expect(await rows(page, 'Jousts').count()).toBe(1);
      await snapIn(page, '05-admin-rate-type');
      // The customers who said any rate type: the other two.
      // Backspace in the field takes its last value off (the pills' buttons are for the mouse only).
      await page.getByLabel('Rate type', { exact: true }).first().focus();
      await page.keyboard.press('Backspace');
      await page.getByLabel('Applied filters').filter({ hasText: '1 filter applied' }).waitFor();
      await page.getByLabel('Rate type', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Any (no preference)', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => rows(page, 'Jousts').count(), { timeout: 30_000 }).toBe(2);
      expect(await page.locator(`a[href="/post/${vic.postId}"]`).count()).toBe(0);
      await page.getByLabel('Applied filters').filter({ hasText: '2 filters applied' }).waitFor();
    });
  });
});

describe('the provider’s dashboard', () => {
  it('shows the priority table and the normal table with the own bid’s place', async () => {
    await asUser(bidder, async (page) => {
      await page.goto(`${t.baseUrl}/home`);
      await expect.poll(() => rows(page, 'Priority posts').count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => rows(page, 'Active posts').count(), { timeout: 30_000 }).toBe(2);
      const nswRow = rows(page, 'Active posts').filter({ has: page.locator(`a[href="/post/${nsw.postId}"]`) });
      await nswRow.getByText('1st').waitFor();
      await nswRow.getByText('Harbour Home Loans').waitFor();
      await snapIn(page, '03-fsp-dashboard');
    });
  });
});

describe('the customer’s dashboard', () => {
  it('shows the own posts with the spec’s status labels and links to them', async () => {
    await asUser(chloe, async (page) => {
      await page.goto(`${t.baseUrl}/home`);
      await expect.poll(() => rows(page, 'Current posts').count(), { timeout: 30_000 }).toBe(2);
      await rows(page, 'Current posts').first().getByText('Bidding', { exact: true }).waitFor();
      expect(await page.locator(`a[href="/post/${vic.postId}"]`).count()).toBe(1);
      expect(await page.locator(`a[href="/post/${priority.postId}"]`).count()).toBe(0);
      await snapIn(page, '04-customer-dashboard');
    });
  });
});
