import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../../infrastructure/outbox/enqueue';
import { OutboxDelivery } from '../../infrastructure/outbox/outbox-delivery';
import { type BrowserSession, logInAs, openBrowser, screenshots } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { testPassword } from '../support/users';

// A person trying the product without SMTP_URL reads the activation mail in the admin mailbox and clicks its link.
// The built UI (dist/web, `npm run build:web`) served by the real API, in Debian's Chromium. The test app rather
// than startServer, so the test can write to its database (embedded PGlite belongs to one process).

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
  await logInAs(page, baseUrl, { email: t.admin.email, password: testPassword });
  snapIn = await screenshots('e2e-mailbox');
});

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);

describe('the mailbox, as an admin without SMTP_URL', () => {
  const suffix = Date.now().toString(36);
  const recipient = `jane.${suffix}@example.com`;
  const subject = `Activate your account ${suffix}`;
  let activationLink = '';
  let messageId = '';

  it('lists the activation mail, which was kept because there is no mail server', async () => {
    activationLink = `${baseUrl}/activate?token=${suffix}&user=${randomUUID()}`;
    const injected = '<img src=x onerror="window.__injected=true"><script>window.__injected=true</script>';
    messageId = (
      await enqueueMessage(t.database.db, {
        channel: 'email',
        causationId: randomUUID(),
        template: 'activation',
        to: recipient,
        subject,
        text: `Hello Jane,\n\nPlease activate your account: ${activationLink}.\n\n${injected}\nThe Home-loan auction team`,
        html: `<p>Hello Jane</p>${injected}`,
      })
    ).id;
    await enqueueMessage(t.database.db, { channel: 'sms', causationId: randomUUID(), template: 'phone-code', subject: 'Text message: your verification code', to: '+61412345678', text: 'Your code is 123456' });
    await new OutboxDelivery({ db: t.database.db }).deliverDue();

    await page.goto(`${baseUrl}/organisations`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailbox' }).click();
    await page.waitForURL('**/mailbox');
    await page.getByRole('heading', { name: 'Mailbox', level: 2 }).waitFor();
    const row = page.getByTestId('outbox-row').filter({ hasText: recipient });
    await row.waitFor();
    await row.getByText('Kept', { exact: true }).waitFor();
    expect(await row.textContent()).toContain(subject);
    expect(await page.getByTestId('outbox-row').count()).toBe(2);
    await snap('01-mailbox');
  });

  it('opens the mail and its activation link, and renders nothing of the message as HTML', async () => {
    await page.getByRole('link', { name: subject }).click();
    await page.waitForURL(`**/mailbox/${messageId}`);
    await page.getByRole('heading', { name: subject, level: 2 }).waitFor();
    const body = page.getByTestId('message-body');
    await body.waitFor();
    expect(await body.textContent()).toContain('<img src=x onerror=');
    expect(await body.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();

    const link = body.getByRole('link', { name: activationLink });
    expect(await link.getAttribute('href')).toBe(activationLink);
    expect(await link.getAttribute('rel')).toContain('noopener');
    await snap('02-message');

    const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await opened.waitForLoadState('domcontentloaded');
    expect(opened.url()).toBe(activationLink);
    await opened.close();
  });

  it('filters the mailbox by channel', async () => {
    await page.goto(`${baseUrl}/mailbox?channel=sms`);
    await page.getByTestId('outbox-row').first().waitFor();
    expect(await page.getByTestId('outbox-row').count()).toBe(1);
    expect(await page.getByTestId('outbox-row').textContent()).toContain('+61412345678');
  });
});
