import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/statistics/range';
import { type BrowserSession, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { activePost, openDeal, placeBid, projectionsIdle, provider } from '../support/trade';
import { testPassword } from '../support/users';
import { sydneyDay } from '../../domain/shared/sydney-time';

// The admin's statistics panel, the mailing-list form and the outdated-browser dialog in the built UI (dist/web) in
// Debian's Chromium (spec 1 §1, §2 "Dashboards", §8, §9; docs/statistics.md, docs/site-chrome.md).

let t: ServedApp;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp();
  // Today: three posts, two bids (one on each of two posts), one deal (the first post's bid accepted).
  await openDeal(t);
  const other = await activePost(t);
  await placeBid(t, await provider(t), other.homeLoanId, { interest_rate: 6, comparison_rate: 6.1 });
  await activePost(t);
  await projectionsIdle(t);
  snapIn = await screenshots('e2e-statistics');
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function inBrowser(name: string, run: (page: Page) => Promise<void>) {
  const session: BrowserSession = await openBrowser();
  try {
    await run(session.page);
  } catch (error) {
    await snapIn(session.page, `failed-${name}`);
    throw error;
  } finally {
    await session.close();
  }
}

const figure = (page: Page, label: string) => page.getByRole('region', { name: 'Statistics' }).getByRole('group', { name: label, exact: true });
const dayLabel = (day: string) => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

describe('the admin’s statistics panel', () => {
  it('shows the figures and charts of the last 29 days, and follows a preset and a custom range', async () => {
    await inBrowser('admin', async (page) => {
      await logInAs(page, t.baseUrl, { email: t.admin.email, password: testPassword });
      const panel = page.getByRole('region', { name: 'Statistics' });
      await figure(page, 'Posts created').filter({ hasText: '3' }).waitFor({ timeout: 30_000 });
      const today = sydneyDay(new Date());
      const dd = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
      // spec 1 §2: the default range is the last 29 days, shown DD/MM/YYYY.
      expect(await panel.getByRole('button', { name: 'Date range' }).textContent()).toBe(`${dd(addDays(today, -29))} – ${dd(today)}`);
      expect(await figure(page, 'Bids placed').textContent()).toContain('2');
      expect(await figure(page, 'Deals opened').textContent()).toContain('1');
      expect(await figure(page, 'Post to deal').textContent()).toContain('33.33%');
      expect(await figure(page, 'Average winning rate').textContent()).toContain('5.50%');
      expect(await figure(page, 'Average winning rate').textContent()).toContain('First bid: 5.75%');
      expect(await figure(page, 'Settled volume').textContent()).toContain('$0');
      // The charts are drawn (recharts' SVG surfaces), one per card.
      await expect.poll(() => panel.locator('[role="figure"] svg.recharts-surface').count()).toBeGreaterThanOrEqual(4);
      await page.getByRole('figure', { name: 'Posts and bids by day' }).waitFor();
      await snapIn(page, '01-admin-statistics-default');

      // A custom range of two days a month ago (the calendar opens on the range's first month): nothing happened then.
      const from = addDays(today, -29);
      const to = addDays(today, -28);
      await panel.getByRole('button', { name: 'Date range' }).click();
      await page.getByRole('button', { name: dayLabel(from), exact: true }).click();
      await page.getByRole('button', { name: dayLabel(to), exact: true }).click();
      await expect.poll(() => panel.getByRole('button', { name: 'Date range' }).textContent()).toBe(`${dd(from)} – ${dd(to)}`);
      await expect.poll(async () => figure(page, 'Posts created').textContent()).toBe('Posts created0');
      await snapIn(page, '02-admin-statistics-custom-range');

      await panel.getByRole('button', { name: 'All Time' }).click();
      await page.getByRole('figure', { name: 'Posts and bids by month' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Date range' }).textContent()).toBe(`01/01/2017 – ${dd(today)}`);
      expect(await figure(page, 'Posts created').textContent()).toContain('3');
      await snapIn(page, '03-admin-statistics-all-time');
    });
  });
});

describe('the mailing-list form', () => {
  it('subscribes an address, then shows only the text before the link for an address already subscribed', async () => {
    await inBrowser('mailing-list', async (page) => {
      await page.goto(`${t.baseUrl}/login`);
      const form = page.getByRole('region', { name: 'Mailing list' });
      await form.getByLabel('Newsletter address').fill('news.reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await form.getByRole('status').filter({ hasText: 'Thank you for subscribing' }).waitFor();
      await form.getByLabel('Newsletter address').fill('News.Reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      const error = form.getByRole('alert');
      await error.waitFor();
      expect(await error.textContent()).toBe('news.reader@example.com is already subscribed to list Home Loans.');
      await toastTitled(page, 'Error!').filter({ hasText: 'is already subscribed to list Home Loans.' }).waitFor();
      expect(await toastTitled(page, 'Error!').textContent()).not.toContain('Click here');
      await snapIn(page, '04-mailing-list-already-subscribed');
    });
  });
});

describe('the outdated-browser dialog', () => {
  it('appears about 1.2 s after the first route change on Internet Explorer, and never on Chromium', async () => {
    await inBrowser('outdated-browser', async (page) => {
      await page.goto(`${t.baseUrl}/login`);
      await page.waitForTimeout(2000);
      expect(await page.getByRole('dialog').count()).toBe(0);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setUserAgentOverride', { userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' });
      await page.goto(`${t.baseUrl}/login`);
      const dialog = page.getByRole('dialog').filter({ hasText: 'Your browser is out of date' });
      await dialog.waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await snapIn(page, '05-outdated-browser');
    });
  });
});
