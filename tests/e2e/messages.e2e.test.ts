import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshots, toastTitled } from '../support/browser';
import { type ServedApp, serveTestApp } from '../support/served-app';
import { type ActivePost, activePost, placeBid, projectionsIdle, provider, type TestProvider } from '../support/trade';
import { testPassword } from '../support/users';

// Messages through the built UI (spec 1 §2 "/messages", "/posts/{postUuid}/messages", "Post detail"; §8
// 'Message sent.'; docs/messages.md): a provider and a customer, each in a browser of their own, exchange messages
// and each sees the other's message arrive live, without reloading the page (the live stream of GET
// /v1/messages/live invalidates the chat queries). The customer also finds the chat through the inbox, its unread
// counter and a bid card's "Chat with this lender".

let t: ServedApp;
let providerSession: BrowserSession;
let customerSession: BrowserSession;
let lender: Page;
let customer: Page;
let snapIn: (page: Page, name: string) => Promise<void>;
let post: ActivePost;
let fsp: TestProvider;

beforeAll(async () => {
  t = await serveTestApp();
  post = await activePost(t);
  fsp = await provider(t, { organisationName: 'Harbour Lending' });
  await placeBid(t, fsp, post.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
  await projectionsIdle(t);
  providerSession = await openBrowser();
  customerSession = await openBrowser();
  lender = providerSession.page;
  customer = customerSession.page;
  snapIn = await screenshots('e2e-messages');
}, 900_000);

afterAll(async () => {
  await providerSession?.close();
  await customerSession?.close();
  await t?.close();
});

/** A mark on the window: still there later means the page was not reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { chatMark: string }).chatMark = 'not reloaded'));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { chatMark?: string }).chatMark);
const messages = (page: Page) => page.getByTestId('chat-message-text');

async function send(page: Page, text: string) {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await toastTitled(page, 'Success!').filter({ hasText: 'Message sent.' }).waitFor();
}

describe('two people chatting about a post', () => {
  it('the provider starts the chat from the post page and sends the first message', async () => {
    await logInAs(lender, t.baseUrl, { email: fsp.email, password: testPassword }, `/post/${post.postId}`);
    await lender.getByTestId('summary-lvr').waitFor();
    await lender.getByRole('button', { name: 'Start chat' }).click();
    await lender.waitForURL((url) => url.pathname === `/posts/${post.postId}/messages`);
    await lender.getByText('No messages yet.').waitFor();
    // A blank-after-trim message is not sent: the button stays disabled.
    await lender.getByLabel('Message').fill('    ');
    expect(await lender.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await send(lender, 'Hello! I can offer 5.50% variable. Any questions?');
    await messages(lender).filter({ hasText: 'I can offer 5.50%' }).waitFor();
    await snapIn(lender, '01-provider-sent');
  });

  it('the customer sees the unread counter and the message in the inbox, opens it and replies', async () => {
    await logInAs(customer, t.baseUrl, { email: post.owner.email, password: testPassword }, '/home');
    await customer.getByTestId('sidebar-unread').filter({ hasText: '1' }).waitFor();
    await customer.getByRole('link', { name: /Messages/ }).click();
    await customer.waitForURL((url) => url.pathname === '/messages');
    const row = customer.getByTestId('inbox-row').first();
    await row.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
    expect(await row.textContent()).toContain('Harbour Lending');
    await snapIn(customer, '02-customer-inbox');
    await row.getByRole('link').click();
    await customer.waitForURL((url) => url.pathname === `/posts/${post.postId}/messages`);
    await messages(customer).filter({ hasText: 'I can offer 5.50%' }).waitFor();
    // Reading it clears the counter.
    await customer.getByTestId('sidebar-unread').waitFor({ state: 'detached' });
    await markPage(lender);
    await send(customer, 'Thanks! Is there an offset account?');
  });

  it("the provider sees the customer's reply arrive without reloading", async () => {
    await messages(lender).filter({ hasText: 'Is there an offset account?' }).waitFor({ timeout: 15_000 });
    expect(await stillSamePage(lender)).toBe('not reloaded');
    // The provider sees the customer's first name only (spec 1 §6).
    expect(await lender.getByTestId('conversation-with').textContent()).toBe('Test');
    await snapIn(lender, '03-provider-received-live');
  });

  it("the customer sees the provider's answer arrive without reloading", async () => {
    await markPage(customer);
    await send(lender, 'Yes, a 100% offset account is included.');
    await messages(customer).filter({ hasText: '100% offset account' }).waitFor({ timeout: 15_000 });
    expect(await stillSamePage(customer)).toBe('not reloaded');
    expect(await messages(customer).allTextContents()).toEqual([
      'Hello! I can offer 5.50% variable. Any questions?',
      'Thanks! Is there an offset account?',
      'Yes, a 100% offset account is included.',
    ]);
    await snapIn(customer, '04-customer-received-live');
  });

  it("the customer's Chat with this lender on the provider's bid card opens the same conversation", async () => {
    await customer.goto(`${t.baseUrl}/post/${post.postId}`);
    await customer.getByTestId('post-bids').waitFor();
    await customer.getByTestId('bid-card').first().getByRole('button', { name: 'Chat with this lender' }).click();
    await customer.waitForURL((url) => url.pathname === `/posts/${post.postId}/messages`);
    await messages(customer).filter({ hasText: '100% offset account' }).waitFor();
    expect(await messages(customer).count()).toBe(3);
  });
});
