import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { bidTemplateView } from '../../contracts/bid-template';
import { type BrowserSession, logInAs, logInFresh, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { activePost, type ActivePost, openDeal, placeBid, projectionsIdle, provider, settle, type TestProvider, validBid } from '../support/trade';
import { multipartFile, pdfFile } from '../support/uploads';
import { as, testPassword } from '../support/users';

// What a real marketplace shows instead of raw ids and paths, in the built UI served by the real API, in Chromium:
// - an auto-bid's page names the bid that beat it by its lender, and the earlier bid it replaced by its product, date
//   and rate (docs/auto-bidding.md "Floor and step", "Why this bid"); never by an id;
// - a bid's key fact sheet uploaded as a PDF is a link that opens the PDF, a web address a link to it, each in a new
//   tab without handing it this page, anything else plain text (docs/bid-templates.md "Documents");
// - the deal history names a user deleted since in words (docs/deals.md "History: who").

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let paula: TestProvider;
let rival: TestProvider;
let post: ActivePost;
let templateId = '';
let handBid = '';
let keyFactSheet = '';
const disclosure = 'https://www.harbour-lending.example/home-loans/pds';
const scriptLink = 'javascript:alert(document.cookie)';

/** A uuid's first eight hex digits standing alone: how a raw id showed on these pages before. */
const idFragment = /\b[0-9a-f]{8}\b/;

beforeAll(async () => {
  t = await serveTestApp();
  paula = await provider(t, { organisationName: 'Harbour Lending' });
  rival = await provider(t, { organisationName: 'Coastal Mutual' });
  post = await activePost(t);
  // Paula's own hand bid first: the template's better bid replaces it (docs/auto-bidding.md "Replacing").
  handBid = await placeBid(t, paula, post.homeLoanId, { interest_rate: 5.9, comparison_rate: 6.0 });
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject(as(paula, { method, url, payload }));
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(paula.organisationUuid);
  const created = await send('POST', '/v4/home_loan_bid_templates', {
    home_loan_bid_template: { ...bid, name: 'Sydney refinancers', product_disclosure_statement: disclosure, optional_documents: [{ document: scriptLink }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  templateId = bidTemplateView.parse(created.json()).uuid;
  const uploaded = await t.app.inject(as(paula, { method: 'POST', url: `/v3/home_loan_bid_templates/${templateId}/key_fact_sheets`, ...multipartFile(pdfFile('harbour key facts')) }));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  keyFactSheet = uploaded.json().home_loan_bid_template.key_fact_sheets as string;
  expect(keyFactSheet).toMatch(/^\/files\/[0-9a-f]{40}$/);
  const floor = await send('PATCH', `/v4/home_loan_bid_templates/${templateId}/improvement`, { improvement: { floor_comparison_rate: 5.3, step: 0.05, max_improvements_per_post: 3 } });
  expect(floor.statusCode, floor.body).toBe(200);
  const activation = await send('PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, { auto_bidding: true, scope: 'open_posts' });
  expect(activation.statusCode, activation.body).toBe(200);
  await projectionsIdle(t);
  // Another lender beats the auto-bid (5.50%, comparison 5.60%): it comes down a step.
  await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.55 });
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(30_000);
  snapIn = await screenshots('e2e-names-and-documents');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);

describe('an auto-bid’s page, for its provider', () => {
  it('names the bid that beat it by its lender, and the bid it replaced by its product, date and rate', async () => {
    await logInAs(page, t.baseUrl, { email: paula.email, password: testPassword }, `/post/bid/${autoBidIdOf(templateId, post.postId)}/view`);
    const improvements = page.getByTestId('auto-bid-improvements');
    await improvements.waitFor();
    const improved = (await improvements.getByRole('listitem').first().textContent()) ?? '';
    expect(improved).toContain('Improved by template Sydney refinancers: 5.60% → 5.55% (interest 5.50% → 5.45%) because a bid from Coastal Mutual offered 5.55%.');
    expect(improved).not.toMatch(idFragment);

    await page.getByRole('button', { name: 'Why this bid' }).click();
    const why = page.getByTestId('why-this-bid');
    const replaced = why.getByTestId('replaced-bid');
    // The link's words come from the replaced bid once it is read.
    await why.getByText(/^Normal bid, placed \d{2}\/\d{2}\/\d{4}, comparison rate 6\.00%$/).waitFor();
    expect(await replaced.getAttribute('href')).toBe(`/post/bid/${handBid}/view`);
    expect(await why.locator('p').first().textContent()).not.toMatch(idFragment);
    await snap('01-auto-bid-page');
  });

  it('links the key fact sheet PDF and the disclosure statement, each in a new tab, and never a script', async () => {
    const documents = page.getByRole('heading', { name: 'Documents' }).locator('xpath=..');
    const pdf = documents.getByRole('link', { name: 'Key fact sheet (PDF)' });
    expect(await pdf.getAttribute('href')).toBe(keyFactSheet);
    const statement = documents.getByRole('link', { name: 'Product disclosure statement (harbour-lending.example)' });
    expect(await statement.getAttribute('href')).toBe(disclosure);
    for (const link of [pdf, statement]) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
    // The raw path is not on the page; the typed script is words, not a link.
    expect(await page.locator('main').textContent()).not.toContain('/files/');
    await documents.getByText(scriptLink).waitFor();
    expect(await documents.locator('a[href^="javascript:"]').count()).toBe(0);
    // The link is the PDF itself (fetched with the browser's session, not opened: the tab would be Chromium's viewer).
    const opened = await page.request.get(new URL(keyFactSheet, t.baseUrl).href);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    await snap('02-bid-documents');
  });
});

describe('a deal’s history, for an admin', () => {
  it('names a user deleted since in words, never by an id', async () => {
    const deal = await openDeal(t);
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${deal.post.owner.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await settle(t, deleted.headers['x-position']);
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, `/deals/${deal.dealId}`);
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'Deal history' });
    // The acceptance was the customer's.
    await history.getByRole('cell', { name: 'A deleted user' }).first().waitFor();
    const who = (await history.locator('tbody tr td:nth-child(2)').allTextContents()).map((cell) => cell.trim());
    expect(who.every((name) => !idFragment.test(name))).toBe(true);
    expect(who).not.toContain(deal.post.owner.id.slice(0, 8));
    await snap('03-deal-history');
  });
});
