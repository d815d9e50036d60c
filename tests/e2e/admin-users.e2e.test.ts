import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { type BrowserSession, type Credentials, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';
import { testPassword } from '../support/users';

// The admin's user management: approve a pending provider into an existing organisation on /pending-users, find a
// user by search on /users/fsp, change a permission in the panel and a bidding limit on the user's page.

let product: Awaited<ReturnType<typeof startProduct>>;
let baseUrl: string;
let browser: BrowserSession;
let page: Page;
let snap: (page: Page, name: string) => Promise<void>;
let token: string;

// Unique names, so the journey also passes on a shared database (the organisation filter allows letters, digits, spaces).
const suffix = Date.now().toString().slice(-6);
const organisationName = `Harbour Brokers ${suffix}`;
const pendingEmail = `pending-${suffix}@harbour.example`;
let pendingId = '';
let organisationId = '';

async function tokenOf(user: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`log-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api<T = { uuid: string }>(method: string, path: string, body?: unknown, bearer: string | null = token): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  product = await startProduct();
  baseUrl = product.server.url;
  token = await tokenOf(product.admin);
  organisationId = (await api('POST', `/v2/products/${homeLoanProduct.uuid}/organisations`, { organisation: { name: organisationName, organisation_type: 'broker' } })).uuid;
  // Signed up for an organisation that is not in the database ("Other"): the admin must pick an existing one.
  const signUp = {
    first_name: 'Penny',
    last_name: `Pending${suffix.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`,
    email: pendingEmail,
    password: testPassword,
    country_code: '61',
    mobile_number: '0412345678',
    organisation_uuid: null,
    organisation_name: 'Other',
    provider_type: 'broker',
    membership_type: 'MFAA',
    membership_value: '123456',
    acl_number: '654321',
    lender_since: 2012,
  };
  pendingId = (await api('POST', '/v1/users', { user: signUp }, null)).uuid;

  browser = await openBrowser();
  page = browser.page;
  snap = await screenshots('admin-users');
  await logInAs(page, baseUrl, product.admin);
});

afterAll(async () => {
  await browser?.close();
  await product?.close();
});

describe('the admin manages users', () => {
  it('approves a pending provider into an existing organisation', async () => {
    await page.goto(`${baseUrl}/pending-users`);
    const row = page.getByTestId('pending-user-row').filter({ hasText: pendingEmail });
    await expect.poll(() => row.count()).toBe(1);
    await snap(page, '1-pending-users');
    await row.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the provider' });
    await dialog.getByText("Organisation isn't in our database!").waitFor();
    await dialog.getByText('Create a new organisation or replace it with an existing one').waitFor();
    await dialog.getByLabel('Existing organisation').fill(organisationName);
    await page.getByRole('option', { name: organisationName }).click();
    await snap(page, '2-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('FSP was approved!').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const approved = await api<{ status: string; fsp: { organisation: { uuid: string; name: string } } }>('GET', `/v1/users/${pendingId}`);
    expect(approved).toMatchObject({ status: 'approved', fsp: { organisation: { uuid: organisationId, name: organisationName } } });
  });

  it('finds the provider by search on /users/fsp', async () => {
    await page.goto(`${baseUrl}/users/fsp`);
    await page.getByTestId('user-row').first().waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(pendingEmail);
    // The search waits 400 ms after typing, then the list holds only the match.
    await page.waitForURL((url) => url.searchParams.get('search') === pendingEmail);
    const rows = page.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(pendingEmail);
    await snap(page, '3-users-search');
    await rows.first().getByRole('link', { name: /^Penny/ }).click();
    await page.waitForURL(`**/user/${pendingId}`);
    await page.getByText('View User').waitFor();
  });

  it('changes a permission in the panel and a bidding limit', async () => {
    const panel = page.getByTestId('permissions-panel');
    await panel.waitFor();
    const anonymous = panel.getByRole('switch', { name: /Create anonymous bid/ });
    expect(await anonymous.isChecked()).toBe(true);
    await anonymous.click({ force: true });
    await panel.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions were successfully updated').waitFor();
    const permissions = await api<{ bid: { key: string; value: boolean }[] }>('GET', `/v2/users/${pendingId}/permissions`);
    expect(permissions.bid.find((p) => p.key === 'create_anonymous_bid')?.value).toBe(false);

    const limits = page.getByTestId('bidding-limits-panel');
    await limits.getByRole('button', { name: 'Edit limits' }).click();
    await limits.getByRole('textbox', { name: 'Accepted bids limit' }).fill('10');
    await limits.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Limits have been updated!').waitFor();
    await expect.poll(() => limits.getByTestId('bids_accepted_limit-usage').textContent()).toBe('0 / 10');
    await snap(page, '4-user-view');
  });

  it("edits the provider's address", async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/user/${pendingId}/edit`);
    await page.getByText('Edit User').waitFor();
    await page.getByLabel('Street address').fill('1 George Street');
    await page.getByLabel('Suburb').fill('Sydney');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'NSW' }).click();
    await page.getByLabel('Postcode').fill('2000');
    await snap(page, '5-user-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Success!').waitFor();
    await page.waitForURL(`**/user/${pendingId}`);
    await page.getByText('1 George Street, Sydney NSW 2000').waitFor();

    await page.goto(`${baseUrl}/users/admin/create`);
    await page.getByRole('button', { name: 'Create admin' }).click();
    await page.getByText('Please, write an email').waitFor();
    await snap(page, '6-create-admin');
  });
});
