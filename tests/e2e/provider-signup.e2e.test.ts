import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { findUserByEmail } from '../../projections/users/queries';
import { type BrowserSession, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { testPassword } from '../support/users';

// A lender signs up through the form, reads the activation mail in the outbox and opens its link; a provider who
// forgot the password gets a link by e-mail and chooses a new one. The built UI (dist/web) served by the test app,
// so the test can read the outbox of its database.

let t: ServedApp;
let baseUrl: string;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  t = await serveTestApp();
  baseUrl = t.baseUrl;
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-provider-signup');
});

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
/** A form field by its label, with or without the required asterisk (an option list may carry the label too). */
const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input'));


async function expectToast(title: string) {
  await page.locator('.mantine-Notification-title', { hasText: title }).first().waitFor();
}

describe('provider sign-up', () => {
  const email = `lender.${Date.now().toString(36)}@harbour.example`;
  let organisationUuid = '';

  it('marks an address that is already registered until it is edited', async () => {
    const organisation = await t.asAdmin({
      method: 'POST',
      url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
      payload: { organisation: { name: 'Harbour Mutual Bank', organisation_type: 'financial_institution', category: 'credit_unions_and_other_institutions' } },
    });
    expect(organisation.statusCode).toBe(201);
    organisationUuid = organisation.json().uuid;
    const taken = await t.createUser({ userType: 'fsp' });

    await page.goto(`${baseUrl}/signup-fsp`);
    await page.getByRole('heading', { name: 'Sign up as a lender or broker' }).waitFor();
    await field('First name').fill('Jane');
    await field('Last name').fill("O'Connor");
    await field('E-mail').fill(taken.email);
    await field('Password').fill('Harbour-Lend-42');
    await field('Mobile number').fill('0412 345 678');
    await field('Organisation').fill('harbour mut');
    await page.getByRole('option', { name: 'Harbour Mutual Bank' }).click();
    await field('Provider type').click();
    await page.getByRole('option', { name: 'Bank Lender' }).click();
    await field('Membership type').fill('COBA');
    await field('Membership number').fill('778899');
    await field('ACL number').fill('123456');
    await field('Lending since').fill('2012');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('This e-mail address is already registered.').waitFor();
    await snap('01-taken-email');

    await field('E-mail').fill(email);
    expect(await page.getByText('This e-mail address is already registered.').count()).toBe(0);
  });

  it('signs up, says so and asks to check the e-mail', async () => {
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectToast('Success!');
    await page.waitForURL('**/signup-success?**');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(email).count()).toBe(1);
    await snap('02-signup-success');
    const user = await findUserByEmail(t.database.db, email);
    expect(user).toMatchObject({ status: 'pending', organisation_uuid: organisationUuid, organisation_name: 'Harbour Mutual Bank', provider_type: 'financial_institution', lender_since: 2012, email_verified: false });
  });

  it('resends the activation e-mail', async () => {
    await page.getByRole('link', { name: 'send the activation e-mail again' }).click();
    await page.waitForURL('**/resend-activation?**');
    expect(await field('E-mail').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send the activation e-mail' }).click();
    await expectToast('Activation email was sent!');
    await snap('03-resend-activation');
  });

  it('activates the account from the link in the mail', async () => {
    await page.goto(await t.mailLink(email, 'activation'));
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.getByText('An admin will now review your account.').waitFor();
    await snap('04-activated');
    await expect.poll(async () => (await findUserByEmail(t.database.db, email))?.email_verified).toBe(true);
  });

  it('says when a link does not work, and offers a new one', async () => {
    await page.goto(`${baseUrl}/activate?code=not-a-real-code`);
    await page.getByRole('heading', { name: 'This activation link does not work' }).waitFor();
    await page.getByRole('link', { name: 'Send me a new activation e-mail' }).waitFor();
    await snap('05-bad-activation-link');
  });
});

describe('password recovery', () => {
  const newPassword = 'Kelp-Forest-31';

  it('mails a link that sets a new password, once', async () => {
    const user = await t.createUser({ userType: 'fsp' });
    await page.goto(`${baseUrl}/recover-password`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await field('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await snap('06-recovery-requested');

    const link = await t.mailLink(user.email, 'password-recovery');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await field('New password').fill(newPassword);
    await field('Repeat the new password').fill('Kelp-Forest-32');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Passwords are different').waitFor();
    await snap('07-passwords-different');
    await field('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectToast('Password was changed!');
    await page.getByRole('heading', { name: 'Your password was changed' }).waitFor();
    await snap('08-password-changed');

    const logIn = (password: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: user.email, password } });
    expect((await logIn(newPassword)).statusCode).toBe(200);
    expect((await logIn(testPassword)).statusCode).toBe(401);

    await page.goto(link);
    await field('New password').fill('Another-Pass-55');
    await field('Repeat the new password').fill('Another-Pass-55');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link is invalid, has expired or was already used.').waitFor();
    await snap('09-link-used');
  });
});
