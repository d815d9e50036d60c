import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, chooseOption, dialogTitled, formField, logInAs, logInFresh, openBrowser, screenshots, shownAfterReloads, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { bidTemplateView } from '../../contracts/bid-template';
import { sydneyDay } from '../../domain/shared/sydney-time';
import { activePost, placeBid, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { pdfFile } from '../support/uploads';
import { as, testPassword, type TestUser } from '../support/users';

// Issue 28's journey through the built UI served by the real API, in Debian's Chromium (docs/bid-templates.md
// "Screens"): a provider creates a template (details with a required document, its key fact sheet uploaded as a PDF,
// qualifying rules, a postcode whitelist, a conditional rule with a percentage discount), sees the comparison rate
// worked out from its fees, sets its floor and step and turns its auto-bidding on in the review step, clones it; an
// admin finds both in the list filtered by organisation, deletes the clone and turns the auto-bidding off from the
// list; the provider cancels the template's active bids with a reason (issue 29 item 3); a customer is refused; the
// provider reads an auto-bid's improvements (floor and step, issue 29 item 7) on the bid's page.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let paula: TestProvider;
let customer: TestUser;
let templateUuid = '';
let cloneUuid = '';

beforeAll(async () => {
  t = await serveTestApp({ localities: true });
  paula = await provider(t, { organisationName: 'Harbour Lending' });
  customer = await t.createUser({ userType: 'customer' });
  session = await openBrowser();
  page = session.page;
  // Each step saves and reads the template again; on a machine shared by many test runs that can take a while.
  page.setDefaultTimeout(30_000);
  snapIn = await screenshots('e2e-bid-templates');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const toast = (title: string) => toastTitled(page, title);
const dialog = (title?: string | RegExp) => dialogTitled(page, title);
const field = (label: string, scope: Page | Locator = page) => formField(page, label, scope);
const choose = (label: string, option: string) => chooseOption(page, label, option);
const uuidIn = (pattern: RegExp) => pattern.exec(new URL(page.url()).pathname)?.[1] ?? '';
/** A toast at the bottom right can sit over the step's buttons (and stays while the pointer rests on it): it is read, then left to close. */
async function dismiss(title: string) {
  await page.mouse.move(0, 0);
  await toast(title).waitFor({ state: 'detached', timeout: 30_000 });
}
async function confirm(title: string, button: string) {
  const open = dialog(title);
  await open.waitFor();
  await open.getByRole('button', { name: button }).click();
}

describe('a provider sets up a bid template', () => {
  it('opens My Bid Templates from the sidebar and starts a new template', async () => {
    await logInAs(page, t.baseUrl, { email: paula.email, password: testPassword }, '/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Bid Templates' }).click();
    await page.getByRole('heading', { name: 'My Bid Templates' }).waitFor();
    await page.getByText('No bid templates yet').waitFor();
    await page.getByRole('link', { name: 'New bid template' }).click();
    await page.getByRole('heading', { name: 'New Bid Template' }).waitFor();
    expect(await page.getByText('Bid Details').count()).toBeGreaterThan(0);
  });

  it('fills the details and sees the comparison rate worked out from the fees, with the warnings', async () => {
    await field('Template name').fill('Sydney refinancers');
    await field('Interest rate').fill('6.2');
    await field('Comparison rate').fill('6.2');
    await choose('Rate type', 'Variable');
    await choose('Type of loan', 'Full service loan');
    await choose('Repayment type', 'Principal and interest');
    await field('Maximum LVR').fill('90');
    await field('Application fee').fill('600');
    await choose('Document', 'Payslips');
    await field('Quantity').fill('2');
    // 6.20% with $600 paid at the start works out at 6.24% (reg 100's benchmark), more than 0.01 from 6.20%.
    await page.getByText('Comparison rate worked out from these rates and fees:').waitFor();
    expect(await page.getByText('Comparison rate worked out from these rates and fees:').textContent()).toContain('6.24%');
    await page.getByText('The comparison rate differs from the one worked out').waitFor();
    expect(await page.getByText(/^WARNING: This comparison rate is true only for the examples given/).count()).toBe(1);
    await snap('01-details');
  });

  it('asks before creating it, then moves on to the rules', async () => {
    await page.getByRole('button', { name: 'Create and continue' }).click();
    await confirm('Create this bid template?', 'Yes, create it');
    await toast('Success!').waitFor();
    await dismiss('Success!');
    await page.waitForURL(/\/bid-templates\/create\/[0-9a-f-]{36}\/qualifying-rules$/);
    templateUuid = uuidIn(/\/bid-templates\/create\/([0-9a-f-]{36})\//);
    // spec 3 §4 step 9: the initial qualifying rules.
    expect(await page.getByLabel('Loan amount from').inputValue()).toBe('$200,000');
    expect(await page.getByLabel('LVR to').inputValue()).toBe('95%');
  });

  it('uploads the key fact sheet as a PDF on the details, and moves on without a save when nothing else changed', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/create\/[0-9a-f-]{36}\/bid-template$/);
    await page.locator('input[type=file]').last().setInputFiles({ name: 'key-facts.pdf', mimeType: 'application/pdf', buffer: pdfFile('key facts') });
    // The field shows the link that opens the PDF, not its /files/ path (docs/bid-templates.md "Documents").
    const opens = page.getByRole('link', { name: 'Key fact sheet (PDF)' });
    await opens.waitFor();
    expect(await opens.getAttribute('href')).toMatch(/^\/files\/[0-9a-f]{40}$/);
    expect(await page.getByRole('textbox', { name: 'Key fact sheet' }).count()).toBe(0);
    // spec 3 §4 step 2: an unchanged template skips the save and its confirmation.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/qualifying-rules$/);
  });

  it('whitelists a postcode picked from the localities', async () => {
    await page.getByRole('combobox', { name: 'Postcode' }).pressSequentially('2000');
    await page.getByRole('option', { name: 'Sydney NSW 2000' }).click();
    await page.getByRole('button', { name: 'Add the place' }).click();
    await confirm('Add this place?', 'Yes, add it');
    await toast('Added').waitFor();
    expect(await toast('Added').textContent()).toContain('The location rule has been saved.');
    await dismiss('Added');
    await page.getByTestId('location-rule').filter({ hasText: '2000 NSW' }).waitFor();
  });

  it('needs both ends of a range before it saves the qualifying rules', async () => {
    await page.getByLabel('Loan amount from').fill('300000');
    await page.getByLabel('Loan amount to').fill('2000000');
    await page.getByLabel('LVR to').fill('');
    await page.getByRole('combobox', { name: 'Type of loan choices' }).click();
    await page.getByRole('option', { name: 'Refinance' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must fill qualifying rules to proceed to review step.' }).waitFor();
    await page.getByText('Inform a value.').waitFor();
    await page.getByLabel('LVR to').fill('90');
    await snap('02-rules');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await confirm('Save the qualifying rules?', 'Yes, save');
    await page.waitForURL(/\/conditional-rules$/);
  });

  it('adds a conditional rule with a percentage discount and sees the value the bid gets', async () => {
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.waitForURL(/\/conditional-rules\/template$/);
    await choose('Bid field', 'Interest rate (now 6.20%)');
    await page.getByRole('button', { name: 'Next: the conditions' }).click();
    await page.waitForURL(/\/conditional-rules\/rule\?field=interest_rate$/);
    await page.getByLabel('LVR from').fill('0');
    await page.getByLabel('LVR to').fill('60');
    await choose('Change', 'Discount (%)');
    await field('Value').fill('2');
    // spec 3 §5: base × (1 − 2/100) = 6.076, to the hundredth.
    expect(await page.getByTestId('final-value').textContent()).toContain('Interest rate: 6.20% → 6.08%');
    await snap('03-conditional-rule');
    await page.getByRole('button', { name: 'Save the rule' }).click();
    await page.waitForURL(/\/conditional-rules$/);
    const row = page.getByTestId('conditional-rule');
    await row.waitFor();
    expect(await row.textContent()).toContain('Discount (%) 2.00%');
    expect(await row.textContent()).toContain('6.20% → 6.08%');
  });

  it('reviews the template with its comparison rates and finishes', async () => {
    await page.getByRole('button', { name: 'Next: review' }).click();
    await page.waitForURL(/\/review$/);
    await page.getByText('Where: 2000 NSW').waitFor();
    expect(await page.getByText('Type of loan: Refinance').count()).toBe(1);
    expect(await page.getByText('Comparison rate worked out from these rates and fees:').textContent()).toContain('6.24%');
    // spec 3 §4 "Interactive matching": a validity of 1 to 7 days, the expiry shown YYYY-MM-DD.
    await page.getByLabel('Offer in the comparison tool').check();
    await choose('Valid for', '3 days');
    await page.getByRole('button', { name: 'Save interactive matching' }).click();
    await page.getByTestId('interactive-matching-expiry').waitFor();
    expect(await page.getByTestId('interactive-matching-expiry').textContent()).toMatch(/Offered until \d{4}-\d{2}-\d{2} \(valid for 3 days\)/);
    await dismiss('Success!');
    // Floor and step (docs/bid-templates.md): the floor must be below the template's comparison rate (6.20%).
    await page.getByLabel('Improve when outbid').check();
    const floor = page.getByLabel('Floor (comparison rate %)');
    await floor.fill('6.30');
    await page.getByLabel('Step (%)').fill('0.05');
    await page.getByLabel('Improvements per post').fill('3');
    await page.getByRole('button', { name: 'Save improvement' }).click();
    await page.getByText("The floor must be below the template's comparison rate (6.20%).").waitFor();
    await floor.fill('6.00');
    await page.getByRole('button', { name: 'Save improvement' }).click();
    await dismiss('Success!');
    expect(await page.getByTestId('improvement-saved').textContent()).toBe('Improves by 0.05% when outbid, down to 6.00%, at most 3 times per post.');
    // spec 3 §4 "Auto-bidding": ticking it on asks a pending template for its execution option and the review period.
    await page.getByLabel('Bid automatically').check();
    await page.getByLabel('New posts and the posts already open').check();
    await choose('Review period', '7 days');
    await snap('04-review');
    await page.getByRole('button', { name: 'Finish' }).click();
    await toast('Auto-bidding was changed!').waitFor();
    await toast('Bid template was setup!').waitFor();
    await page.waitForURL((url) => url.pathname === '/bid-templates');
    const row = page.getByTestId('bid-template-row').filter({ hasText: 'Sydney refinancers' });
    await row.getByText('Active').waitFor();
    // The expiry, DD/MM/YYYY, 14 days on (the system configuration's default), a calendar day in Sydney (ahead of UTC).
    const [, day, month, year] = /until (\d{2})\/(\d{2})\/(\d{4})/.exec((await row.textContent()) ?? '') ?? [];
    const fortnightOn = (at: number) => sydneyDay(new Date(at + 14 * 86_400_000));
    expect([fortnightOn(Date.now() - 120_000), fortnightOn(Date.now())]).toContain(`${year}-${month}-${day}`);
  });

  it('a customer publishes a matching post; the auto-bid appears on it, named by its template', async () => {
    // The customer's post goes through the product's own routes (the post wizard's journey is create-post.e2e).
    const post = await activePost(t, { owner: customer });
    await page.goto(`${t.baseUrl}/bids`);
    const row = page.getByTestId('bid-row').filter({ has: page.getByTestId('placed-automatically') });
    await shownAfterReloads(page, row.first());
    expect(await row.first().getByTestId('placed-automatically').textContent()).toBe('Placed automatically by template Sydney refinancers');
    await page.goto(`${t.baseUrl}/post/bid/${autoBidIdOf(templateUuid, post.postId)}/view`);
    await page.getByTestId('placed-automatically').waitFor();
    await page.getByRole('button', { name: 'Why this bid' }).click();
    await page.getByTestId('why-this-bid-rules').getByRole('row').filter({ hasText: '2000 NSW' }).waitFor();
    await snap('05-auto-bid');
    await page.goto(`${t.baseUrl}/bid-templates`);
    await page.getByRole('button', { name: 'More actions for Sydney refinancers' }).waitFor();
  });

  it('clones it: the details and the places come along, the qualifying rules start again', async () => {
    await page.getByRole('button', { name: 'More actions for Sydney refinancers' }).click();
    await page.getByRole('menuitem', { name: 'Clone' }).click();
    await page.waitForURL(new RegExp(`/bid-templates/clone/${templateUuid}/bid-template$`));
    expect(await field('Template name').inputValue()).toBe('Sydney refinancers');
    await field('Template name').fill('Sydney refinancers, fixed');
    await page.getByRole('button', { name: 'Create the copy' }).click();
    await confirm('Create the copy?', 'Yes, create it');
    await dismiss('Success!');
    await page.waitForURL(/\/bid-templates\/create\/[0-9a-f-]{36}\/qualifying-rules$/);
    cloneUuid = uuidIn(/\/bid-templates\/create\/([0-9a-f-]{36})\//);
    expect(cloneUuid).not.toBe(templateUuid);
    await page.getByTestId('location-rule').filter({ hasText: '2000 NSW' }).waitFor();
    expect(await page.getByLabel('Loan amount from').inputValue()).toBe('$200,000');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Bid Templates' }).click();
    await page.getByTestId('bid-template-row').filter({ hasText: 'Sydney refinancers, fixed' }).waitFor();
    expect(await page.getByTestId('bid-template-row').count()).toBe(2);
    await snap('06-list');
  });
});

describe('an admin and a customer', () => {
  it('an admin finds both templates in the list filtered by organisation', async () => {
    await logInFresh(page, t.baseUrl, { email: t.admin.email, password: testPassword }, '/bid-templates');
    await page.getByRole('heading', { name: 'Bid Templates' }).waitFor();
    const organisation = page.getByRole('combobox', { name: 'Organisation' });
    await organisation.click();
    await organisation.pressSequentially('Harbour');
    await page.getByRole('option', { name: 'Harbour Lending' }).click();
    await page.waitForURL((url) => url.searchParams.get('organisation') === paula.organisationUuid);
    const rows = page.getByTestId('bid-template-row');
    await rows.filter({ hasText: 'Sydney refinancers, fixed' }).waitFor();
    expect(await rows.count()).toBe(2);
    // spec 3 §6: an admin sees whose templates they are.
    expect(await page.getByRole('columnheader', { name: 'Provider' }).count()).toBe(1);
    await snap('07-admin-list');
  });

  it('an admin deletes the clone from its edit page', async () => {
    await page.goto(`${t.baseUrl}/bid-templates/edit/${cloneUuid}`);
    await page.getByRole('heading', { name: 'Edit a Bid Template' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const sure = dialog('Are you sure?');
    await sure.waitFor();
    expect(await sure.textContent()).toContain('Your will not be able to recover this bid template!');
    await sure.getByRole('button', { name: 'Yes, delete it' }).click();
    await toast('Deleted!').waitFor();
    expect(await toast('Deleted!').textContent()).toContain(`Bid template ${cloneUuid} has deleted.`);
    await page.waitForURL((url) => url.pathname === '/bid-templates');
    await page.getByTestId('bid-template-row').filter({ hasText: 'Sydney refinancers' }).waitFor();
    expect(await page.getByTestId('bid-template-row').count()).toBe(1);
  });

  it('an admin turns its auto-bidding off from the list, and finds it under Deactivated', async () => {
    await page.getByRole('button', { name: 'More actions for Sydney refinancers' }).click();
    await page.getByRole('menuitem', { name: 'Update auto-bidding' }).click();
    const update = dialog('Update auto-bidding');
    await update.waitFor();
    expect(await update.getByTestId('auto-bidding-expiry').textContent()).toMatch(/Active until \d{2}\/\d{2}\/\d{4} \(valid for 14 days\)/);
    await update.getByLabel('Bid automatically').uncheck();
    await update.getByRole('button', { name: 'Save' }).click();
    await toast('Auto-bidding was changed!').waitFor();
    const row = page.getByTestId('bid-template-row').filter({ hasText: 'Sydney refinancers' });
    await row.getByText('Deactivated').waitFor();
    expect(await row.textContent()).not.toContain('until');
    await choose('Auto-bidding', 'Active');
    await page.waitForURL((url) => url.searchParams.get('auto_bidding') === 'active');
    await page.getByText('No bid templates match these filters').waitFor();
  });

  it('the provider cancels the template’s active bids from the list, with a reason', async () => {
    const posts = [await activePost(t), await activePost(t)];
    const bids: string[] = [];
    for (const post of posts) bids.push(await placeBid(t, paula, post.homeLoanId, { home_loan_bid_template_uuid: templateUuid }));
    await logInFresh(page, t.baseUrl, { email: paula.email, password: testPassword }, '/bid-templates');
    await page.getByRole('button', { name: 'More actions for Sydney refinancers' }).click();
    await page.getByRole('menuitem', { name: 'Cancel bids' }).click();
    const cancel = dialog('Cancel bids');
    await cancel.waitFor();
    await cancel.getByRole('button', { name: 'Cancel the bids' }).click();
    await cancel.getByText('The reason is required.').waitFor();
    await field('Reason', cancel).fill('Our fixed rates went up this morning.');
    await cancel.getByRole('button', { name: 'Cancel the bids' }).click();
    await toast('Done!').waitFor();
    expect(await toast('Done!').textContent()).toContain('Bids were cancelled.');
    for (const bidId of bids) {
      const bid = await t.asAdmin({ method: 'GET', url: `/v4/home_loan_bids/${bidId}` });
      expect(bid.json().status).toBe('cancelled');
    }
    await snap('08-bids-cancelled');
  });

  it('a customer opening /bid-templates is refused and lands on the dashboard', async () => {
    await logInFresh(page, t.baseUrl, { email: customer.email, password: testPassword }, '/bid-templates');
    await toast('Access denied!').waitFor();
    expect(await toast('Access denied!').textContent()).toContain('You do not have permission to access this page.');
    await page.waitForURL((url) => url.pathname === '/home');
  });
});

describe('floor and step on the bid’s page', () => {
  it('the provider reads each improvement of an auto-bid, with the lender of the bid that beat it', async () => {
    const send = (who: TestProvider, method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject(as(who, { method, url, payload }));
    const { home_loan_bid_template_uuid: _none, ...bid } = validBid(paula.organisationUuid);
    const created = await send(paula, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Holds 5.50 at most' } });
    const improving = bidTemplateView.parse(created.json()).uuid;
    expect((await send(paula, 'PATCH', `/v4/home_loan_bid_templates/${improving}/improvement`, { improvement: { floor_comparison_rate: 5.5, step: 0.05, max_improvements_per_post: 2 } })).statusCode).toBe(200);
    expect((await send(paula, 'PATCH', `/v4/home_loan_bid_templates/${improving}/auto_bidding`, { auto_bidding: true })).statusCode).toBe(200);
    await projectionsIdle(t);
    const post = await activePost(t);
    await projectionsIdle(t);
    const rival = await provider(t, { organisationName: 'Rival Bank' });
    await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.45, comparison_rate: 5.55 });
    await projectionsIdle(t);
    await logInFresh(page, t.baseUrl, { email: paula.email, password: testPassword }, `/post/bid/${autoBidIdOf(improving, post.postId)}/view`);
    const audit = page.getByTestId('auto-bid-improvements');
    await audit.waitFor();
    const line = (await audit.getByRole('listitem').textContent()) ?? '';
    expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} Improved by template Holds 5\.50 at most: 5\.60% → 5\.55% \(interest 5\.50% → 5\.45%\) because a bid from Rival Bank offered 5\.55%\.$/);
    await snap('08-auto-bid-improved');
  });
});
