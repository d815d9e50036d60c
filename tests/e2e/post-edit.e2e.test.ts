import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { postHelpers } from '../support/posts';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { testPassword, type TestUser } from '../support/users';

// The post edit screen (spec 1 §2 "/post/{uuid}/edit", issue 4 item 7) through the built UI served by the real API,
// in Debian's Chromium: a customer with an open post changes the loan, adds a third applicant with the expense that
// covers them in one save, is shown the errors of an invalid save, and is asked before leaving with unsaved changes.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let chloe: TestUser;
let postUuid = '';

beforeAll(async () => {
  t = await serveTestApp();
  chloe = await t.createUser({ userType: 'customer' });
  // An open post, made through the calls the wizard makes (tests/support/posts.ts).
  const { call, completePost } = postHelpers(() => t);
  postUuid = (await completePost(chloe)).post;
  const published = await call(chloe, 'PATCH', `/v2/posts/${postUuid}`, { operation: 'validate' });
  expect(published.json().status, published.body).toBe('active');
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-post-edit');
});

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const toast = (title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).first();
/** A form field by its label, with or without the required asterisk. */
const field = (label: string, scope: Pick<Page, 'getByLabel'> = page) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input'));
async function choose(label: string, option: string, scope: Pick<Page, 'getByLabel'> = page) {
  await field(label, scope).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const post = async () => (await postHelpers(() => t).call(chloe, 'GET', `/v4/posts/${postUuid}`)).json();
const inView = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('a customer edits the open post', () => {
  it('finds "Edit my post" on the dashboard', async () => {
    await logInAs(page, t.baseUrl, { email: chloe.email, password: testPassword });
    await page.getByRole('link', { name: 'Edit my post' }).click();
    await page.waitForURL(`**/post/${postUuid}/edit`);
    await page.getByRole('heading', { name: 'Edit post' }).waitFor();
    await snap('01-loan');
  });

  it('changes the loan amount alone: "Home loan was updated!"', async () => {
    await field('Loan amount').fill('480000');
    await page.getByRole('button', { name: 'Save the loan' }).click();
    await toast('Home loan was updated!').waitFor();
    expect((await post()).primary_home_loan.loan_amount).toBe(480_000);
    // Saved: nothing left to save.
    expect(await page.getByRole('button', { name: 'Save the loan' }).isDisabled()).toBe(true);
  });

  it('refuses a preference conflict after Save, under the fields', async () => {
    await page.getByRole('tab', { name: 'Preferences' }).click();
    const preferences = page.getByRole('form', { name: 'Preferences' });
    await preferences.getByRole('radiogroup', { name: 'Line of credit' }).getByText('Must have').click();
    await preferences.getByRole('radiogroup', { name: 'Offset account' }).getByText('Must have').click();
    // Errors only after a submit.
    expect(await preferences.getByText('A line of credit and an offset account cannot both be required').count()).toBe(0);
    await page.getByRole('button', { name: 'Save the preferences' }).click();
    await preferences.getByText('A line of credit and an offset account cannot both be required').first().waitFor();
    await snap('02-preferences-errors');
    // A line of credit also rules out the default 'any' rate type.
    await preferences.getByText('A line of credit cannot be required with a fixed or any rate type').first().waitFor();
    await preferences.getByRole('radiogroup', { name: 'Offset account' }).getByText('Nice to have').click();
    await choose('Rate type', 'Variable', preferences);
    await page.getByRole('button', { name: 'Save the preferences' }).click();
    await toast('Home loan preferences were updated!').waitFor();
    expect((await post()).primary_home_loan.home_loan_preferences).toMatchObject({ line_of_credit: 'yes', offset_account: 'optional', rate_type: 'variable' });
  });

  it('adds a third applicant: an invalid save scrolls to the first error; the open post must stay complete', async () => {
    await page.getByRole('tab', { name: 'Applicants, incomes and expenses' }).click();
    await page.getByRole('button', { name: 'Add an applicant' }).click();
    const third = page.getByRole('region', { name: 'Applicant 3' });
    await page.getByRole('button', { name: 'Save the changes' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await third.getByText('This field is required').first().waitFor();
    await page.waitForTimeout(800); // the smooth scroll
    expect(await inView(field('First name', third))).toBe(true);
    await snap('03-applicant-errors');

    await field('First name', third).fill('Jo');
    await field('Last name', third).fill('Citizen');
    await field('Year of birth', third).fill('1990');
    await choose('Credit history', 'Excellent', third);
    const before = await t.eventCount();
    // Jo is not covered by living expenses yet: the server refuses the whole save and says why.
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByText('Every applicant', { exact: false }).first().waitFor();
    expect(await t.eventCount()).toBe(before);
    await snap('04-incomplete');

    await page.getByRole('region', { name: 'Living expenses' }).getByLabel('Jo Citizen').check();
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await toast('Post was successfully updated!').waitFor();
    const saved = await post();
    expect(saved.status).toBe('active');
    expect(saved.primary_home_loan.number_of_applicants).toBe(3);
    expect(saved.applicants.map((a: { first_name: string }) => a.first_name)).toEqual(['Jane', 'John', 'Jo']);
    expect(saved.expenses[0].applicants).toContain(saved.applicants[2].uuid);
    await snap('05-saved');
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByRole('tab', { name: 'Loan' }).click();
    await field('Loan amount').fill('490000');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await snap('06-leave');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe(`/post/${postUuid}/edit`);
    expect(await field('Loan amount').inputValue()).toBe('$490,000');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/home');
    expect((await post()).primary_home_loan.loan_amount).toBe(480_000);
  });

  it('continues a pending post when the logged-in customer opens /create-post', async () => {
    const { pendingPost } = postHelpers(() => t);
    const pending = (await pendingPost(chloe)).post;
    await page.goto(`${t.baseUrl}/create-post`);
    await page.waitForURL('**/create-post/step-*');
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('hla.create-post.state') ?? 'null') as { post_uuid: string | null } | null);
    expect(state?.post_uuid).toBe(pending);
  });

  it('shows the not-found state for a post that is not there', async () => {
    await page.goto(`${t.baseUrl}/post/00000000-0000-4000-8000-000000000000/edit`);
    await page.getByRole('heading', { name: 'Post not found' }).first().waitFor();
  });
});
