import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { serveTestApp, type ServedApp } from '../support/served-app';
import { type ActivePost, activePost, placeBid, provider } from '../support/trade';
import { as, testPassword } from '../support/users';

// The trade e-mails' signed links in the built UI (dist/web) in Debian's Chromium (issue 6 item 5,
// docs/trade-mail.md): bidding on a customer's post ended, so the outbox holds the review-period mail; an admin opens
// it in the mailbox; the customer, logged out, follows its extend link and sees the new end of the review period;
// the same link opened again says it was used.

let t: ServedApp;
let post: ActivePost;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let extendLink = '';

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  const bidder = await provider(t);
  await placeBid(t, bidder, post.homeLoanId);
  const ended = await t.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'end_bidding_period' } }));
  expect(ended.statusCode, ended.body).toBe(200);
  snapIn = await screenshots('e2e-email-links');
  session = await openBrowser();
  page = session.page;
}, 180_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);

/** The new end of the review period as the page shows it (en-AU, the browser's Sydney time). */
async function reviewEndShown(): Promise<string> {
  const read = await t.app.inject(as(post.owner, { method: 'GET', url: `/v4/posts/${post.postId}` }));
  const end = new Date(read.json().review_bids_on as string);
  return new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' }).format(end);
}

describe('the review-period e-mail', () => {
  it('is in the mailbox, addressed to the customer, with the extend and cancel links', async () => {
    await logInAs(page, t.baseUrl, { email: t.admin.email, password: testPassword }, `/mailbox?recipient=${encodeURIComponent(post.owner.email.toLowerCase())}`);
    const subject = 'Bidding has ended: choose your bid';
    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject, level: 2 }).waitFor();
    const body = page.getByTestId('message-body');
    const extend = body.getByRole('link', { name: /\/extend-review-period\// });
    const href = await extend.getAttribute('href');
    expect(href).toContain(`/extend-review-period/${post.postId}/extend_review_period?token=`);
    expect(await body.getByRole('link', { name: /\/cancel-automatic-selection\// }).count()).toBe(1);
    await snap('01-review-period-mail');
    // The mail's links start with PUBLIC_URL (localhost:<PORT> by default); this test's server listens elsewhere.
    const url = new URL(href!);
    extendLink = `${t.baseUrl}${url.pathname}${url.search}`;
  });

  it('its extend link works logged out and shows the new end of the review period', async () => {
    await page.goto(`${t.baseUrl}/logout`);
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    const before = await reviewEndShown();
    await page.goto(extendLink);
    const done = page.getByRole('status').filter({ hasText: 'The review period has been extended until' });
    await done.waitFor();
    const after = await reviewEndShown();
    expect(after).not.toBe(before);
    expect(await done.textContent()).toContain(`The review period has been extended until ${after}.`);
    // Logged out: no sidebar, still on the link's page (not sent to log in).
    expect(new URL(page.url()).pathname).toBe(`/extend-review-period/${post.postId}/extend_review_period`);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await snap('02-extended-logged-out');
  });

  it('the same link again says it was used', async () => {
    await page.goto(extendLink);
    await page.getByRole('alert').filter({ hasText: 'This link has already been used.' }).waitFor();
    await snap('03-link-used');
  });
});
