import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, logInFresh, openBrowser, screenshots, shownAfterReloads } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, acceptedDeal, activePost, placeBid, projectionsIdle, provider, settle, type TestProvider } from '../support/trade';
import { as, testPassword, type TestUser } from '../support/users';

// Stored script (issue 7 "Security"): markup saved in a chat message, a post note, a deal note, an organisation name
// and a review, and entity look-alikes in people's names, is shown by the built UI in Chromium as the literal text:
// no element is made from it, no script runs (a `window.__pwned` flag stays unset, no dialog opens). Names cannot
// hold markup at all (the API refuses `<`), so they carry what a name may hold that HTML would still decode.

const attack = (where: string) => `<img src=x onerror="window.__pwned='${where}';alert('${where}')"><script>window.__pwned='${where}'</script>${where}`;
const texts = {
  chat: attack('chat message'),
  note: attack('post note'),
  dealNote: attack('deal note'),
  review: attack('review text'),
  // At most 99 characters.
  organisation: `<img src=x onerror="window.__pwned='org'">Org<svg onload=alert(1)>`,
  // Letters, spaces, apostrophes, hyphens, ampersands and dots: legacy entities without `;` decode in HTML.
  providerName: 'Zed &lt &amp',
  customerName: 'Amy &gt &quot',
};

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let post: ActivePost;
let bidder: TestProvider;
let dealId: string;
const dialogs: string[] = [];

async function call(user: Pick<TestUser, 'headers'>, method: 'POST' | 'PATCH', url: string, payload: object, status: number[] = [200, 201]) {
  const response = await t.app.inject(as(user, { method, url, payload }));
  expect(status, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
  await settle(t, response.headers['x-position']);
  return response.json();
}

async function rename(user: TestUser, firstName: string) {
  const me = (await t.app.inject(as(user, { method: 'GET', url: '/v1/users/me' }))).json();
  return t.app.inject(as(user, { method: 'PATCH', url: '/v1/users/me', payload: { user: { first_name: firstName, last_name: me.last_name, country_code: me.country_code, mobile_number: me.mobile_number } } }));
}

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  bidder = await provider(t, { organisationName: texts.organisation });
  expect((await rename(bidder, texts.providerName)).statusCode).toBeLessThan(300);
  expect((await rename(post.owner, texts.customerName)).statusCode).toBeLessThan(300);
  const bidId = await placeBid(t, bidder, post.homeLoanId);
  const conversation = await call(bidder, 'POST', `/v1/posts/${post.postId}/conversations`, {});
  await call(bidder, 'POST', `/v1/conversations/${conversation.uuid}/messages`, { message: texts.chat });
  await call(bidder, 'POST', `/v1/posts/${post.postId}/notes`, { note: texts.note, contacted_at: new Date().toISOString().slice(0, 10), private: false });
  dealId = await acceptedDeal(t, post, bidId, bidder);
  await call(bidder, 'POST', `/v1/deals/${dealId}/activities`, { operation: 'note', details: texts.dealNote, activity_date: new Date().toISOString().slice(0, 10) });
  const review = await call(post.owner, 'POST', '/v1/reviews', { review: { post_uuid: post.postId, fsp_uuid: bidder.id, rating: 4, description: texts.review } });
  await call(t.admin, 'PATCH', `/v1/reviews/${review.uuid}`, { status: 'approved' });
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  snapIn = await screenshots('e2e-stored-script');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

/** The literal text is on the page, no element came out of it, and nothing ran. */
async function shownAsText(literal: string, name: string) {
  await shownAfterReloads(page, page.getByText(literal).first());
  await snapIn(page, name);
  expect(await page.locator('img[src="x"], script:not([src]), svg[onload], [onerror]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

describe('stored markup is shown as text', () => {
  it('names cannot hold markup: the API refuses it', async () => {
    const refused = await rename(post.owner, '<img src=x onerror=alert(1)>');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['user.first_name']).toEqual(['Use letters, spaces, apostrophes, hyphens, ampersands and dots only']);
  });

  it('a chat message and an organisation name, for the customer', async () => {
    await logInAs(page, t.baseUrl, { email: post.owner.email, password: testPassword }, `/posts/${post.postId}/messages`);
    await shownAsText(texts.chat, '01-chat');
    await page.goto(`${t.baseUrl}/messages`);
    await shownAsText(texts.organisation, '02-inbox-organisation');
  });

  it('a post note, a deal note and the customer name, for the provider', async () => {
    await logInFresh(page, t.baseUrl, { email: bidder.email, password: testPassword }, `/post/${post.postId}`);
    await shownAsText(texts.note, '03-post-note');
    await page.goto(`${t.baseUrl}/deals/${dealId}`);
    await shownAsText(texts.dealNote, '04-deal-note');
    await shownAsText(texts.customerName, '05-deal-customer-name');
  });

  it('an organisation name, a review and a provider name, for the admin', async () => {
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/organisations');
    await shownAsText(texts.organisation, '06-organisations');
    await page.goto(`${t.baseUrl}/reviews`);
    await shownAsText(texts.review, '07-reviews');
    await page.goto(`${t.baseUrl}/users/fsp`);
    await shownAsText(texts.providerName, '08-users');
  });

  it('a review on the provider profile', async () => {
    await logInFresh(page, t.baseUrl, { email: bidder.email, password: testPassword }, `/profile/${bidder.id}`);
    await shownAsText(texts.review, '09-profile-review');
  });

  it('the page is served with a content security policy that allows no inline script', async () => {
    const response = await fetch(`${t.baseUrl}/messages`, { headers: { accept: 'text/html' } });
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
