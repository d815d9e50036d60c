import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/server';
import { type BrowserSession, logInAs, openBrowser, screenshots, startProduct } from '../support/browser';

// The admin's questions journey (spec 3 §2, §4, §8) through the built UI (dist/web, `npm run build:web`) served by
// the real API, in Debian's Chromium (never a downloaded browser).

let product: Awaited<ReturnType<typeof startProduct>>;
let server: RunningServer;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;

beforeAll(async () => {
  product = await startProduct();
  server = product.server;
  session = await openBrowser();
  page = session.page;
  await logInAs(page, server.url, product.admin);
  snapIn = await screenshots('e2e-questions');
});

afterAll(async () => {
  await session?.close();
  await product?.close();
});

const snap = (name: string) => snapIn(page, name);

const rows = () => page.getByTestId('question-row');
const rowOf = (text: string) => rows().filter({ hasText: text });
/** The list as "position:question", top to bottom. */
const listed = () =>
  rows().evaluateAll((trs) =>
    trs.map((tr) => `${tr.querySelector('[data-testid=question-position]')?.textContent}:${tr.querySelector('td a')?.textContent}`),
  );
/** The switch as a user clicks it: Mantine draws the track over the input, inside the input's label. */
const switchOf = (text: string) => rowOf(text).locator('label').filter({ has: page.getByRole('switch') });
const isActive = (text: string) => rowOf(text).getByRole('switch').isChecked();
const toast = (title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).first();

const first = 'Do you lend to self-employed customers?';
const second = 'Do you accept casual income?';
const third = 'Can customers apply online only?';
const edited = 'Do you accept casual or contract income?';

async function createQuestion(text: string) {
  await page.getByRole('link', { name: 'Create question' }).click();
  await page.waitForURL('**/questions/create');
  await page.getByRole('textbox', { name: 'Question' }).fill(text);
  await page.getByRole('button', { name: 'Create question' }).click();
  // spec 3 §2: after saving a question the user returns to the questions list.
  await page.waitForURL((url) => url.pathname === '/questions');
  await rowOf(text).waitFor();
}

describe('questions, as an admin', () => {
  it('opens the questions from the sidebar and creates questions, each going last', async () => {
    await page.goto(`${server.url}/organisations`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questions' }).click();
    await page.waitForURL((url) => url.pathname === '/questions');
    await page.getByRole('heading', { name: 'Questions', level: 2 }).waitFor();
    await page.getByText('No active questions').waitFor();
    await snap('01-empty');

    // The form refuses a blank question with the API's own message.
    await page.getByRole('link', { name: 'Create question' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill('   ');
    await page.getByRole('button', { name: 'Create question' }).click();
    await page.getByText('Question is required.').waitFor();
    await snap('02-required');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/questions');

    await createQuestion(first);
    await toast('Success!').waitFor();
    await createQuestion(second);
    await createQuestion(third);
    expect(await listed()).toEqual([`1:${first}`, `2:${second}`, `3:${third}`]);
    await snap('03-list');
  });

  it('reorders with the move buttons; focus stays on the button and the order survives a reload', async () => {
    expect(await rowOf(first).getByRole('button', { name: /^Move up:/ }).isDisabled()).toBe(true);
    expect(await rowOf(third).getByRole('button', { name: /^Move down:/ }).isDisabled()).toBe(true);

    await rowOf(third).getByRole('button', { name: /^Move up:/ }).click();
    await expect.poll(listed).toEqual([`1:${first}`, `2:${third}`, `3:${second}`]);
    // Keyboard users can press again: the pressed button keeps the focus in the row's new place.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-move') ?? '')).toMatch(/^up-/);
    await page.keyboard.press('Enter');
    await expect.poll(listed).toEqual([`1:${third}`, `2:${first}`, `3:${second}`]);
    // Screen readers hear where it went.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'moved to position 1' }).count()).toBe(1);

    // Quick presses queue up and are applied in order: down twice takes it back to the bottom.
    await rowOf(third).getByRole('button', { name: /^Move down:/ }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(listed).toEqual([`1:${first}`, `2:${second}`, `3:${third}`]);
    // Two clicks in one task, with no render between them, still move it twice.
    await rowOf(third)
      .getByRole('button', { name: /^Move up:/ })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await expect.poll(listed).toEqual([`1:${third}`, `2:${first}`, `3:${second}`]);

    // Moving rows is offered only in the questions' own order.
    await page.getByRole('textbox', { name: 'Search questions' }).fill('self');
    await expect.poll(listed).toEqual([`2:${first}`]);
    expect(await rowOf(first).getByRole('button', { name: /^Move up:/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows().count()).toBe(3);

    await page.reload();
    await rows().first().waitFor();
    expect(await listed()).toEqual([`1:${third}`, `2:${first}`, `3:${second}`]);
    await snap('04-reordered');
  });

  it("toggles a question inactive and back with 'Question is now inactive' / 'Question is now active'", async () => {
    expect(await isActive(first)).toBe(true);
    await switchOf(first).click();
    await toast('Question is now inactive').waitFor();
    await expect.poll(() => rowOf(first).count()).toBe(0);
    await snap('05-now-inactive');

    await page.getByRole('tab', { name: 'Inactive', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/questions/inactives');
    await page.getByRole('heading', { name: 'Inactive questions', level: 2 }).waitFor();
    expect(await listed()).toEqual([`2:${first}`]);
    await snap('06-inactives');

    expect(await isActive(first)).toBe(false);
    await switchOf(first).click();
    await toast('Question is now active').waitFor();
    await page.getByText('No inactive questions').waitFor();
    await page.getByRole('tab', { name: 'Active', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/questions');
    // It kept its place while inactive.
    await expect.poll(listed).toEqual([`1:${third}`, `2:${first}`, `3:${second}`]);
  });

  it('views and edits a question, then returns to the questions list', async () => {
    await rowOf(second).getByRole('link', { name: second, exact: true }).click();
    await page.waitForURL('**/question/*');
    await page.getByRole('heading', { name: 'Question', level: 2 }).waitFor();
    expect(await page.getByTestId('question-text').textContent()).toBe(second);
    await snap('07-detail');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL('**/edit');
    await page.getByRole('textbox', { name: 'Question' }).fill('x'.repeat(500));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Question must be under 500 characters.').waitFor();
    await page.getByRole('textbox', { name: 'Question' }).fill(edited);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Success!').waitFor();
    await page.waitForURL((url) => url.pathname === '/questions');
    await expect.poll(listed).toEqual([`1:${third}`, `2:${first}`, `3:${edited}`]);
    await snap('08-edited');
  });

  it("deletes a question after 'Your will not be able to recover this question!'; the others close the gap", async () => {
    await rowOf(third).getByRole('link', { name: third, exact: true }).click();
    await page.waitForURL('**/question/*');
    const detailUrl = page.url();
    await page.getByTestId('question-text').filter({ hasText: third }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Your will not be able to recover this question!');
    await snap('09-confirm-delete');
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();

    await toast('Question Removed').waitFor();
    await page.waitForURL((url) => url.pathname === '/questions');
    await expect.poll(listed).toEqual([`1:${first}`, `2:${edited}`]);
    await snap('10-removed');

    await page.goto(detailUrl);
    await page.getByText('Question not found').first().waitFor();
    await snap('11-not-found');
  });

  it("shows 'Question Not Removed' when the server refuses, and keeps the question", async () => {
    await page.goto(`${server.url}/questions`);
    await rowOf(edited).waitFor();
    await page.route('**/v1/products/*/questions/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Something went wrong on our side.' }),
          })
        : route.continue(),
    );
    try {
      await rowOf(edited).getByRole('button', { name: /^Delete:/ }).click();
      await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it' }).click();
      await toast('Question Not Removed').waitFor();
      expect(await rowOf(edited).count()).toBe(1);
      await snap('12-not-removed');
    } finally {
      await page.unroute('**/v1/products/*/questions/*');
    }
  });
});
