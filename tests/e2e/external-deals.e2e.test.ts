import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, chooseOption, formField, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { type ActivePost, activePost, provider, type TestProvider } from '../support/trade';
import { testPassword } from '../support/users';

// An admin records an external deal (spec 1 §2, §5, §8; docs/external-deals.md) in the built UI: a new customer,
// two providers and the loan; 'External Deal has been created!'; both deals are on the board, each opened with
// 'External deal created'. The form's messages ('You have to select a customer!', 'Should be one or more FSP.') show
// before anything is sent, and the page modes redirect as spec 1 §2 says.

let t: ServedApp;
let providers: TestProvider[];
let post: ActivePost;
let session: BrowserSession;
let page: Page;
let snap: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp();
  providers = [await provider(t), await provider(t)];
  post = await activePost(t);
  snap = await screenshots('e2e-external-deals');
  session = await openBrowser();
  page = session.page;
  await logInAs(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/deals');
}, 600_000); // a post made through the wizard's calls: slow on a busy machine

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const toast = (text: string) => toastTitled(page, text);


describe('the page modes (spec 1 §2)', () => {
  it("an invalid mode shows 'Invalid page mode!' and goes to /deals; edit without uuid 'UUID is missing!'", async () => {
    await page.goto(`${t.baseUrl}/external-deal/view`);
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Invalid page mode!' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/deals');
    await page.goto(`${t.baseUrl}/external-deal/edit`);
    await page.locator('.mantine-Notification-root').filter({ hasText: 'UUID is missing!' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/deals');
  });
});

describe('recording an external deal', () => {
  it('with a new customer and two providers: both deals are on the board, opened with External deal created', async () => {
    await page.getByRole('link', { name: 'Create external deal' }).click();
    await page.waitForURL((url) => url.pathname === '/external-deal/create');
    await page.getByRole('button', { name: 'Create external deal' }).click();
    await page.getByText('You have to select a customer!').waitFor();
    await page.getByText('Should be one or more FSP.').waitFor();
    await snap(page, '1-form-errors');

    await page.getByText('New customer', { exact: true }).click();
    await formField(page, 'First name').fill('Grace');
    await formField(page, 'Last name').fill('Hopper');
    await formField(page, 'E-mail').fill(`grace-${Date.now()}@test.example`);
    await formField(page, 'Mobile number').fill('0412 345 678');
    for (const p of providers) {
      await formField(page, 'Providers').fill(p.email);
      // The search is debounced and answered by the server: wait until the list settles on the one provider.
      const option = page.getByRole('option', { name: new RegExp(p.email.replace(/[.+]/g, '\\$&')) });
      await expect.poll(async () => (await page.getByRole('option').count()) === 1 && (await option.isVisible()), { timeout: 15_000 }).toBe(true);
      // The keyboard, as a user may: the open list keeps re-rendering while the search settles.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.mantine-MultiSelect-pill').filter({ hasText: p.email }).count()).toBe(1);
    }
    await chooseOption(page, 'Loan type', 'Refinance');
    await chooseOption(page, 'Loan purpose', 'Owner occupied');
    await formField(page, 'Loan amount').fill('640000');
    await formField(page, 'Property value').fill('222499');
    await page.getByRole('button', { name: 'Create external deal' }).click();
    await page.getByText('Min value is 222,500').waitFor();
    await formField(page, 'Property value').fill('900000');
    // The changed field drops its message at once.
    expect(await page.getByText('Min value is 222,500').count()).toBe(0);
    await snap(page, '2-form-filled');
    await page.getByRole('button', { name: 'Create external deal' }).click();
    await toast('External Deal has been created!').waitFor();
    await page.waitForURL((url) => url.pathname === '/deals');

    const deals = await t.asAdmin({ method: 'GET', url: '/v1/deals?status=accepted' });
    const external = deals.json().result.filter((d: { external: boolean }) => d.external) as { uuid: string; provider_id: string }[];
    expect(external.map((d) => d.provider_id).sort()).toEqual(providers.map((p) => p.id).sort());
    for (const deal of external) await page.locator(`[data-deal="${deal.uuid}"]`).first().waitFor();
    await snap(page, '3-board');

    await page.goto(`${t.baseUrl}/deals/${external[0]!.uuid}`);
    await page.getByTestId('deal-activity').filter({ hasText: 'External deal created' }).waitFor();
    // spec 1 §4: application first asks to update the external deal.
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByRole('menuitem', { name: 'Contact' }).waitFor();
    await snap(page, '4-deal');
  });
});

describe('from the post page (spec 1 §2 "Admin actions")', () => {
  it("'Create external deal' opens the form with the post's customer chosen", async () => {
    await page.goto(`${t.baseUrl}/post/${post.postId}`);
    await page.getByRole('link', { name: 'Create external deal' }).click();
    await page.waitForURL((url) => url.pathname === '/external-deal/create' && url.searchParams.get('customer_uuid') === post.owner.id);
    await expect.poll(() => formField(page, 'Customer').inputValue(), { timeout: 15_000 }).toContain(post.owner.email);
    await snap(page, '5-from-post');
  });
});
