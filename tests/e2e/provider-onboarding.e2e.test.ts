import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { testPassword, type TestUser } from '../support/users';

// The identity issue's "Done when", end to end in two browsers: a provider signs up, reads the activation mail in
// the outbox, activates, waits, an admin approves, the provider completes the profile and lands on the dashboard; an
// admin changes a permission and the provider's access changes at once.

let t: ServedApp;
let baseUrl: string;
let providerBrowser: BrowserSession;
let adminBrowser: BrowserSession;
let provider: Page;
let admin: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let colleague: TestUser;

const organisationName = 'Harbour Mutual Bank';
const question = 'Which suburbs or regions do you serve?';
const email = `jane.${Date.now().toString(36)}@harbour.example`;
const password = 'Harbour-Lend-42';
let organisationUuid = '';
let providerId = '';

beforeAll(async () => {
  t = await serveTestApp();
  baseUrl = t.baseUrl;
  const organisation = await t.asAdmin({
    method: 'POST',
    url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
    payload: { organisation: { name: organisationName, organisation_type: 'financial_institution', category: 'credit_unions_and_other_institutions' } },
  });
  organisationUuid = organisation.json().uuid;
  await t.asAdmin({ method: 'POST', url: `/v1/products/${homeLoanProduct.uuid}/questions`, payload: { question: { description: question } } });
  colleague = await t.createUser({ userType: 'fsp', organisationUuid, firstName: 'Colin' });
  providerBrowser = await openBrowser();
  adminBrowser = await openBrowser();
  provider = providerBrowser.page;
  admin = adminBrowser.page;
  snapIn = await screenshots('e2e-provider-onboarding');
}, 60_000);

afterAll(async () => {
  await providerBrowser?.close();
  await adminBrowser?.close();
  await t?.close();
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input'));
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).first();


async function tryToLogIn(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a provider joins the marketplace', () => {
  it('signs up with the form', async () => {
    await provider.goto(`${baseUrl}/signup-fsp`);
    await field(provider, 'First name').fill('Jane');
    await field(provider, 'Last name').fill("O'Connor");
    await field(provider, 'E-mail').fill(email);
    await field(provider, 'Password').fill(password);
    await field(provider, 'Mobile number').fill('0412 345 678');
    await field(provider, 'Organisation').fill('harbour mut');
    await provider.getByRole('option', { name: organisationName }).click();
    await field(provider, 'Provider type').click();
    await provider.getByRole('option', { name: 'Bank Lender' }).click();
    await field(provider, 'Membership type').fill('COBA');
    await field(provider, 'Membership number').fill('778899');
    await field(provider, 'ACL number').fill('123456');
    await field(provider, 'Lending since').fill('2012');
    await provider.getByRole('button', { name: 'Sign up' }).click();
    await toast(provider, 'Success!').waitFor();
    await provider.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await snapIn(provider, '01-signed-up');
  });

  it('reads the activation mail in the outbox and activates the account', async () => {
    await provider.goto(await t.mailLink(email, 'activation'));
    await provider.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await snapIn(provider, '02-activated');
  });

  it('waits for an admin: log-in says so', async () => {
    await tryToLogIn(provider);
    await provider.getByRole('alert').filter({ hasText: 'Your account is waiting for approval.' }).waitFor();
    await snapIn(provider, '03-waiting');
  });

  it('is approved by an admin on /pending-users', async () => {
    await logInAs(admin, baseUrl, { email: t.admin.email, password: testPassword }, '/pending-users');
    const row = admin.getByTestId('pending-user-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('button', { name: /^Approve/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve the provider' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'FSP was approved!').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await snapIn(admin, '04-approved');
  });

  it('logs in, is sent to complete the profile, answers the questions and lands on the dashboard', async () => {
    await tryToLogIn(provider);
    await provider.waitForURL((url) => url.pathname === '/fsp-activate-profile');
    await provider.getByRole('textbox', { name: question }).fill('Sydney, the Central Coast and the Illawarra.');
    await snapIn(provider, '05-complete-profile');
    await provider.getByRole('button', { name: 'Complete profile' }).click();
    await toast(provider, 'Profile Complete!').waitFor();
    await provider.waitForURL((url) => url.pathname === '/home');
    await provider.getByRole('heading', { name: 'Dashboard' }).waitFor();
    providerId = new URL(await provider.getByRole('link', { name: 'Profile' }).getAttribute('href') ?? '', baseUrl).pathname.split('/').pop()!;
    expect(providerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await provider.getByRole('link', { name: 'My Team' }).count()).toBe(0);
    await snapIn(provider, '06-dashboard');
  });
});

describe('an admin changes a permission', () => {
  it("and the provider's access changes at once", async () => {
    const providerToken = async () => provider.evaluate(() => localStorage.getItem('hla.access_token'));
    const colleaguePermissions = async () =>
      (await t.app.inject({ method: 'GET', url: `/v2/users/${colleague.id}/permissions`, headers: { authorization: `Bearer ${await providerToken()}` } })).statusCode;
    expect(await colleaguePermissions()).toBe(403);

    await admin.goto(`${baseUrl}/user/${providerId}`);
    const panel = admin.getByTestId('permissions-panel');
    const manager = panel.getByRole('switch', { name: /Manage permissions for fsps within org/ });
    expect(await manager.isChecked()).toBe(false);
    await manager.click({ force: true });
    await panel.getByRole('button', { name: 'Save permissions' }).click();
    await toast(admin, 'Permissions were successfully updated').waitFor();
    await snapIn(admin, '07-permission-changed');

    // The server applies it to the provider's very next request, with the token the provider already holds.
    expect(await colleaguePermissions()).toBe(200);
    // The provider's screens show it on the next load: the manager's team entry and the colleague's permissions.
    await provider.goto(`${baseUrl}/my-team`);
    await provider.getByRole('link', { name: 'My Team' }).waitFor();
    await provider.getByRole('button', { name: 'Permissions' }).first().waitFor();
    await snapIn(provider, '08-manager-team');
  });
});
