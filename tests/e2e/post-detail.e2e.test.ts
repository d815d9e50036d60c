import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, dialogTitled, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, activePost, cancelBidAsAdmin, notFlexible, placeBid, projectionsIdle, provider, type TestProvider } from '../support/trade';
import { as, testPassword, type TestUser } from '../support/users';

// The post page (spec 1 §2 "Post detail", §4 acceptance) through the built UI served by the real API, in Debian's
// Chromium. Seeded through the API: a refinance post (LVR 75.00%) with two standard bids, an anonymous one and a
// cancelled one. The customer sees the groups and accepts the leading bid with contact preferences; a provider without
// the winning bid sees no customer data, the winning provider does; an admin promotes another post and ends the
// bidding of a third early.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let post: ActivePost;
let other: ActivePost;
let third: ActivePost;
let paula: TestProvider;
let rita: TestProvider;
let anna: TestProvider;
let ritaBid = '';

beforeAll(async () => {
  t = await serveTestApp();
  [post, other, third] = [await activePost(t), await activePost(t), await activePost(t)];
  paula = await provider(t, { organisationName: 'Harbour Lending' });
  rita = await provider(t, { organisationName: 'Coastal Bank' });
  anna = await provider(t, { organisationName: 'Quiet Money' });
  await placeBid(t, paula, post.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
  ritaBid = await placeBid(t, rita, post.homeLoanId, { interest_rate: 5.3, comparison_rate: 5.4 });
  await placeBid(t, anna, post.homeLoanId, { bid_type: 'anonymous', show_private: true, interest_rate: 5.8, comparison_rate: 5.9 });
  const withdrawn = await placeBid(t, paula, post.homeLoanId, { interest_rate: 6.1, comparison_rate: 6.2 });
  await cancelBidAsAdmin(t, withdrawn);
  await placeBid(t, paula, other.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
  await placeBid(t, rita, other.homeLoanId, { interest_rate: 5.1, comparison_rate: 5.2 });
  await notFlexible(t, other);
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-post-detail');
}, 900_000); // three posts made through the wizard's calls, three providers and six bids: slow on a busy machine

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const toast = (title: string) => toastTitled(page, title);
const dialog = (title?: string | RegExp) => dialogTitled(page, title);
const cards = (group: string) => page.getByTestId(`bid-group-${group}`).getByTestId('bid-card');

async function openPostAs(user: TestUser, postId: string) {
  await page.goto(`${t.baseUrl}/logout`);
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
  await logInAs(page, t.baseUrl, { email: user.email, password: testPassword }, `/post/${postId}`);
  await page.getByTestId('summary-lvr').waitFor();
}

describe('the customer on the own post', () => {
  it('sees the loan summary, the status block and the bids grouped with their place labels', async () => {
    await openPostAs(post.owner, post.postId);
    expect(await page.getByTestId('summary-lvr').textContent()).toBe('75.00%');
    expect(await page.getByTestId('summary-loan-amount').textContent()).toBe('$450,000');
    expect(await page.getByTestId('post-status').textContent()).toBe('Bidding');
    await page.getByTestId('post-bids').waitFor();
    expect(await cards('standard').getByTestId('place-label').allTextContents()).toEqual(['1st', '2nd']);
    expect(await cards('standard').getByTestId('bid-lender').allTextContents()).toEqual(['Coastal Bank', 'Harbour Lending']);
    expect(await cards('standard').getByTestId('bid-interest-rate').allTextContents()).toEqual(['5.30%', '5.50%']);
    expect(await cards('anonymous').getByTestId('place-label').allTextContents()).toEqual(['3rd']);
    expect(await cards('cancelled').getByTestId('place-label').allTextContents()).toEqual(['Cancelled']);
    // The customer of an anonymous bid still sees the lender (spec 1 §4: show_private hides it from non-customers).
    expect(await cards('anonymous').getByTestId('bid-lender').textContent()).toBe('Quiet Money');
    // Accept only on the active bids; no statistics for a customer.
    expect(await cards('cancelled').getByRole('link', { name: 'Accept' }).count()).toBe(0);
    expect(await page.getByTestId('bid-statistics').count()).toBe(0);
    expect(await page.getByTestId('not-flexible-notice').count()).toBe(0);
    await snap('01-customer-post');
  });

  it('reads its options in a customer’s words: what each does, Auto-Declare explained, cancelling apart and last', async () => {
    const options = page.getByRole('region', { name: 'What you can do' });
    const rowOf = (button: string) => options.getByTestId('option-row').filter({ has: page.getByRole('button', { name: button, exact: true }) });
    expect(await rowOf('Request update').textContent()).toContain('Something about your loan changed? Tell the lenders: they get your message by e-mail.');
    expect(await rowOf('End bidding early').textContent()).toContain('Stop new bids now and choose one of them.');
    expect(await rowOf('Extend review period').textContent()).toContain('Move the date by which you choose a bid to later.');
    expect(await rowOf('Cancel Auto-Declare').textContent()).toContain(
      'Auto-Declare is on: when the time to choose ends, the leading bid is accepted for you automatically. Turn it off to choose yourself.',
    );
    expect(await rowOf('Cancel Home Loan').textContent()).toContain('lenders can no longer bid on it');
    // The destructive option comes last, and does not look like the others.
    expect((await options.getByRole('button').allTextContents()).at(-1)).toBe('Cancel Home Loan');
    const look = async (name: string) => options.getByRole('button', { name, exact: true }).getAttribute('data-variant');
    expect(await look('Cancel Home Loan')).not.toBe(await look('End bidding early'));
    // The groups and the chat button in a customer's words; what accepting does, before accepting.
    expect(await page.getByTestId('bid-group-standard').getByRole('heading').textContent()).toBe('Bids');
    expect(await page.getByText('Standard bids').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask me' }).count()).toBe(0);
    await page.getByText('When you accept a bid, bidding closes.').waitFor();
  });

  it('accepts the leading bid with contact preferences and lands on the dashboard', async () => {
    await cards('standard').first().getByRole('link', { name: 'Accept' }).click();
    await page.waitForURL(`**/post/${post.postId}/get-deal/${ritaBid}`);
    const accept = dialog('Accept this bid on your Home Loan');
    await accept.waitFor();
    // Dismissed: back to the post page (spec 1 §4); then again, to send it.
    await accept.getByRole('button', { name: 'Not now' }).click();
    await page.waitForURL(`**/post/${post.postId}`);
    await accept.waitFor({ state: 'hidden' });
    await cards('standard').first().getByRole('link', { name: 'Accept' }).click();
    await accept.waitFor();
    expect(await accept.getByTestId('accept-bid-summary').textContent()).toContain('Coastal Bank');
    expect(await accept.getByTestId('after-accepting').textContent()).toContain('The lender is told at once and contacts you at the times you choose');
    await accept.getByLabel('Saturday').uncheck();
    await accept.getByLabel('Sunday').uncheck();
    await accept.getByLabel('Only at these times').check();
    await accept.getByLabel('From').fill('18:00');
    await accept.getByLabel('Until').fill('09:00');
    await accept.getByRole('button', { name: 'Accept the bid' }).click();
    await accept.getByText('The start time cannot be after the end time').waitFor();
    await snap('02-accept-dialog');
    await accept.getByLabel('From').fill('09:00');
    await accept.getByLabel('Until').fill('17:30');
    // 24-hour, as typed (spec 1 §9 HH:mm): not the browser's 12-hour form.
    expect(await accept.getByLabel('Until').inputValue()).toBe('17:30');
    expect((await accept.getByLabel('Until').getAttribute('type')) ?? 'text').toBe('text');
    await accept.getByRole('button', { name: 'Accept the bid' }).click();
    await page.waitForURL('**/home');
    await toast('Success!').waitFor();
    await snap('03-dashboard-after-accept');
    const preference = await t.app.inject(as(post.owner, { method: 'GET', url: `/v1/home_loan_bids/${ritaBid}/contact_preferences` }));
    expect(preference.statusCode, preference.body).toBe(200);
    expect(preference.json()).toMatchObject({ weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from_time: '09:00', until_time: '17:30' });
  });

  it('then finds the winning bid on top and no bid to accept', async () => {
    await page.goto(`${t.baseUrl}/post/${post.postId}`);
    await page.getByTestId('winning-bid').waitFor();
    // The post has its winning bid: no bid offers an acceptance any more.
    expect(await page.getByRole('link', { name: 'Accept' }).count()).toBe(0);
    expect(await page.getByTestId('winning-bid').getByTestId('bid-lender').textContent()).toBe('Coastal Bank');
    await snap('04-customer-winning-bid');
  });
});

describe('providers on the post', () => {
  it('a provider without the winning bid sees the loan but not the customer', async () => {
    await openPostAs(paula, post.postId);
    await page.getByTestId('post-bids').waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('Jane Citizen');
    expect(text).not.toContain(post.owner.email);
    expect(await page.getByTestId('applicants').count()).toBe(0);
    // The status block is hidden from providers; the own bid is highlighted; the anonymous lender hidden.
    expect(await page.getByTestId('status-block').count()).toBe(0);
    expect(await page.locator('[data-own="true"]').count()).toBeGreaterThan(0);
    expect(await cards('anonymous').getByTestId('bid-lender').textContent()).toBe('Anonymous lender');
    // Not active any more: no 'Place a bid'.
    expect(await page.getByRole('link', { name: 'Place a bid' }).count()).toBe(0);
    await snap('05-provider-without-winning-bid');
  });

  it('the provider holding the winning bid sees the customer and the applicants', async () => {
    await openPostAs(rita, post.postId);
    await page.getByTestId('customer-contact').waitFor();
    expect(await page.getByTestId('customer-contact').textContent()).toContain(post.owner.email);
    expect(await page.getByTestId('applicant-row').allTextContents()).toEqual([expect.stringContaining('Jane Citizen'), expect.stringContaining('John Citizen')]);
    await snap('06-winning-provider');
  });

  it("a provider sees 'Place a bid' on an active post", async () => {
    await page.goto(`${t.baseUrl}/post/${other.postId}`);
    await page.getByRole('link', { name: 'Place a bid' }).waitFor();
    // spec 1 §2: provider-type users see a notice when the post is not flexible.
    await page.getByTestId('not-flexible-notice').waitFor();
  });
});

describe('the admin on posts', () => {
  it('sees the bid statistics and promotes the post as a priority', async () => {
    await openPostAs({ ...t.admin }, other.postId);
    await page.getByTestId('bid-statistics').waitFor();
    expect(await page.getByTestId('statistics-count').textContent()).toBe('2');
    expect(await page.getByTestId('statistics-interest-rate').textContent()).toBe('5.10% / 5.30%');
    expect(await page.getByTestId('statistics-comparison-rate').textContent()).toBe('5.20% / 5.40%');
    expect(await page.getByTestId('statistics-status').allTextContents()).toEqual(['Active: 2']);
    expect(await page.getByTestId('not-flexible-notice').count()).toBe(1);
    expect(await page.getByTestId('post-priority').textContent()).toBe('Normal');
    await page.getByRole('button', { name: 'Promote as priority' }).click();
    await toast('Priority changed.').waitFor();
    await page.getByRole('button', { name: 'Remove priority' }).waitFor();
    expect(await page.getByTestId('post-priority').textContent()).toBe('Priority');
    await snap('07-admin-priority');
  });

  it('ends the bidding of another post early after the confirmation', async () => {
    await page.goto(`${t.baseUrl}/post/${third.postId}`);
    await page.getByTestId('post-status').waitFor();
    expect(await page.getByTestId('post-status').textContent()).toBe('Bidding');
    await page.getByRole('button', { name: 'End bidding early' }).click();
    const confirm = dialog('End the bidding period?');
    await confirm.getByText("This Home Loan won't be able to receive any new bids.").waitFor();
    await snap('08-end-bidding-confirm');
    await confirm.getByRole('button', { name: 'End bidding' }).click();
    await toast('Bidding Period has ended').waitFor();
    await page.getByTestId('post-status').getByText('Decision').waitFor();
    expect(await page.getByRole('button', { name: 'End bidding early' }).count()).toBe(0);
    await snap('09-admin-ended-bidding');
  });

  it("cancels it with a reason: 'The reason is required.' first", async () => {
    await page.getByRole('button', { name: 'Cancel Home Loan' }).click();
    const cancel = dialog('Cancel this Home Loan');
    await cancel.waitFor();
    await cancel.getByRole('button', { name: 'Cancel the Home Loan' }).click();
    await cancel.getByText('The reason is required.').waitFor();
    await cancel.getByLabel(/^Reason/).fill('The customer found a loan elsewhere');
    await cancel.getByRole('button', { name: 'Cancel the Home Loan' }).click();
    await toast('This Home Loan has been Cancelled').waitFor();
    // The dialog's textarea holds the same words until it has closed.
    await cancel.waitFor({ state: 'detached' });
    await page.getByTestId('post-status').getByText('Cancelled').waitFor();
    await page.getByText('The customer found a loan elsewhere').waitFor();
    await snap('10-admin-cancelled');
  });

  it('deletes it after the confirmation and goes to the dashboard', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog('Are you sure?');
    await confirm.getByText('This Home Loan, all its data and any bids or deals linked to it will be deleted. This cannot be undone!').waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
    await toast('This Home Loan has been Deleted').waitFor();
    await page.waitForURL('**/home');
    // Gone: the post page says so.
    await page.goto(`${t.baseUrl}/post/${third.postId}`);
    await page.getByRole('heading', { name: 'Post not found' }).waitFor();
  });
});
