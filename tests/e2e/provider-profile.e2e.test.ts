import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { type BrowserSession, type Credentials, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';
import { createUser, type TestUser } from '../support/users';

// The provider's own profile (spec 2 §2 "fsp-activate-profile", /profile/{uuid}, /profile-edit, /change-password;
// §4, §8) through the built UI served by the real API, in Debian's Chromium.

let product: Awaited<ReturnType<typeof startProduct>>;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let admin: TestUser;
let provider: Credentials & { id: string };

const questions = ['How long have you been lending?', 'Which areas do you cover?'];
// A 64×64 PNG the browser can decode and crop.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsEtiRCOazQi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgtZCaEts65xBwAAAABJRU5ErkJggg==',
  'base64',
);

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${product.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...admin.headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  product = await startProduct();
  // The admin with its token, to set the product up through the API; usable once the read model knows it.
  admin = await createUser(product.server, { userType: 'admin' });
  for (let attempt = 0; (await api('/v1/users/me')).status !== 200; attempt++) {
    if (attempt > 100) throw new Error('the admin never reached the read model');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const description of questions) {
    expect((await api(`/v1/products/${homeLoanProduct.uuid}/questions`, { method: 'POST', body: { question: { description } } })).status).toBe(201);
  }
  provider = await product.createUser({ userType: 'fsp', status: 'approved', firstName: 'Olivia' });
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-provider-profile');
});

afterAll(async () => {
  await session?.close();
  await product?.close();
});

const snap = (name: string) => snapIn(page, name);
const toast = (title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).first();
const path = () => new URL(page.url()).pathname;

/** The newest SMS of the outbox, as the admin's mailbox shows it. */
async function lastSmsText(): Promise<string> {
  const list = await api('/v1/outbox_messages?filter[channel]=sms&count=1');
  const message = await api(`/v1/outbox_messages/${list.body.result[0].id}`);
  return message.body.text_body as string;
}

describe('an approved provider', () => {
  it('is sent to /fsp-activate-profile after log-in', async () => {
    await logInAs(page, product.server.url, provider);
    await page.waitForURL((url) => url.pathname === '/fsp-activate-profile');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    for (const question of questions) await page.getByRole('textbox', { name: question }).waitFor();
    await snap('01-activate');
  });

  it('sees what is missing when submitting without answers, and stays', async () => {
    await page.getByRole('button', { name: 'Complete profile' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(path()).toBe('/fsp-activate-profile');
    await snap('02-missing-answers');
  });

  it('uploads an avatar with a crop, answers the questions and lands on /home', async () => {
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('dialog', { name: 'Crop the avatar' }).waitFor();
    await page.getByRole('button', { name: 'Crop and use' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('avatar-preview').locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByRole('textbox', { name: questions[0] }).fill('Since 2010, mostly first home buyers.');
    await page.getByRole('textbox', { name: questions[1] }).fill('Sydney and the Central Coast.');
    await snap('03-filled');
    await page.getByRole('button', { name: 'Complete profile' }).click();
    await toast('Profile Complete!').waitFor();
    await page.waitForURL((url) => url.pathname === '/home');
    await snap('04-home');
    expect((await api(`/v1/users/${provider.id}`)).body).toMatchObject({ status: 'active', avatar_url: expect.stringMatching(/^\/files\//) });
  });

  it('opening /fsp-activate-profile again goes to the dashboard', async () => {
    await page.goto(`${product.server.url}/fsp-activate-profile`);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('shows the answers and no reviews on the own profile', async () => {
    await page.goto(`${product.server.url}/profile/${provider.id}`);
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByText('Sydney and the Central Coast.').waitFor();
    await page.getByText('No reviews yet').waitFor();
    await snap('05-profile');
  });

  it('verifies a new mobile number by SMS before saving it', async () => {
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile-edit');
    // The test account's generated last name has a digit, which the name rule refuses.
    await page.getByRole('textbox', { name: 'Last name' }).fill('Nguyen');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('0498 765 432');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please, verify the new mobile number first.').waitFor();
    await page.getByRole('button', { name: 'Send code' }).click();
    // The field appears once the code was sent.
    await page.getByRole('textbox', { name: 'Verification code' }).waitFor();
    const code = /\b(\d{6})\b/.exec(await lastSmsText())![1]!;
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await snap('06-verify');
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Mobile number has been successfully verified!').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${provider.id}`);
    await page.getByText('0498 765 432').waitFor();
    await snap('07-saved');
  });

  it('changes the password and keeps working; the new password logs in', async () => {
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/change-password');
    await page.getByLabel(/^Current password/).fill('Wrong-Password-1');
    await page.getByLabel(/^New password/).fill('New-Harbour-77');
    await page.getByLabel(/^Confirm new password/).fill('New-Harbour-78');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords are different').waitFor();
    await page.getByLabel(/^Confirm new password/).fill('New-Harbour-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not right.').waitFor();
    await page.getByLabel(/^Current password/).fill(provider.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast('Password was changed!').waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${provider.id}`);
    await snap('08-password-changed');
    // The browser got new tokens: a reload stays logged in.
    await page.reload();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    const login = (password: string) =>
      fetch(`${product.server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: provider.email, password }),
      });
    expect((await login(provider.password)).status).toBe(401);
    expect((await login('New-Harbour-77')).status).toBe(200);
  });
});
