import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type RunningServer, startServer } from '../../api/server';
import { loadConfig } from '../../infrastructure/config';
import { settleAccessibilityChecks, watchAccessibility } from './accessibility';
import { closedWithFile } from './leftovers';
import { createTestDatabase, serverUrl, type TestDatabase } from './test-database';
import { createUser, testPassword, type UserSpec } from './users';

// Browser tests drive the built UI (dist/web, `npm run build:web`) in Debian's Chromium: a test tool never
// downloads a browser.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const chromiumPath = '/usr/bin/chromium';

export type BrowserSession = { page: Page; close(): Promise<void> };

// Without the background-networking flags Chromium keeps calling out of this closed network.
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * One Chromium per test worker (the browser files share their worker's modules: vitest.config.ts), started at the
 * first session; Playwright ends it when the worker exits. Each session is a context of its own: cookies, storage
 * and pages apart, as a separate browser's. Starting Chromium per session cost seconds each time.
 */
let chromiumProcess: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const running = chromiumProcess ? await chromiumProcess.catch(() => undefined) : undefined;
  if (running?.isConnected()) return running;
  chromiumProcess = chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  return chromiumProcess;
}

/**
 * A fresh browser session (a new context: no cookies or storage of other sessions) with one page; closed with its
 * test file at the latest (tests/support/leftovers.ts).
 */
export function openBrowser(): Promise<BrowserSession> {
  return closedWithFile(newSession);
}

async function newSession(): Promise<BrowserSession> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath}: apt-get install -y chromium`);
  if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) throw new Error('The UI is not built: run npm run build:web');
  const browser: BrowserContext = await (await sharedChromium()).newContext({
    viewport: { width: 1366, height: 860 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  // Every page of the browser is checked for accessibility (tests/support/accessibility.ts), pop-ups too.
  browser.on('page', watchAccessibility);
  const page = await browser.newPage();
  watchAccessibility(page); // watched already unless the event came after newPage answered
  page.setDefaultTimeout(15_000);
  return {
    page,
    close: async () => {
      // The end of a journey in this browser: its pages are checked as they are now before they go.
      await settleAccessibilityChecks({ finalState: true, pages: browser.pages() });
      await browser.close();
    },
  };
}

export type Credentials = { email: string; password: string };

export type RunningProduct = {
  server: RunningServer;
  /** An active admin of this product. */
  admin: Credentials;
  /** Another user, made through the product's commands, ready to log in. */
  createUser(spec: UserSpec): Promise<Credentials & { id: string }>;
  close(): Promise<void>;
};

/**
 * The whole product as `npm start` runs it: embedded PGlite, or a fresh database on DATABASE_URL's server (CI).
 * Closed with its test file at the latest (tests/support/leftovers.ts).
 */
export function startProduct(): Promise<RunningProduct> {
  return closedWithFile(runProduct);
}

async function runProduct(): Promise<RunningProduct> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hla-e2e-data-'));
  const database: TestDatabase | undefined = serverUrl ? await createTestDatabase('server') : undefined;
  const config = loadConfig({ PORT: '0', NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(database?.url ? { DATABASE_URL: database.url } : {}) });
  const server = await startServer({ config });
  const makeUser = async (spec: UserSpec) => {
    const user = await createUser(server, spec);
    // Ready once the API knows the user (the projection has caught up).
    for (let attempt = 0; attempt < 100; attempt++) {
      const me = await fetch(`${server.url}/v1/users/me`, { headers: user.headers });
      if (me.status === 200) return { id: user.id, email: user.email, password: testPassword };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`user ${user.email} never reached the read model`);
  };
  return {
    server,
    admin: await makeUser({ userType: 'admin' }),
    createUser: makeUser,
    close: async () => {
      await server.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Full-page screenshots into test-results/<folder>/ (gitignored), for a person to look at. */
export async function screenshots(folder: string): Promise<(page: Page, name: string) => Promise<void>> {
  const dir = path.join(repoRoot, 'test-results', folder);
  await mkdir(dir, { recursive: true });
  return async (page, name) => {
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  };
}

/** Logs in through the UI: `/login` sends the browser to the identity page, which comes back with a code. */
export async function logInAs(page: Page, baseUrl: string, user: Credentials, path = '/home'): Promise<void> {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  // The log-in form only: the page's footer has a mailing-list form with its own e-mail field.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await form.getByLabel('E-mail').fill(user.email);
  // A regular expression: the visibility toggle's label also mentions the password.
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/authorize') && !url.pathname.startsWith('/login'));
}

/** Logs out, then in as another user (one browser playing several people in turn). */
export async function logInFresh(page: Page, baseUrl: string, user: Credentials, path: string): Promise<void> {
  await page.goto(`${baseUrl}/logout`);
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
  await logInAs(page, baseUrl, user, path);
}

/** A form field by its label, with or without the required asterisk. */
export const formField = (page: Page, label: string, scope: Page | Locator = page) =>
  scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).and(page.locator('input, textarea'));

/** Picks an option of a select or combobox field. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await formField(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The newest toast with this title. */
export const toastTitled = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).last();

/** The open dialog with this heading (any open dialog without one). */
export const dialogTitled = (page: Page, title?: string | RegExp) =>
  title ? page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) }) : page.getByRole('dialog');

/**
 * Read-your-writes waits a bounded 5 s for the read models; on a loaded machine they can lag beyond it and the page
 * shows the state before the change. Reloading is what a user would do.
 */
export async function shownAfterReloads(page: Page, locator: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await locator.first().isVisible()) return true;
        await page.waitForTimeout(2000);
        if (await locator.first().isVisible()) return true;
        await page.reload();
        return false;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
}
