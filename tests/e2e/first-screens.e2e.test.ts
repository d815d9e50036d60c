import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { postHelpers } from '../support/posts';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { testPassword, type TestUser } from '../support/users';

// Issue 24: the first screen of the accounts a newcomer tries first, in the built UI (dist/web, `npm run build:web`)
// in Debian's Chromium. The new customer (still creating the first post, README's new.customer@demo.example) and the
// approved provider who must complete the profile (approved@westpac.demo.example) see a working screen that says what
// to do, and the browser receives no 403 on the way; grey sidebar entries say why they are grey.

let t: ServedApp;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp();
  snapIn = await screenshots('e2e-first-screens');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A browser logged in as `user` on /home, with every answer of 400 or more it received, closed after `run`. */
async function asUser(user: Pick<TestUser, 'email'>, run: (page: Page, refused: () => string[]) => Promise<void>) {
  const session: BrowserSession = await openBrowser();
  const refusals: string[] = [];
  session.page.on('response', (response) => {
    if (response.status() >= 400) refusals.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  try {
    await logInAs(session.page, t.baseUrl, { email: user.email, password: testPassword });
    await run(session.page, () => [...refusals]);
  } catch (error) {
    await snapIn(session.page, `failed-${user.email}`);
    throw error;
  } finally {
    await session.close();
  }
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the new customer, still creating the first post', () => {
  it('lands on a dashboard that offers to continue the draft post, with no 403', async () => {
    const ethan = await t.createUser({ userType: 'customer', status: 'creating', detailsGiven: true });
    const { call, created, postsUrl } = postHelpers(() => t);
    await created(await call(ethan, 'POST', postsUrl, { post: { urgency: 'within_1_month' } }));
    await asUser(ethan, async (page, refused) => {
      const panel = page.getByRole('region', { name: 'Your first post' });
      await panel.getByRole('heading', { name: 'Continue your post' }).waitFor();
      expect(await page.getByText('could not be loaded').count()).toBe(0);
      // spec 1 §2: a customer still creating a post sees only Dashboard and Create Posts.
      expect(await sidebar(page).getByRole('link').allTextContents()).toEqual(['Dashboard', 'Create Posts']);
      await snapIn(page, '01-new-customer');
      await panel.getByRole('link', { name: 'Continue my post' }).click();
      // The wizard opens the draft itself: the answer given before is there.
      await page.waitForURL((url) => url.pathname.startsWith('/create-post'));
      await page.getByText('Step 1 of 7').waitFor();
      await expect.poll(() => page.getByRole('radio', { name: 'Within a month' }).isChecked()).toBe(true);
      expect(refused().filter((line) => line.startsWith('403'))).toEqual([]);
    });
  });

  it('without a draft, is offered to create the first post', async () => {
    const mia = await t.createUser({ userType: 'customer', status: 'creating', detailsGiven: true });
    await asUser(mia, async (page, refused) => {
      const panel = page.getByRole('region', { name: 'Your first post' });
      await panel.getByRole('heading', { name: 'Create your first post' }).waitFor();
      await panel.getByRole('link', { name: 'Create my post' }).waitFor();
      expect(refused().filter((line) => line.startsWith('403'))).toEqual([]);
    });
  });
});

describe('the approved provider who must complete the profile', () => {
  it('sees only the profile activation in the sidebar and why, with no 403', async () => {
    const noah = await t.createUser({ userType: 'fsp', status: 'approved' });
    await asUser(noah, async (page, refused) => {
      await page.waitForURL('**/fsp-activate-profile');
      await page.getByRole('heading', { name: 'Complete your profile' }).first().waitFor();
      expect(await sidebar(page).getByRole('link').allTextContents()).toEqual(['Complete your profile']);
      await sidebar(page).getByText('Complete your profile to open your dashboard, bids, deals and messages.').waitFor();
      // No link on the page leads back to where the provider cannot go yet.
      expect(await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
      await snapIn(page, '02-approved-provider');
      // Give the shell time to make every call it makes (chat status, live messages) before counting refusals.
      await page.waitForLoadState('networkidle');
      expect(refused().filter((line) => line.startsWith('403'))).toEqual([]);
    });
  });
});
