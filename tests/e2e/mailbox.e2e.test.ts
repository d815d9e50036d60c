import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../../infrastructure/outbox/enqueue';
import { OutboxDelivery } from '../../infrastructure/outbox/outbox-delivery';
import { createTestApp, type TestApp } from '../support/test-app';

// A person trying the product without SMTP_URL reads the activation mail in the admin mailbox and clicks its link.
// The built UI (dist/web, `npm run build:web`) served by the real API, in Debian's Chromium. The test app rather
// than startServer, so the test can write to its database (embedded PGlite belongs to one process).

const repoRoot = path.resolve(import.meta.dirname, '../..');
const chromiumPath = '/usr/bin/chromium';
const screenshots = path.join(repoRoot, 'test-results', 'e2e-mailbox');

let t: TestApp;
let baseUrl: string;
let profileDir: string;
let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath}: apt-get install -y chromium`);
  if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) throw new Error('The UI is not built: run npm run build:web');
  await mkdir(screenshots, { recursive: true });
  profileDir = await mkdtemp(path.join(tmpdir(), 'hla-e2e-chromium-'));

  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1366, height: 860 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

async function snap(name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

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
    await enqueueMessage(t.database.db, { channel: 'sms', causationId: randomUUID(), template: 'phone-code', to: '+61412345678', text: 'Your code is 123456' });
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

    const [opened] = await Promise.all([browser.waitForEvent('page'), link.click()]);
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
