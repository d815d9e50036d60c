import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateView } from '../../contracts/bid-template';
import { OutboxDelivery } from '../../infrastructure/outbox/outbox-delivery';
import { type BrowserSession, chooseOption, dialogTitled, logInAs, logInFresh, openBrowser, screenshots, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { activePost, placeBid, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, testPassword } from '../support/users';

// Issue 29's Done-when, "a simulation's page and e-mail show the why-not breakdown", through the built UI served by
// the real API, in Debian's Chromium (docs/auto-bidding.md "Simulation"): a provider asks for a simulation from the
// list's row menu, opens its page and reads the chart, the breakdown and the posts matched; the e-mail is in the
// admin's mailbox with the same breakdown.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let paula: TestProvider;
const templateName = 'Refinancers up to 500k';

beforeAll(async () => {
  t = await serveTestApp();
  paula = await provider(t, { organisationName: 'Harbour Lending' });
  const rival = await provider(t);
  const send = (method: 'POST', url: string, payload: object) => t.app.inject(as(paula, { method, url, payload }));
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(paula.organisationUuid);
  const created = await send('POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: templateName, organisation_uuid: paula.organisationUuid } });
  expect(created.statusCode, created.body).toBe(201);
  const templateId = bidTemplateView.parse(created.json()).uuid;
  const rules = await send('POST', `/v4/home_loan_bid_templates/${templateId}/template_qualifying_rules`, {
    template_qualifying_rules: [
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 95 },
      { rule_field: 'loan_amount', min_value: 200_000, max_value: 500_000 },
    ],
  });
  expect(rules.statusCode, rules.body).toBeLessThan(300);
  // Two posts it bids on (one where a rival bids lower), one loan too large, one LVR above its 80%.
  const behind = await activePost(t);
  await activePost(t);
  await activePost(t, { loan: { loan_amount: 550_000, property_market_value: 800_000 } });
  await activePost(t, { loan: { loan_amount: 440_000, property_market_value: 500_000 } });
  await placeBid(t, rival, behind.homeLoanId, { interest_rate: 5.3, comparison_rate: 5.4 });
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(30_000);
  snapIn = await screenshots('e2e-auto-bidding-simulation');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
let simulationPath = '';

describe('a provider simulates a template’s automatic bidding', () => {
  it('asks from the list’s row menu with a review period, and is told the simulation was requested', async () => {
    await logInAs(page, t.baseUrl, { email: paula.email, password: testPassword }, '/bid-templates');
    await page.getByRole('heading', { name: 'My Bid Templates' }).waitFor();
    await page.getByRole('button', { name: `More actions for ${templateName}` }).click();
    await page.getByRole('menuitem', { name: 'Simulate automatic bidding' }).click();
    const dialog = dialogTitled(page, 'Simulate automatic bidding');
    await dialog.waitFor();
    await chooseOption(page, 'Review period', '7 days');
    await snap('01-dialog');
    await dialog.getByRole('button', { name: 'Simulate' }).click();
    await toastTitled(page, 'Simulation Requested').waitFor();
    await dialog.getByRole('link', { name: 'Open the simulation' }).click();
    await page.waitForURL(/\/bid-templates\/simulations\/[0-9a-f-]{36}$/);
    simulationPath = new URL(page.url()).pathname;
  });

  it('sees it done on its page: the figures, the why-not chart and breakdown, and the posts matched with their places', async () => {
    await page.getByRole('heading', { name: `Simulation of ${templateName}` }).waitFor();
    // The page polls until the run in the background is done.
    await page.getByLabel('Status').getByText('Done').waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Posts matched', { exact: true }).and(page.locator('p')).textContent()).toBe('2');
    expect(await page.getByLabel('Posts in the period').textContent()).toBe('4');
    await page.locator('.recharts-wrapper').first().waitFor();
    const whyNot = page.getByRole('list', { name: 'Why not' });
    expect(await whyNot.textContent()).toContain('Loan amount: 1 post');
    expect(await whyNot.textContent()).toContain('Maximum LVR: 1 post');
    const rows = page.getByRole('table', { name: 'Matched posts' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    expect(texts.some((row) => row.includes('2nd of 2') && row.includes('$450,000') && row.includes('75.00%') && row.includes('5.50%') && row.includes('5.60%'))).toBe(true);
    expect(texts.some((row) => row.includes('1st of 1'))).toBe(true);
    expect(texts.every((row) => /\d{2}\/\d{2}\/\d{4}/.test(row))).toBe(true);
    // Each post is named by its loan and place (docs/post-detail.md "A post's name"), never by its id, and opens its page.
    const names = await rows.locator('td:first-child').allTextContents();
    expect(names).toEqual(['Refinance · $450,000 · Sydney NSW', 'Refinance · $450,000 · Sydney NSW']);
    expect(await rows.first().getByRole('link', { name: 'Refinance · $450,000 · Sydney NSW' }).getAttribute('href')).toMatch(/^\/post\/[0-9a-f-]{36}$/);
    await snap('02-page');
  });
});

describe('the simulation’s e-mail', () => {
  it('is in the mailbox with the why-not breakdown and the link to the page', async () => {
    await new OutboxDelivery({ db: t.database.db }).deliverDue();
    const mails = (await sql<{ id: string }>`select id::text from outbox_messages where template = 'auto-bidding-simulation' and data_subject = ${paula.id}`.execute(t.database.db)).rows;
    expect(mails).toHaveLength(1);
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/mailbox');
    await page.getByRole('heading', { name: 'Mailbox', level: 2 }).waitFor();
    const subject = `Simulation of automatic bidding for "${templateName}": 2 posts matched`;
    await page.getByRole('link', { name: subject }).click();
    const body = page.getByTestId('message-body');
    await body.waitFor();
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('- Loan amount: 1 post');
    expect(text).toContain('- Maximum LVR: 1 post');
    expect(text).toContain(simulationPath);
    await snap('03-mail');
  });
});
