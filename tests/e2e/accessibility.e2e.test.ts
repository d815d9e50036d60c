import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, describeViolations, settleAccessibilityChecks, takeViolations, type Violation } from '../support/accessibility';
import { type BrowserSession, logInFresh, openBrowser } from '../support/browser';
import { marketJourney, type Journey } from '../support/journey';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { testPassword } from '../support/users';

// Issue 24 item 9: the pages every role meets pass axe-core's WCAG 2.1 A and AA rules with no serious or critical
// violation (docs/accessibility.md): log-in, the provider's sign-up, the post wizard, the application stepper, and
// the dashboards, lists, messages, post page and deal page of an admin, a provider and a customer, on a marketplace
// with bids, a conversation, a deal and a review in it. Each page is checked once its content has loaded.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let winner: TestProvider;
let journey: Journey;
let bidding: ActivePost;

beforeAll(async () => {
  t = await serveTestApp({ localities: true });
  winner = await provider(t, { organisationName: 'Harbour Home Loans' });
  const other = await provider(t, { organisationName: 'Coastal Lending' });
  journey = await marketJourney(t, [winner, other], { accept: true });
  bidding = await activePost(t, { owner: journey.post.owner });
  await placeBid(t, winner, bidding.homeLoanId);
  session = await openBrowser();
  page = session.page;
}, 300_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

/** The page as it is once its content has loaded: a heading, no loading placeholder. */
async function loaded(): Promise<void> {
  await page.getByRole('heading').first().waitFor();
  const loading = page.locator('.mantine-Skeleton-root:visible, .mantine-Loader-root:visible');
  await expect.poll(() => loading.count(), { timeout: 30_000, message: `still loading: ${page.url()}` }).toBe(0);
}

/** Opens each path and answers the violations found on them, in a form a person can read ('' when none). */
async function violationsOn(paths: readonly string[]): Promise<string> {
  const found: Violation[] = [];
  for (const path of paths) {
    await page.goto(`${t.baseUrl}${path}`);
    await loaded();
    found.push(...(await checkAccessibility(page)));
  }
  return describeViolations(found);
}

describe('the pages of a visitor', () => {
  it('log-in, the provider’s sign-up, the post wizard and the application stepper', async () => {
    expect(await violationsOn(['/login', '/signup-fsp', '/application'])).toBe('');

    // The wizard's second step exists once the first made the post.
    await page.goto(`${t.baseUrl}/create-post`);
    await page.waitForURL('**/create-post/step-1');
    await loaded();
    const first = describeViolations(await checkAccessibility(page));
    await page.getByLabel('Within a month').check();
    await page.getByLabel('Refinance my current loan').check();
    await page.getByLabel('A home I live in').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/create-post/step-2');
    await loaded();
    expect(first + describeViolations(await checkAccessibility(page))).toBe('');
  });
});

describe('the pages of each role', () => {
  it('an admin’s dashboard, lists, messages, post page and deal page', async () => {
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/home');
    const pages = ['/home', '/posts', '/deals', '/messages', '/users/fsp', '/pending-users', '/organisations', '/reviews'];
    expect(await violationsOn([...pages, `/post/${bidding.postId}`, `/deals/${journey.dealId}`])).toBe('');
  });

  it('a provider’s dashboard, lists, messages, a conversation, post page and deal page', async () => {
    await logInFresh(page, t.baseUrl, { email: winner.email, password: testPassword }, '/home');
    const pages = ['/home', '/posts', '/bids', '/deals', '/messages', `/posts/${journey.post.postId}/messages`];
    expect(await violationsOn([...pages, `/post/${bidding.postId}`, `/deals/${journey.dealId}`])).toBe('');
  });

  it('a customer’s dashboard, lists, messages, a conversation and post pages', async () => {
    await logInFresh(page, t.baseUrl, { email: journey.post.owner.email, password: testPassword }, '/home');
    const pages = ['/home', '/posts', '/messages', `/posts/${journey.post.postId}/messages`];
    expect(await violationsOn([...pages, `/post/${bidding.postId}`, `/post/${journey.post.postId}`])).toBe('');
  });
});

describe('the check of every page a browser test shows', () => {
  // A page of its own (no product behind it): fine at first, then a change of the history shows grey-on-white text.
  const html = `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>First</h1>
    <button id="go">Next</button></main><script>document.getElementById('go').onclick = () => {
      history.pushState({}, '', '/second');
      document.querySelector('main').innerHTML = '<h1>Second</h1><p style="color:#aaaaaa">Too light to read</p>';
    };</script></body></html>`;

  it('finds a violation on a page reached by the router’s history, and holds it for the end of the test', async () => {
    await page.route('http://check.example/**', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto('http://check.example/first');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Too light to read').waitFor();
    await settleAccessibilityChecks({ finalState: false });
    // Taken here, so the end-of-test check this test proves does not fail it.
    const found = takeViolations();
    expect(found.map((violation) => `${violation.rule} ${violation.page}`)).toEqual(['color-contrast /second']);
    expect(describeViolations(found)).toContain('#aaaaaa');
    // Away from the page, which the end-of-test check would otherwise find again.
    await page.goto('about:blank');
    await page.unrouteAll();
  });
});
