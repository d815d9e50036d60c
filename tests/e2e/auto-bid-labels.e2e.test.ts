import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateView } from '../../contracts/bid-template';
import { postStream } from '../../domain/post/events';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { type BrowserSession, dialogTitled, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { activePost, type ActivePost, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, testPassword, type TestUser } from '../support/users';

// Issue 29: the auto-bid on a post reads "Placed automatically by template X" for its provider (a link to the
// template) in My Bids and on the bid's page, and only "Placed automatically" for the customer (docs/bid-templates.md
// "Placed automatically") and, on the bid's page, "Why this bid": the rules it was placed by (docs/bid-templates.md
// "Why this bid"), which the customer never sees; an admin stops and resumes the auto-bids on the post
// (docs/post-lifecycle.md).

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let paula: TestProvider;
let post: ActivePost;
let templateUuid = '';

beforeAll(async () => {
  t = await serveTestApp();
  paula = await provider(t, { organisationName: 'Harbour Lending' });
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(paula.organisationUuid);
  const created = await t.app.inject(as(paula, { method: 'POST', url: '/v4/home_loan_bid_templates', payload: { home_loan_bid_template: { ...bid, name: 'Sydney refinancers' } } }));
  expect(created.statusCode, created.body).toBe(201);
  templateUuid = bidTemplateView.parse(created.json()).uuid;
  const activation = await t.app.inject(as(paula, { method: 'PATCH', url: `/v4/home_loan_bid_templates/${templateUuid}/auto_bidding`, payload: { auto_bidding: true } }));
  expect(activation.statusCode, activation.body).toBe(200);
  await projectionsIdle(t);
  post = await activePost(t);
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(30_000);
  snapIn = await screenshots('e2e-auto-bid-labels');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
async function openAs(user: Pick<TestUser, 'email'>, path: string) {
  await page.goto(`${t.baseUrl}/logout`);
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
  await logInAs(page, t.baseUrl, { email: user.email, password: testPassword }, path);
}

describe('placed automatically', () => {
  it('the provider reads it in My Bids and on the bid, and opens the template from there', async () => {
    await openAs(paula, '/bids');
    const row = page.getByTestId('bid-row').filter({ has: page.getByTestId('placed-automatically') });
    await row.waitFor();
    expect(await row.getByTestId('placed-automatically').textContent()).toBe('Placed automatically by template Sydney refinancers');
    await page.goto(`${t.baseUrl}/post/bid/${autoBidIdOf(templateUuid, post.postId)}/view`);
    const label = page.getByTestId('placed-automatically');
    await label.waitFor();
    expect(await label.textContent()).toBe('Placed automatically by template Sydney refinancers');
    // Why this bid: closed at first; opened, the rules the post met, the post's LVR against the bid's.
    await page.getByRole('button', { name: 'Why this bid' }).click();
    const rules = page.getByTestId('why-this-bid-rules');
    await rules.waitFor();
    expect(await page.getByTestId('why-this-bid').textContent()).toContain('You held no other active bid on this post.');
    const lvr = rules.getByRole('row').filter({ hasText: 'LVR check' });
    expect((await lvr.getByRole('cell').allTextContents()).map((cell) => cell.trim())).toEqual(['LVR check', 'Maximum LVR', '75.00%', 'at most 80.00%', 'Passed']);
    await snap('01-provider-bid');
    await label.getByRole('link', { name: 'Sydney refinancers' }).click();
    // The template's view opens on its first step.
    await page.waitForURL((url) => url.pathname.startsWith(`/bid-templates/view/${templateUuid}`));
  });

  it('the customer reads only that the bid was placed automatically', async () => {
    await openAs(post.owner, `/post/${post.postId}`);
    const label = page.getByTestId('bid-card').getByTestId('placed-automatically');
    await label.waitFor();
    expect(await label.textContent()).toBe('Placed automatically');
    expect(await page.getByText('Sydney refinancers').count()).toBe(0);
    expect(await page.getByText('Why this bid').count()).toBe(0);
    await snap('02-customer-post');
  });
});

describe('an admin on the post', () => {
  it('stops the auto-bids after the confirmation, then resumes them', async () => {
    await openAs(t.admin, `/post/${post.postId}`);
    await page.getByRole('button', { name: 'Stop auto-bids on this post' }).click();
    const stop = dialogTitled(page, 'Stop auto-bids on this post?');
    await stop.waitFor();
    await stop.getByRole('button', { name: 'Stop auto-bids' }).click();
    await toastTitled(page, 'Success!').filter({ hasText: 'Auto-bids are stopped on this post.' }).waitFor();
    await page.getByRole('button', { name: 'Resume auto-bids' }).click();
    const resume = dialogTitled(page, 'Resume auto-bids on this post?');
    await resume.waitFor();
    await resume.getByRole('button', { name: 'Resume auto-bids' }).click();
    await toastTitled(page, 'Success!').filter({ hasText: 'Auto-bids are resumed on this post.' }).waitFor();
    await page.getByRole('button', { name: 'Stop auto-bids on this post' }).waitFor();
    const events = (await t.store.readStream(postStream(post.postId))).filter((event) => event.type === 'AutoBidsOnPostChanged');
    expect(events.map((event) => (event.data as { stopped: boolean }).stopped)).toEqual([true, false]);
  });
});
