import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { type BrowserSession, type Credentials, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';

// An admin chooses a lender's allowed bidders in the brokers modal and sees its providers; a manager provider sees
// the team on /my-team and opens a member's permissions.

let product: Awaited<ReturnType<typeof startProduct>>;
let baseUrl: string;
let adminBrowser: BrowserSession;
let page: Page;
let snap: (page: Page, name: string) => Promise<void>;

// Unique names, so the journey also passes on a shared database (the name filter allows letters, digits, spaces).
const suffix = Date.now().toString().slice(-6);
const brokerA = `Aussie Brokers ${suffix}`;
const brokerB = `Better Brokers ${suffix}`;
const lenderName = `Harbour Bank ${suffix}`;
let lender = '';
let manager: Credentials & { id: string };
let member: Credentials & { id: string };

async function tokenOf(user: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`log-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api<Answer = { uuid: string }>(token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

beforeAll(async () => {
  product = await startProduct();
  baseUrl = product.server.url;
  const token = await tokenOf(product.admin);
  const organisations = `/v2/products/${homeLoanProduct.uuid}/organisations`;
  await api(token, 'POST', organisations, { organisation: { name: brokerA, organisation_type: 'broker' } });
  await api(token, 'POST', organisations, { organisation: { name: brokerB, organisation_type: 'broker' } });
  lender = (await api(token, 'POST', organisations, { organisation: { name: lenderName, organisation_type: 'financial_institution' } })).uuid;
  manager = await product.createUser({ userType: 'fsp', organisationUuid: lender, firstName: 'Maria' });
  member = await product.createUser({ userType: 'fsp', organisationUuid: lender, firstName: 'Nick' });
  // spec 3 §6: the manager variant of a provider.
  const container = (await api(token, 'GET', `/v2/users/${manager.id}/permissions`)).uuid;
  await api(token, 'PATCH', `/v2/users/${manager.id}/permissions/${container}`, { permissions: { manage_permissions_for_fsps_within_org: true } });

  adminBrowser = await openBrowser();
  page = adminBrowser.page;
  await logInAs(page, baseUrl, product.admin);
  snap = await screenshots('e2e-organisation-team');
});

afterAll(async () => {
  await adminBrowser?.close();
  await product?.close();
});

describe('allowed bidders and providers, as an admin', () => {
  it('chooses brokers in the modal and sees them as chips', async () => {
    await page.goto(`${baseUrl}/organisation/${lender}/edit`);
    await page.getByText('No brokers chosen.').waitFor();
    await page.getByRole('button', { name: 'Choose brokers' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose allowed bidders' });
    await modal.waitFor();
    await modal.getByRole('checkbox', { name: brokerA }).waitFor();
    // The lender itself is never offered.
    expect(await modal.getByRole('checkbox', { name: lenderName }).count()).toBe(0);
    await snap(page, '01-brokers-modal');

    await modal.getByRole('textbox', { name: 'Search brokers' }).fill('Better');
    await expect.poll(() => modal.getByRole('checkbox').count()).toBe(1);
    await modal.getByRole('checkbox', { name: brokerB }).check();
    await modal.getByRole('textbox', { name: 'Search brokers' }).fill('');
    await modal.getByRole('checkbox', { name: brokerA }).check();
    await modal.getByText('2 brokers chosen').waitFor();
    await snap(page, '02-brokers-chosen');
    await modal.getByRole('button', { name: 'Done' }).click();
    await modal.waitFor({ state: 'hidden' });

    const chips = page.getByLabel('Chosen brokers');
    await chips.getByText(brokerA).waitFor();
    await chips.getByText(brokerB).waitFor();
    // A chip's remove button takes the broker out again; the modal brings it back.
    await page.getByRole('button', { name: `Remove ${brokerA}` }).click();
    await expect.poll(() => chips.getByText(brokerA).count()).toBe(0);
    await page.getByRole('button', { name: 'Choose brokers' }).click();
    await modal.getByRole('checkbox', { name: brokerA }).check();
    await modal.getByRole('button', { name: 'Done' }).click();
    await chips.getByText(brokerA).waitFor();
    await snap(page, '03-form-with-chips');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Success!').first().waitFor();
    await page.waitForURL((url) => url.pathname === `/organisation/${lender}`);
  });

  it('shows the allowed bidders and the providers on the organisation page', async () => {
    const bidders = page.getByRole('list', { name: 'Allowed bidders' });
    await bidders.getByRole('link', { name: brokerA }).waitFor();
    await bidders.getByRole('link', { name: brokerB }).waitFor();
    const providers = page.getByTestId('provider-row');
    await expect.poll(() => providers.count()).toBe(2);
    expect(await providers.filter({ hasText: manager.email }).getByRole('link', { name: /^Maria / }).getAttribute('href')).toBe(`/user/${manager.id}`);
    expect(await providers.filter({ hasText: member.email }).getByText('Active').count()).toBe(1);
    await snap(page, '04-organisation-page');
  });

  it('sends an admin away from /my-team to the dashboard', async () => {
    await page.goto(`${baseUrl}/my-team`);
    await page.waitForURL((url) => url.pathname === '/home');
  });
});

describe('the team, as a manager provider', () => {
  let providerBrowser: BrowserSession;
  let providerPage: Page;

  beforeAll(async () => {
    providerBrowser = await openBrowser();
    providerPage = providerBrowser.page;
    await logInAs(providerPage, baseUrl, manager, '/my-team');
  });
  afterAll(async () => {
    await providerBrowser?.close();
  });

  it("lists the organisation's providers with their status and opens a member's permissions", async () => {
    await providerPage.getByRole('heading', { name: 'My Team', level: 2 }).waitFor();
    const rows = providerPage.getByTestId('team-row');
    await expect.poll(() => rows.count()).toBe(2);
    const self = rows.filter({ hasText: manager.email });
    await self.getByText('You').waitFor();
    // The own permissions are not offered (the server refuses them).
    expect(await self.getByRole('button', { name: /Permissions/ }).count()).toBe(0);
    await snap(providerPage, '05-my-team');

    await rows.filter({ hasText: member.email }).getByRole('button', { name: /Permissions/ }).click();
    const drawer = providerPage.getByRole('dialog', { name: /^Permissions of Nick / });
    await drawer.waitFor();
    await drawer.getByText('Manage permissions for fsps within org').first().waitFor();
    await snap(providerPage, '06-permissions-drawer');

    // The manager changes a team member's permission (spec 3 §6).
    await drawer.getByRole('switch', { name: 'View all within organisation' }).check({ force: true });
    await drawer.getByRole('button', { name: 'Save permissions' }).click();
    await providerPage.getByText('Permissions were successfully updated').first().waitFor();
    const token = await tokenOf(product.admin);
    const stored = await api<{ view: { key: string; value: boolean }[] }>(token, 'GET', `/v2/users/${member.id}/permissions`);
    expect(stored.view.find((entry) => entry.key === 'view_all_within_organisation')?.value).toBe(true);
  });
});
