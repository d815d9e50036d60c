import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, dialogTitled, formField, logInFresh, openBrowser, screenshots, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, activePost, placeBid, projectionsIdle, provider, type TestProvider } from '../support/trade';
import { testPassword, type TestUser } from '../support/users';

// Notes on the post page and the request-update dialog (issue 6 item 3; spec 1 §2 "Post detail", spec 3 §2, §5, §8;
// docs/post-notes.md) in the built UI served by the real API, in Debian's Chromium: an admin adds a private note, a
// provider who bid adds a public one, edits and deletes it, and never sees the private note; the customer sees no
// notes and sends a request update, which reaches the provider by e-mail.

let t: ServedApp;
let session: BrowserSession;
let page: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let post: ActivePost;
let bidder: TestProvider;

const privateText = 'Customer is also speaking to another broker.';
const publicText = 'Called the customer, will send the fact sheet.';

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  bidder = await provider(t, { organisationName: 'Harbour Lending' });
  await placeBid(t, bidder, post.homeLoanId);
  await projectionsIdle(t);
  session = await openBrowser();
  page = session.page;
  snapIn = await screenshots('e2e-post-notes');
}, 600_000);

afterAll(async () => {
  await session?.close();
  await t?.close();
});

const snap = (name: string) => snapIn(page, name);
const notesHeading = () => page.getByRole('heading', { name: 'Notes', level: 4 });
const notes = () => page.getByTestId('post-note');

async function openPostAs(user: Pick<TestUser, 'email'>) {
  await logInFresh(page, t.baseUrl, { email: user.email, password: testPassword }, `/post/${post.postId}`);
  await page.getByTestId('summary-lvr').waitFor();
}

describe('notes on the post page', () => {
  it('an admin adds a private note, after the dialog’s rules', async () => {
    await openPostAs(t.admin);
    await notesHeading().waitFor();
    await page.getByText('No notes yet.').waitFor();
    await page.getByRole('button', { name: 'Add note' }).click();
    const dialog = dialogTitled(page, 'Add note');
    await dialog.waitFor();
    // 580 wide (spec 1 §9).
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(580);
    // The date starts at today (the browser runs in Sydney time); an empty note is refused on the spot.
    expect(await formField(page, 'Contacted on', dialog).inputValue()).toBe(new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()));
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await dialog.getByText('This field is required').waitFor();
    await formField(page, 'Note', dialog).fill(privateText);
    await dialog.getByLabel('Private (admins only)').check();
    await snap('1-admin-note-dialog');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await toastTitled(page, 'Note has been created!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await notes().filter({ hasText: privateText }).getByText('Private').waitFor();
    await snap('2-admin-private-note');
  });

  it('a provider who bid adds a public note, edits and deletes it, and never sees the private note', async () => {
    await openPostAs(bidder);
    await notesHeading().waitFor();
    await page.getByRole('button', { name: 'Add note' }).click();
    const dialog = dialogTitled(page, 'Add note');
    await dialog.waitFor();
    // Only admins mark notes private (spec 3 §6).
    expect(await dialog.getByLabel('Private (admins only)').count()).toBe(0);
    await formField(page, 'Note', dialog).fill(publicText);
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await toastTitled(page, 'Note has been created!').waitFor();
    await notes().filter({ hasText: publicText }).waitFor();
    expect(await page.getByText(privateText).count()).toBe(0);
    await snap('3-provider-notes');

    await notes().filter({ hasText: publicText }).getByRole('button', { name: 'Edit note' }).click();
    const edit = dialogTitled(page, 'Edit note');
    await formField(page, 'Note', edit).fill(`${publicText} Sent.`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastTitled(page, 'Note has been updated!').waitFor();
    await notes().filter({ hasText: `${publicText} Sent.` }).waitFor();

    await notes().filter({ hasText: publicText }).getByRole('button', { name: 'Delete note' }).click();
    const confirm = dialogTitled(page, 'Are you sure?');
    await confirm.getByText('Your will not be able to recover this note!').waitFor();
    expect(Math.round((await confirm.boundingBox())!.width)).toBe(400);
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
    await toastTitled(page, 'Deleted!').waitFor();
    await page.getByText('No notes yet.').waitFor();
  });

  it('the customer sees no notes and sends a request update; the provider is e-mailed', async () => {
    await openPostAs(post.owner);
    await page.getByTestId('post-bids').waitFor();
    expect(await notesHeading().count()).toBe(0);
    expect(await page.getByText(privateText).count()).toBe(0);
    await page.getByRole('button', { name: 'Request update' }).click();
    const dialog = dialogTitled(page, 'Request update');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('The message is required.').waitFor();
    await formField(page, 'Message', dialog).fill('Please also quote a 2-year fixed rate.');
    await snap('4-customer-request-update');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await toastTitled(page, 'Request has been successfully sent').waitFor();
    await snap('5-customer-request-sent');
    await expect
      .poll(async () => {
        const { rows } = await sql<{ text_body: string }>`
          select text_body from outbox_messages where template = 'post-update-request' and recipient = ${bidder.email}`.execute(t.database.db);
        return rows[0]?.text_body ?? '';
      }, { timeout: 30_000 })
      .toContain('Please also quote a 2-year fixed rate.');
  });
});
