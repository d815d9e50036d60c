import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUserKey } from '../../infrastructure/tokens';
import { findUserByEmail } from '../../projections/users/queries';
import { type BrowserSession, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';

// Issue 4 "Done when": a new visitor completes the post wizard for a refinance with two applicants and ends with an
// active post and a customer account. Also: a reload keeps the step and the values, and a post that is gone shows
// the spec's message and starts again at step 1. The built UI (dist/web) is served by the test app; the visitor types
// the code the development server shows on the page, which the test compares with the SMS in the outbox.

let t: ServedApp;
let baseUrl: string;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp({ localities: true });
  baseUrl = t.baseUrl;
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-create-post');
});

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
/** A form field by its label, with or without the required asterisk. */
const field = (label: string, scope: Pick<Page, 'getByLabel'> = page) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input'));
const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
const next = () => page.getByRole('button', { name: 'Next' }).click();
/** Picks `option` from the Mantine select labelled `label`. */
async function choose(label: string, option: string, scope: Pick<Page, 'getByLabel'> = page) {
  await field(label, scope).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const wizardState = () => page.evaluate(() => JSON.parse(localStorage.getItem('hla.create-post.state') ?? 'null') as { post_uuid: string | null; reached: number } | null);

const mobile = '0412345678';
const email = `chloe.${Date.now().toString(36)}@example.com`;

describe('a new visitor creates a post', () => {
  let postUuid = '';

  it('opens the wizard at the first step and is told what is missing', async () => {
    await page.goto(`${baseUrl}/create-post`);
    await page.waitForURL('**/create-post/step-1');
    await heading('Intro');
    await page.getByLabel('Takes about 30s').waitFor();
    await next();
    expect(await page.getByText('This field is required').count()).toBe(3);
    await snap('01-intro-errors');
  });

  it('step 1: urgency and the kind of loan make the account and the post', async () => {
    await page.getByLabel('Within a month').check();
    await page.getByLabel('Refinance my current loan').check();
    await page.getByLabel('A home I live in').check();
    await snap('02-intro');
    await next();
    await page.waitForURL('**/create-post/step-2');
    await heading('Priorities');
    const state = await wizardState();
    expect(state).toMatchObject({ reached: 2 });
    postUuid = state!.post_uuid!;
    expect(postUuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('step 2: the lender preferences, with the conflicts refused', async () => {
    const offset = page.getByRole('radiogroup', { name: 'Offset account' });
    const lineOfCredit = page.getByRole('radiogroup', { name: 'Line of credit' });
    await offset.getByText('Must have').click();
    await lineOfCredit.getByText('Must have').click();
    await next();
    await page.getByText('A line of credit and an offset account cannot both be required').first().waitFor();
    await snap('03-priorities-conflict');
    await lineOfCredit.getByText('Nice to have').click();
    await next();
    await page.waitForURL('**/create-post/step-3');
    await heading('Loan Details');
  });

  it('step 3: the refinance, with the LVR shown as it is typed', async () => {
    await field('Loan amount').fill('450000');
    await field('Property value').fill('520000');
    await page.getByTestId('lvr').getByText('86.54%').waitFor();
    await page.getByText('The loan is more than 80% of the property value: lenders may ask for mortgage insurance.').waitFor();
    await snap('04-loan-lvr-warning');
    await field('Property value').fill('600000');
    await page.getByTestId('lvr').getByText('75.00%').waitFor();
    expect(await page.getByText('lenders may ask for mortgage insurance').count()).toBe(0);
    await next();
    await page.getByText('Postcode is missing. Pick a correct address.').waitFor();
    await page.getByText('Please confirm the fixed rate agreement').waitFor();
    await snap('05-loan-errors');

    const address = page.getByRole('combobox', { name: 'Where do you live?' });
    await address.click();
    await address.pressSequentially('2000');
    await page.getByRole('option', { name: 'Sydney NSW 2000' }).click();
    await field('Current lender').fill('Commonwealth Bank');
    await field('Current interest rate').fill('6.2');
    await page.getByLabel('Variable').check();
    await page.getByRole('radiogroup', { name: /stay with your current lender/ }).getByLabel('No').check();
    await page.getByLabel(/leaving a fixed rate before its end/).check();
    await snap('06-loan');
    await next();
    await page.waitForURL('**/create-post/step-4');
    await heading('Applicants');
  });

  it('step 4: two applicants and the dependants', async () => {
    const first = page.getByRole('region', { name: 'Applicant 1' });
    await field('First name', first).fill('Chloe');
    await field('Last name', first).fill('Jones');
    await field('Year of birth', first).fill('1988');
    await choose('Credit history', 'Excellent', first);
    await page.getByRole('button', { name: 'Add an applicant' }).click();
    const second = page.getByRole('region', { name: 'Applicant 2' });
    await field('First name', second).fill('Sam');
    await field('Last name', second).fill('J');
    await field('Year of birth', second).fill(String(new Date().getFullYear() - 16));
    await choose('Credit history', 'Average', second);
    await choose('How many dependants do the applicants support\\?', '1');
    await next();
    await page.getByText('Should be at least 2 characters').waitFor();
    await page.getByText('Age should be more than or equal to 18 years').waitFor();
    await snap('07-applicants-errors');
    await field('Last name', second).fill('Jones');
    await field('Year of birth', second).fill('1986');
    // A step is one request (docs/architecture.md "Where a post's detail is read from"): the two applicants and the
    // loan's counts go as one PATCH that answers the post, and step 5 opens on that answer without reading it again.
    const postCalls: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      const { pathname } = new URL(request.url());
      if (/^\/v\d+\/(posts|home_loans|home_loan_preferences|applicants|expenses)\b/.test(pathname)) postCalls.push(`${request.method()} ${pathname}`);
    };
    page.on('request', record);
    await next();
    await page.waitForURL('**/create-post/step-5');
    await heading('Savings and Incomes');
    page.off('request', record);
    expect(postCalls).toEqual([`PATCH /v2/posts/${postUuid}`]);
  });

  it('a reload keeps the step and the values typed', async () => {
    await field('Cash savings').fill('25000');
    // The post's parts keep a draft 1 s after the last change (spec 2 §4).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hla.create-post.draft.step-5')), { timeout: 5_000 }).toContain('25000');
    await page.reload();
    await heading('Savings and Incomes');
    expect(await field('Cash savings').inputValue()).toBe('$25,000');
    expect(page.url()).toMatch(/\/create-post\/step-5$/);
  });

  it('step 5: savings and the incomes of both applicants, at least $50,000 a year', async () => {
    await page.getByRole('radiogroup', { name: 'Do you have equity in another property?' }).getByLabel('No').check();
    const chloe = page.getByRole('region', { name: 'Incomes of Chloe Jones' });
    const sam = page.getByRole('region', { name: 'Incomes of Sam Jones' });
    await field('Description', chloe).fill('Nurse');
    await field('Amount', chloe).fill('30000');
    await field('Description', sam).fill('Teacher');
    await field('Amount', sam).fill('15000');
    await next();
    await page.getByText('The total yearly income must be at least 50,000').waitFor();
    await snap('08-incomes-too-low');
    await field('Amount', sam).fill('45000');
    await page.getByTestId('yearly-income').getByText('$75,000').waitFor();
    // The message goes as soon as the total passes.
    await expect.poll(() => page.getByText('The total yearly income must be at least 50,000').count()).toBe(0);
    await snap('09-incomes');
    await next();
    await page.waitForURL('**/create-post/step-6');
    await heading('Expenses and Liabilities');
  });

  it('step 6: living expenses covering both applicants, and a credit card', async () => {
    const living = page.getByRole('region', { name: 'Living expenses' });
    await field('Living expenses', living).fill('3500');
    await page.getByRole('button', { name: 'Add credit cards' }).click();
    const cards = page.getByRole('region', { name: 'Credit cards' });
    await cards.getByLabel('Sam Jones').uncheck();
    await field('Total card limit', cards).fill('10000');
    await field('Owing now', cards).fill('16000');
    await next();
    await page.getByText('Max value is 15,000').waitFor();
    await field('Owing now', cards).fill('1200');
    await snap('10-expenses');
    await next();
    await page.waitForURL('**/create-post/step-7');
    await heading('Overview');
  });

  it('step 7: the overview, the account with a verified mobile number, and Publish', async () => {
    await page.getByText('$450,000').waitFor();
    await page.getByText('75.00%').waitFor();
    await page.getByText('Sydney NSW 2000').waitFor();
    await snap('11-overview');
    await field('First name').fill('Chloe');
    await field('Last name').fill('Jones');
    await field('E-mail').fill(email);
    await field('Mobile number').fill(mobile);
    await page.getByLabel(/^Password/).fill('Harbour-Home-7');
    await page.getByLabel(/^Repeat the password/).fill('Harbour-Home-8');
    await page.getByRole('button', { name: 'Publish my post' }).click();
    await page.getByText('Passwords are different').waitFor();
    await page.getByText('Please, verify the new mobile number first.').waitFor();
    await snap('12-account-errors');

    await page.getByLabel(/^Repeat the password/).fill('Harbour-Home-7');
    await page.getByRole('button', { name: 'Send code' }).click();
    // No SMS gateway: a development server shows the code on the page, marked as a development aid (issue 24).
    const notice = page.getByTestId('development-code');
    await notice.getByText('Development only').waitFor();
    const shown = /your code is (\d{6})/.exec((await notice.textContent()) ?? '')?.[1];
    expect(shown).toBe(await t.smsCode());
    await snap('12b-development-code');
    await field('Verification code').fill(shown!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Your mobile number is verified.').waitFor();
    await snap('13-account');
    await page.getByRole('button', { name: 'Publish my post' }).click();
    await page.waitForURL('**/create-post/success?**');
    await heading('Your post is live!');
    await page.getByText(email).waitFor();
    await snap('14-success');
  });

  it('ends with an active post and an active customer account', async () => {
    const customer = await findUserByEmail(t.database.db, email);
    expect(customer).toMatchObject({ user_type: 'customer', status: 'active', first_name: 'Chloe', last_name: 'Jones' });
    const post = await t.asAdmin({ method: 'GET', url: `/v4/posts/${postUuid}` });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject({
      status: 'active',
      owner_uuid: customer!.uuid,
      urgency: 'within_1_month',
      primary_home_loan: { loan_type: 'refinance', loan_amount: 450_000, property_market_value: 600_000, number_of_applicants: 2, number_of_dependants: 1, organisation: 'Commonwealth Bank' },
    });
    expect(post.json().applicants.map((a: { full_name: string }) => a.full_name)).toEqual(['Chloe Jones', 'Sam Jones']);
    expect(await page.evaluate(() => localStorage.getItem('hla.create-post.state'))).toBeNull();
  });

  it('goes on to the dashboard as an active customer', async () => {
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('navigation', { name: 'Main' }).getByText('My Posts').waitFor();
    await snap('15-dashboard');
  });
});

describe('another visitor', () => {
  let postUuid = '';

  it('resumes the post from the incomplete-post link on another device, at the first step left to do', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/create-post`);
    await heading('Intro');
    await page.getByLabel('Within three months').check();
    await page.getByLabel('A new loan to buy a property').check();
    await page.getByLabel('An investment property').check();
    await next();
    await heading('Priorities');
    await next();
    await heading('Loan Details');
    postUuid = (await wizardState())!.post_uuid!;
    const customerId = await page.evaluate(async () => {
      const me = await fetch('/v1/users/me', { headers: { Authorization: `Bearer ${localStorage.getItem('hla.access_token')}` } });
      return ((await me.json()) as { uuid: string }).uuid;
    });
    // The link of the incomplete-post e-mail (projections/identity-mail), opened where nothing is kept.
    const userKey = await issueUserKey(t.secrets.accessTokenKey, customerId, new Date());
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/create-post?post_uuid=${postUuid}&user_key=${encodeURIComponent(userKey)}`);
    await page.waitForURL('**/create-post/step-3');
    await heading('Loan Details');
    await page.getByText('A new loan to buy a property, an investment property.').waitFor();
    await page.getByRole('combobox', { name: 'Where is the property?' }).waitFor();
    await page.getByLabel('Have you found the property?').first().waitFor();
    await snap('16-resumed-new-loan');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await heading('Intro');
    expect(await page.getByLabel('Within three months').isChecked()).toBe(true);
    await snap('17-resumed-intro');
  });

  it('starts again: the post is deleted, the visitor logged out, and the first step empty', async () => {
    await page.getByRole('button', { name: 'Start again' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start again' }).click();
    await page.waitForURL('**/create-post/step-1');
    await expect.poll(() => page.getByLabel('Within three months').isChecked()).toBe(false);
    expect(await wizardState()).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('hla.access_token'))).toBeNull();
    const post = await t.asAdmin({ method: 'GET', url: `/v4/posts/${postUuid}` });
    expect(post.statusCode === 404 || post.json().status === 'cancelled', post.body).toBe(true);
  });
});

describe('a post that is gone', () => {
  it('shows the spec’s message and starts again at step 1', async () => {
    await page.goto(`${baseUrl}/create-post/step-1`);
    await page.evaluate(() => {
      localStorage.setItem('hla.create-post.state', JSON.stringify({ post_uuid: '9b3a1f1e-5c1d-4d7e-8f00-123456789abc', reached: 3, new_customer: false, campaign_slug: null }));
    });
    await page.goto(`${baseUrl}/create-post/step-3`);
    await page.getByText("We couldn't find your post. You will be redirected to the first step.").waitFor();
    await page.waitForURL('**/create-post/step-1');
    await heading('Intro');
    await snap('18-post-not-found');
    expect(await wizardState()).toBeNull();
  });
});

