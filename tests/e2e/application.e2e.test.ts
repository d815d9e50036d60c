import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../projections/users/queries';
import { type BrowserSession, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';

// A visitor completes the application stepper (spec 2 §2 "Application flow"): a refinance of the home they live
// in, for two applicants, through every step with its progress, including the invalid-postcode branch, a mobile
// number proved by the SMS code (read from this test's outbox), and ends on success with an active post and a
// customer account. The built UI (dist/web) is served by the test app.

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
  snapIn = await screenshots('e2e-application');
});

// What the screen showed when a step failed, for whoever reads the failure.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await snap(`failed-${context.task.name}`);
});

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const email = `mia.${Date.now().toString(36)}@example.com`;
const mobile = '0412 345 678';

/** Waits for the step's screen: its address, question and progress percent. */
async function onStep(step: string, question: string, progress: number) {
  await page.waitForURL(`**/application/${step}`);
  await page.getByRole('heading', { name: question }).waitFor();
  await page.getByText(`${progress}% complete`).waitFor();
}
const next = () => page.getByRole('button', { name: 'Next' }).click();
const pick = (label: string) => page.getByRole('button', { name: label }).click();
const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input'));
const fieldIn = (applicant: number, label: string) => page.getByRole('group', { name: `Applicant ${applicant}` }).getByLabel(label, { exact: true });

async function pickOption(input: ReturnType<typeof fieldIn>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}


describe('the application stepper', () => {
  it('opens at the loan type', async () => {
    await page.goto(`${baseUrl}/application`);
    await onStep('loan-type', 'What would you like to do?', 0);
    await snap('01-loan-type');
  });

  it('asks about the loan, refusing what the post rules refuse', async () => {
    await pick('Refinance my current loan');
    await onStep('loan-purpose', 'What is the property for?', 5);
    await pick('A home I live in');

    await onStep('property-market-value', 'What is the property worth?', 10);
    await field('Amount in AUD').fill('750000');
    await page.keyboard.press('Enter');

    await onStep('loan-amount', 'How much would you like to borrow?', 15);
    await field('Amount in AUD').fill('700000');
    await next();
    await page.getByText('The loan can be at most 90% of the property value').waitFor();
    await field('Amount in AUD').fill('610000');
    await page.getByText('lenders may ask for mortgage insurance').waitFor();
    await snap('02-loan-amount-warning');
    await next();

    await onStep('interest-rate', 'What is your current interest rate?', 20);
    await field('Interest rate').fill('6.19');
    await page.getByRole('radio', { name: 'Variable' }).check();
    await next();
    await page.getByText('Please confirm the fixed rate agreement').waitFor();
    await page.getByRole('checkbox', { name: /break fee/ }).check();
    await next();

    await onStep('organisation', 'Who is your current lender?', 25);
    await field('Current lender').fill('Harbour Mutual Bank');
    await next();

    await onStep('retention', 'Would you stay with your current lender if it matched the best offer?', 30);
    await pick('No');
  });

  it('sends an unknown postcode to the invalid-postcode screen and back', async () => {
    await onStep('postcode', 'What is your postcode?', 35);
    await field('Postcode').fill('2999');
    await next();
    await page.waitForURL('**/application/invalid-postcode?**');
    await page.getByRole('heading', { name: "We couldn't find this postcode" }).waitFor();
    expect(await page.getByText('% complete').count()).toBe(0);
    await snap('03-invalid-postcode');
    await page.getByRole('button', { name: 'Change the postcode' }).click();

    await onStep('postcode', 'What is your postcode?', 35);
    await field('Postcode').fill('2000');
    await next();
    await onStep('suburb', 'Which suburb do you live in?', 40);
    await snap('04-suburb');
    await pick('Sydney NSW');
  });

  it('asks who applies, with their income, and the household', async () => {
    await onStep('applicants', 'Who is applying for the loan?', 55);
    await page.getByText('2', { exact: true }).click();
    await fieldIn(1, 'First name').fill('Mia');
    await fieldIn(1, 'Last name').fill('Nguyen');
    await fieldIn(1, 'Year of birth').fill('1988');
    await pickOption(fieldIn(1, 'Credit history'), 'Excellent');
    await pickOption(fieldIn(1, 'Main income'), 'Salary or wages (PAYG)');
    await fieldIn(1, 'Yearly income before tax').fill('30000');
    await fieldIn(2, 'First name').fill('Leo');
    await fieldIn(2, 'Last name').fill('Nguyen');
    await fieldIn(2, 'Year of birth').fill('1986');
    await pickOption(fieldIn(2, 'Credit history'), 'Average');
    await pickOption(fieldIn(2, 'Main income'), 'Self-employed');
    await fieldIn(2, 'Yearly income before tax').fill('15000');
    await next();
    await page.getByText('The total yearly income must be at least 50,000').waitFor();
    await fieldIn(1, 'Yearly income before tax').fill('95000');
    await snap('05-applicants');
    await next();

    await onStep('number-of-dependants', 'How many dependants do you have?', 60);
    await pick('1');
    await onStep('equity-from-another-property', 'Do you have equity in another property?', 65);
    await pick('No');
    await onStep('cash-savings', 'How much do you have in cash savings?', 70);
    await field('Amount in AUD').fill('25000');
    await next();
    await onStep('urgency', 'How soon do you need the loan?', 75);
    await pick('Within a month');
    await onStep('expenses', 'What does your household spend on living costs?', 80);
    await field('Living costs in AUD').fill('3200');
    await next();
    await onStep('review-date', 'When will you choose a lender?', 90);
    await snap('06-review-date');
    await next();
  });

  it('keeps the answers between steps', async () => {
    await onStep('mobile-number', 'What is your mobile number?', 95);
    await page.getByRole('button', { name: 'Back' }).click();
    await onStep('review-date', 'When will you choose a lender?', 90);
    await page.goto(`${baseUrl}/application/cash-savings`);
    await onStep('cash-savings', 'How much do you have in cash savings?', 70);
    expect(await field('Amount in AUD').inputValue()).toBe('$25,000');
    await page.goto(`${baseUrl}/application/mobile-number`);
  });

  it('proves the mobile number with the SMS code', async () => {
    await onStep('mobile-number', 'What is your mobile number?', 95);
    await field('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await t.smsCode('+61412345678');
    await field('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The verification code is not right.').waitFor();
    await field('Verification code').fill(code);
    await snap('07-mobile-code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.mantine-Notification-title', { hasText: 'Mobile number has been successfully verified!' }).first().waitFor();
  });

  it('registers the customer and publishes the post', async () => {
    await onStep('email', 'Last step: your e-mail and a password', 100);
    await field('E-mail').fill(email);
    await field('Password').fill('Harbour-Home-42');
    await field('Repeat the password').fill('Harbour-Home-43');
    await page.getByRole('button', { name: 'Publish my post' }).click();
    await page.getByText('Passwords are different').waitFor();
    await field('Repeat the password').fill('Harbour-Home-42');
    await page.getByRole('button', { name: 'Publish my post' }).click();

    await page.waitForURL('**/application/success?**');
    await page.getByRole('heading', { name: 'Your post is live' }).waitFor();
    await snap('08-success');

    const customer = await findUserByEmail(t.database.db, email);
    expect(customer).toMatchObject({ user_type: 'customer', first_name: 'Mia', last_name: 'Nguyen', mobile_number: '0412345678' });
    const token = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: email, password: 'Harbour-Home-42' } });
    expect(token.statusCode, token.body).toBe(200);
    const { rows } = await sql<{ uuid: string }>`select uuid from posts where owner_id = ${customer!.uuid}`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const post = await t.app.inject({ method: 'GET', url: `/v4/posts/${rows[0]!.uuid}`, headers: { authorization: `Bearer ${token.json().access_token}` } });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject({
      status: 'active',
      urgency: 'within_1_month',
      primary_home_loan: {
        loan_type: 'refinance',
        loan_purpose: 'owner',
        loan_amount: 610_000,
        property_market_value: 750_000,
        interest_rate: 6.19,
        rate_type: 'variable',
        organisation: 'Harbour Mutual Bank',
        retention: false,
        number_of_applicants: 2,
        number_of_dependants: 1,
        cash_savings: 25_000,
        user_address: { suburb: 'Sydney', postcode: '2000', state: 'NSW' },
      },
    });
    expect(post.json().applicants.map((a: { first_name: string; incomes: { value: number }[] }) => [a.first_name, a.incomes.map((i) => i.value)])).toEqual([
      ['Mia', [95_000]],
      ['Leo', [15_000]],
    ]);
    expect(post.json().expenses).toEqual([expect.objectContaining({ expense_type: 'general', value: 3_200, period: 'monthly_expenses_period' })]);
    // The stepper forgot its answers: a new application starts afresh.
    expect(await page.evaluate(() => localStorage.getItem('hla.application'))).toBeNull();
  });
});
