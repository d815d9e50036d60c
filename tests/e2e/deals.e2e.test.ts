import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, dialogTitled, formField, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { acceptedDeal, type ActivePost, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { as, testPassword } from '../support/users';

// The deal steps of issue 5's "Done when" journey in the built UI (dist/web, `npm run build:web`) in Debian's
// Chromium: a customer accepted a provider's bid with contact preferences (through the API); the provider finds the
// deal on the board under accepted, opens it, records contact, updates the bid's rate ("Update bid"), records
// application and closed won (the value label follows, spec 1 §2), meets the dialog's rules, deletes a note after
// 'Are you sure?', and the card ends under closed won; the admin finds it on the board with the provider filter and
// reads its history.

let t: ServedApp;
let post: ActivePost;
let bidder: TestProvider;
let providerName = '';
let dealId = '';
let lostDealId = '';
let snapIn: (page: Page, name: string) => Promise<void>;
let providerSession: BrowserSession;
let page: Page;

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  bidder = await provider(t, { organisationName: 'Harbour Home Loans' });
  const bidId = await placeBid(t, bidder, post.homeLoanId);
  const contact_preference = { weekdays: ['monday', 'wednesday', 'friday'], from_time: '09:00', until_time: '17:30' };
  dealId = await acceptedDeal(t, post, bidId, bidder, { contact_preference });
  // A second deal of the provider, not proceeding: it is in the lost view, not on the board.
  const second = await activePost(t);
  lostDealId = await acceptedDeal(t, second, await placeBid(t, bidder, second.homeLoanId), bidder);
  const lost = await t.app.inject(
    as(bidder, { method: 'POST', url: `/v1/deals/${lostDealId}/activities`, payload: { operation: 'closed_lost', reason: 'working_with_another_party', activity_date: new Date().toISOString().slice(0, 10) } }),
  );
  expect(lost.statusCode, lost.body).toBe(201);
  // One open deal against an accepted limit of 1: maxed (spec 3 §4).
  const limits = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${bidder.id}`, payload: { user: { fsp: { bids_accepted_limit: 1, bids_contacted_limit: 5 } } } });
  expect(limits.statusCode, limits.body).toBe(200);
  providerName = (await t.asAdmin({ method: 'GET', url: `/v1/users/${bidder.id}` })).json().full_name as string;
  snapIn = await screenshots('e2e-deals');
  providerSession = await openBrowser();
  page = providerSession.page;
}, 180_000);

afterAll(async () => {
  await providerSession?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const column = (on: Page, name: string) => on.getByRole('region', { name, exact: true });
const card = (on: Page, name: string) => column(on, name).locator(`[data-deal="${dealId}"]`);
const toast = (on: Page, title: string) => toastTitled(on, title);
const dialog = () => dialogTitled(page);
/** A Mantine Select's input by its label (the label also names the options list). */
const selectInput = (on: Page, label: string) => on.getByLabel(label, { exact: true }).and(on.locator('input'));
const stage = () => page.getByTestId('deal-stage');

async function addActivity(type: string, fill?: (form: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add activity' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  await dialog().waitFor();
  await fill?.(dialog());
  await dialog().getByRole('button', { name: 'Add activity' }).click();
  await dialog().waitFor({ state: 'detached' });
}

describe("the provider's deal", () => {
  it('is on the board under accepted, with the bidding limits above', async () => {
    await logInAs(page, t.baseUrl, { email: bidder.email, password: testPassword }, '/deals');
    await page.getByRole('heading', { name: 'My Deals', level: 2 }).waitFor();
    await card(page, 'Accepted').waitFor();
    expect(await card(page, 'Accepted').getByTestId('deal-value').textContent()).toBe('$450,000');
    expect(await card(page, 'Contacted').count()).toBe(0);
    expect(await page.getByTestId('limit-accepted').getAttribute('data-level')).toBe('maxed');
    expect(await page.getByTestId('limit-accepted').textContent()).toContain('1 / 1');
    expect(await page.getByTestId('limit-contacted').getAttribute('data-level')).toBe('ok');
    expect(await page.locator(`[data-deal="${lostDealId}"]`).count()).toBe(0);
    // spec 1 §9: a provider's default range is 10 years back.
    expect(await page.getByRole('textbox', { name: 'Activity dates' }).inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}$/);
    await snap('01-board-accepted');
  });

  it('shows the lost deal with its reason in the lost view', async () => {
    await page.getByText('Lost deals', { exact: true }).click();
    await page.waitForURL('**/lost-deals');
    const lostCard = column(page, 'Closed Lost').locator(`[data-deal="${lostDealId}"]`);
    await lostCard.getByText('Working with another party').waitFor();
    await snap('01b-lost-deals');
    await page.getByText('Board', { exact: true }).click();
    await page.waitForURL('**/deals');
    await card(page, 'Accepted').waitFor();
  });

  it('holds the loading while the date range is not valid (spec 1 §5)', async () => {
    const dates = page.getByRole('textbox', { name: 'Activity dates' });
    const valid = await dates.inputValue();
    await dates.fill('1/1/16 - 01/02/2020');
    await page.getByText('Enter two dates as DD/MM/YYYY - DD/MM/YYYY').waitFor();
    expect(await page.getByText('Correct the filter to load the deals.').count()).toBe(5);
    await snap('02-board-invalid-filter');
    await dates.fill(valid);
    await card(page, 'Accepted').waitFor();
  });

  it('opens on its page: loan amount, contact preferences, customer', async () => {
    await card(page, 'Accepted').getByRole('link').click();
    await page.waitForURL(`**/deals/${dealId}`);
    await stage().filter({ hasText: 'Accepted' }).waitFor();
    expect(await page.getByTestId('deal-value-label').textContent()).toBe('Loan Amount');
    expect(await page.getByTestId('contact-window').textContent()).toBe('These days, 09:00 – 17:30');
    // The provider holds the winning bid: the customer's details are shown (spec 1 §6).
    await page.getByText(post.owner.email).waitFor();
    // Titled by the customer and the loan, not by an id; the mobile number in the one en-AU form (issue 24).
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/^Test Customer [a-z]+ · Refinance · \$450,000 · Sydney NSW/);
    const mobile = page.getByRole('link', { name: '0412 345 678' });
    expect(await mobile.getAttribute('href')).toBe('tel:+61412345678');
    await snap('03-deal-accepted');
  });

  it('records contact: the deal is contacted', async () => {
    await addActivity('Contact');
    await toast(page, 'Success!').waitFor();
    await stage().filter({ hasText: 'Contacted' }).waitFor();
    expect(await page.getByTestId('deal-activity').count()).toBe(2);
  });

  // spec 1 §2 "Deal detail: … update bid": the bid's edit page, titled for the deal, and back to the deal.
  it('updates the bid from the deal page: the new rate shows with two decimals, the deal stays contacted', async () => {
    expect(await page.getByTestId('deal-bid-interest-rate').textContent()).toBe('5.50%');
    await page.getByRole('link', { name: 'Update bid' }).click();
    await page.waitForURL(new RegExp(`/post/bid/[0-9a-f-]+/edit\\?deal=${dealId}$`));
    await page.getByRole('heading', { name: 'Update bid', level: 2 }).waitFor();
    // The breadcrumb leads back to the deal, not to the bids list.
    expect(await page.getByRole('link', { name: /^Test Customer [a-z]+ · Refinance · \$450,000 · Sydney NSW$/ }).getAttribute('href')).toBe(`/deals/${dealId}`);
    const rate = formField(page, 'Interest rate');
    expect(await rate.inputValue()).toBe('5.5%');
    await rate.fill('5.25');
    await snap('05a-update-bid');
    await page.getByRole('button', { name: 'Save the bid' }).click();
    await page.waitForURL(`**/deals/${dealId}`);
    await toast(page, 'Success!').getByText('Your bid was updated.').waitFor();
    await page.getByTestId('deal-bid-interest-rate').filter({ hasText: '5.25%' }).waitFor();
    await stage().filter({ hasText: 'Contacted' }).waitFor();
    await snap('05b-deal-bid-updated');
  });

  it('refuses an application without an amount or above 5,000,000, then takes one: Application Value', async () => {
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByRole('menuitem', { name: 'Application', exact: true }).click();
    const amount = dialog().getByRole('textbox', { name: /Application Value/ });
    await dialog().getByRole('button', { name: 'Add activity' }).click();
    await dialog().getByText('This field is required').first().waitFor();
    await amount.fill('5000001');
    await dialog().getByRole('button', { name: 'Add activity' }).click();
    await dialog().getByText(/5,000,000/).first().waitFor();
    await snap('04-application-errors');
    await amount.fill('460000');
    await dialog().getByRole('button', { name: 'Add activity' }).click();
    await dialog().waitFor({ state: 'detached' });
    await stage().filter({ hasText: 'Applied' }).waitFor();
    await page.getByTestId('deal-value-label').filter({ hasText: 'Application Value' }).waitFor();
    expect(await page.getByTestId('deal-value').textContent()).toBe('$460,000');
    await snap('05-deal-applied');
  });

  it('needs a note and deletes it after "Are you sure?"', async () => {
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByRole('menuitem', { name: 'Note', exact: true }).click();
    // spec 1 §9: the note dialog is 580 wide.
    const width = await page.locator('.mantine-Modal-content').evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBe(580);
    await dialog().getByRole('button', { name: 'Add activity' }).click();
    await dialog().getByText('This field is required').waitFor();
    await dialog().getByRole('textbox', { name: /Note/ }).fill('Valuation booked for Thursday.');
    await dialog().getByRole('button', { name: 'Add activity' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('Valuation booked for Thursday.').waitFor();
    await page.getByRole('button', { name: 'Delete Note' }).click();
    await page.getByText('Your will not be able to recover this activity!').waitFor();
    expect(await dialog().getByText('Are you sure?').count()).toBe(1);
    await snap('06-delete-note');
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect.poll(() => page.getByText('Valuation booked for Thursday.').count()).toBe(0);
    await stage().filter({ hasText: 'Applied' }).waitFor();
  });

  it('records closed won: Closed Won Value, and the card is under closed won', async () => {
    await addActivity('Closed Won', async (form) => {
      await form.getByRole('textbox', { name: /Closed Won Value/ }).fill('455000');
      await form.getByRole('textbox', { name: 'Settled lender' }).fill('Harbour Home Loans');
    });
    await stage().filter({ hasText: 'Closed Won' }).waitFor();
    await page.getByTestId('deal-value-label').filter({ hasText: 'Closed Won Value' }).waitFor();
    expect(await page.getByTestId('deal-value').textContent()).toBe('$455,000');
    // A closed deal's bid is no longer updated.
    expect(await page.getByRole('link', { name: 'Update bid' }).count()).toBe(0);
    await snap('07-deal-closed-won');
    await page.getByRole('link', { name: 'My Deals' }).first().click();
    await card(page, 'Closed Won').waitFor();
    expect(await card(page, 'Accepted').count()).toBe(0);
    expect(await card(page, 'Closed Won').getByTestId('deal-value').textContent()).toBe('$455,000');
    await snap('08-board-closed-won');
  });

  it('keeps the filters in the URL', async () => {
    await selectInput(page, 'Activity').click();
    await page.getByRole('option', { name: 'Closed Won', exact: true }).click();
    await page.waitForURL(/activity_type=closed_won/);
    await card(page, 'Closed Won').waitFor();
    await page.reload();
    await card(page, 'Closed Won').waitFor();
    expect(await selectInput(page, 'Activity').inputValue()).toBe('Closed Won');
  });
});

describe('the admin', () => {
  it('finds the deal with the provider filter and reads its history', async () => {
    const session = await openBrowser();
    const admin = session.page;
    try {
      await logInAs(admin, t.baseUrl, { email: t.admin.email, password: testPassword }, '/deals');
      await admin.getByRole('heading', { name: 'Deals', level: 2 }).waitFor();
      await card(admin, 'Closed Won').waitFor();
      // The admin's cards say who holds the deal.
      await card(admin, 'Closed Won').getByText(providerName).waitFor();
      await card(admin, 'Closed Won').getByText('Harbour Home Loans').waitFor();
      await selectInput(admin, 'Provider').fill(providerName);
      await admin.getByRole('option', { name: providerName, exact: true }).click();
      await admin.waitForURL(new RegExp(`provider=${bidder.id}`));
      await card(admin, 'Closed Won').waitFor();
      expect(await admin.locator('[data-testid="deal-card"]').count()).toBe(1);
      await snapIn(admin, '09-admin-board-provider-filter');
      await card(admin, 'Closed Won').getByRole('link').click();
      await admin.waitForURL(`**/deals/${dealId}`);
      await admin.getByRole('button', { name: 'History' }).click();
      const history = admin.getByRole('table', { name: 'Deal history' });
      await history.getByText('Closed Won added; stage Closed Won').waitFor();
      expect(await history.getByText('Activity deleted; stage Applied').count()).toBe(1);
      expect(await history.getByText('Bid updated').count()).toBe(1);
      await snapIn(admin, '10-admin-deal-history');
    } finally {
      await session.close();
    }
  });
});

describe('a customer', () => {
  it('is sent to the dashboard from /deals (spec 1 §2)', async () => {
    const session = await openBrowser();
    try {
      await logInAs(session.page, t.baseUrl, { email: post.owner.email, password: testPassword }, '/deals');
      await session.page.waitForURL('**/home');
    } finally {
      await session.close();
    }
  });
});
