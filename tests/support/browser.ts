import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type RunningServer, startServer } from '../../api/server';
import { loadConfig } from '../../infrastructure/config';
import { createTestDatabase, serverUrl, type TestDatabase } from './test-database';

// Browser tests drive the built UI (dist/web, `npm run build:web`) in Debian's Chromium: a test tool never
// downloads a browser.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const chromiumPath = '/usr/bin/chromium';

export type BrowserSession = { page: Page; close(): Promise<void> };

export async function openBrowser(): Promise<BrowserSession> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath}: apt-get install -y chromium`);
  if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) throw new Error('The UI is not built: run npm run build:web');
  const profileDir = await mkdtemp(path.join(tmpdir(), 'hla-e2e-chromium-'));
  const browser: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    // Without the background-networking flags Chromium keeps calling out of this closed network.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1366, height: 860 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);
  return {
    page,
    close: async () => {
      await browser.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** The whole product as `npm start` runs it: embedded PGlite, or a fresh database on DATABASE_URL's server (CI). */
export async function startProduct(): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hla-e2e-data-'));
  const database: TestDatabase | undefined = serverUrl ? await createTestDatabase('server') : undefined;
  const config = loadConfig({ PORT: '0', NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(database?.url ? { DATABASE_URL: database.url } : {}) });
  const server = await startServer({ config });
  return {
    server,
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
