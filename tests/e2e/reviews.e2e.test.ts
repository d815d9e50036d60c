import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, formField, logInAs, logInFresh, openBrowser, screenshots, shownAfterReloads, toastTitled } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { acceptedDeal, type ActivePost, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { testPassword } from '../support/users';

// Issue 6 item 2 in the built UI (dist/web) in Debian's Chromium: a customer whose post became a deal with a
// provider rates that provider from the post page (the rating's rule first, spec 1 §5), 'Review sent successfully!';
// an admin approves it on /reviews ('Review approved!', spec 1 §4); the provider's profile then shows it with the
// average (spec 1 §9).

let t: ServedApp;
let post: ActivePost;
let bidder: TestProvider;
let snapIn: (page: Page, name: string) => Promise<void>;
let session: BrowserSession;
let page: Page;
const comment = 'Clear answers and a smooth refinance.';

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  bidder = await provider(t, { organisationName: 'Harbour Home Loans' });
  const bidId = await placeBid(t, bidder, post.homeLoanId);
  await acceptedDeal(t, post, bidId, bidder);
  snapIn = await screenshots('e2e-reviews');
  session = await openBrowser();
  page = session.page;
}, 180_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);

describe('a review from deal to profile', () => {
  it('the customer rates the provider of the deal from the post page', async () => {
    await logInAs(page, t.baseUrl, { email: post.owner.email, password: testPassword }, `/post/${post.postId}`);
    const rate = page.getByRole('link', { name: 'Rate provider' });
    await shownAfterReloads(page, rate);
    await rate.click();
    await page.waitForURL((url) => url.pathname === `/fsp-review/${post.postId}/${bidder.id}`);
    await page.getByRole('heading', { name: /^Rate .*Harbour Home Loans/ }).waitFor();
    // spec 1 §5: the rating is at least 1; the error reads key plus value (spec 1 §8).
    await page.getByRole('button', { name: 'Send review' }).click();
    await page.getByText('Rating must be at least 1').waitFor();
    // Four stars: the label of the fourth star's radio (the radios themselves are visually hidden).
    const fourth = await page.getByTestId('rating-stars').locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${fourth}"]`).click();
    await formField(page, 'Comment').fill(comment);
    await snap('1-rating-form');
    await page.getByRole('button', { name: 'Send review' }).click();
    await toastTitled(page, 'Review sent successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === `/post/${post.postId}`);
  });

  it('an admin approves it on the moderation list', async () => {
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/reviews?status=pending');
    await page.getByRole('heading', { name: 'Reviews', level: 2 }).waitFor();
    const row = page.getByTestId('review-row').filter({ hasText: comment });
    await shownAfterReloads(page, row);
    expect(await row.getByTestId('review-status').textContent()).toBe('Pending');
    expect(await row.textContent()).toContain('Harbour Home Loans');
    await snap('2-moderation-pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    await toastTitled(page, 'Review approved!').waitFor();
    // Approved reviews leave the pending filter; the whole list shows it approved.
    await page.getByText('No pending reviews').waitFor();
    await page.locator('label').filter({ hasText: /^All$/ }).click();
    await expect.poll(() => page.getByTestId('review-row').filter({ hasText: comment }).getByTestId('review-status').textContent(), { timeout: 15_000 }).toBe('Approved');
    await snap('3-moderation-approved');
  });

  it('the admin finds the rating page for the post’s customer from the post page, the review already moderated', async () => {
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, `/post/${post.postId}`);
    const onBehalf = page.getByRole('link', { name: 'Rate on behalf of customer' });
    await shownAfterReloads(page, onBehalf);
    await onBehalf.click();
    await page.waitForURL((url) => url.pathname === `/fsp-review/${post.postId}/${bidder.id}` && url.searchParams.get('customer_uuid') === post.owner.id);
    await page.getByText('This review has already been moderated and can no longer be changed.').waitFor();
    expect(await formField(page, 'Customer').inputValue()).toMatch(/^Test Customer/);
    expect(await page.getByTestId('review-status').textContent()).toBe('Approved');
    expect(await page.getByRole('button', { name: 'Update review' }).isDisabled()).toBe(true);
    await snap('4-admin-on-behalf');
  });

  it("then shows on the provider's profile with the average", async () => {
    await logInFresh(page, t.baseUrl, { email: bidder.email, password: testPassword }, `/profile/${bidder.id}`);
    const reviews = page.getByTestId('provider-reviews');
    await shownAfterReloads(page, reviews.getByText(comment));
    expect(await page.getByTestId('reviews-average').textContent()).toContain('4.00');
    expect(await page.getByTestId('reviews-average').textContent()).toContain('(1 review)');
    const shown = await page.getByTestId('provider-review').textContent();
    // The customer as first name and initial only.
    expect(shown).toMatch(/Test C\./);
    await snap('5-provider-profile');
  });
});
