import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../domain/post/lifecycle';
import { postStream } from '../../domain/post/events';
import { emailLinkMessages } from '../../api/routes/email-links';
import { issueEmailLinkToken } from '../../infrastructure/email-link-tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { tradeMailProjection } from '../../projections/trade-mail/trade-mail';
import { acceptBid, type ActivePost, activePost, cancelBidAsAdmin, openDeal, placeBid, provider } from '../support/trade';
import { as, type TestUser } from '../support/users';
import { readModelsCaughtUp } from '../support/test-database';

// The trade e-mails and their signed, single-purpose links (issue 6 item 5; docs/trade-mail.md): each mail lands in
// the outbox once with the right recipient; each link works without a log-in, once, for its own action only; a
// tampered, expired, misdirected or reused link is refused and writes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

type Mail = { recipient: string; subject: string; text_body: string };

/** The messages of `template` to `user`, once the trade-mail consumer has seen every event written so far. */
async function mails(user: Pick<TestUser, 'id'>, template: string): Promise<Mail[]> {
  await readModelsCaughtUp(t.database.db, ['trade-mail']);
  const { rows } = await sql<Mail>`
    select recipient, subject, text_body from outbox_messages
    where data_subject = ${user.id} and template = ${template} order by created_at`.execute(t.database.db);
  return rows;
}

/** The one mail of `template` to `user`. */
async function theMail(user: TestUser, template: string): Promise<Mail> {
  const found = await mails(user, template);
  expect(found, template).toHaveLength(1);
  expect(found[0]!.recipient).toBe(user.email.toLowerCase());
  return found[0]!;
}

/** The link in the mail whose path starts with `prefix`: its path and token. */
function linkIn(mail: Mail, prefix: string): { path: string; token: string } {
  const url = mail.text_body.match(/https?:\/\/\S+/g)?.map((u) => new URL(u)).find((u) => u.pathname.startsWith(prefix));
  if (!url) throw new Error(`no ${prefix} link in:\n${mail.text_body}`);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
}

const postLink = (postId: string, operation: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/v2/posts/${postId}/email_link`, payload: { operation, token } });
const connectLink = (postId: string, bidId: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/v1/connect-me/${postId}/${bidId}/email_link`, payload: { token } });

const streamLength = async (postId: string) => (await t.store.readStream(postStream(postId))).length;

/** Refused with `status` and `detail`; the store holds no new event. */
async function refused(send: () => ReturnType<typeof postLink>, status: number, detail?: string) {
  const before = await t.eventCount();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (detail) expect(response.json().detail).toBe(detail);
  expect(await t.eventCount()).toBe(before);
  return response;
}

/** A post in review: a provider's bid on it, then its owner ended bidding. */
async function postInReview(): Promise<ActivePost & { bidId: string }> {
  const post = await activePost(t);
  const bidder = await provider(t);
  const bidId = await placeBid(t, bidder, post.homeLoanId);
  const ended = await t.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'end_bidding_period' } }));
  expect(ended.statusCode, ended.body).toBe(200);
  return { ...post, bidId };
}

describe('new bid', () => {
  it("tells the customer of the first bid in each hour, with a link to the post; the hour's other bids add no mail", async () => {
    // Its own app on a clock the test sets: the bids' times decide the hour.
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
    let now = new Date(hourStart + 5 * 60_000);
    const timed = await createTestApp({ clock: { now: () => now } });
    try {
      const newBidMails = async (user: TestUser) => {
        await readModelsCaughtUp(timed.database.db, ['trade-mail']);
        const { rows } = await sql<Mail>`
          select recipient, subject, text_body from outbox_messages
          where data_subject = ${user.id} and template = 'new-bid' order by created_at`.execute(timed.database.db);
        return rows;
      };
      const post = await activePost(timed);
      const bidder = await provider(timed);
      await placeBid(timed, bidder, post.homeLoanId);
      const [mail, ...others] = await newBidMails(post.owner);
      expect(others).toHaveLength(0);
      expect(mail!.recipient).toBe(post.owner.email.toLowerCase());
      expect(mail!.subject).toBe('You have a new bid on your home loan request');
      expect(linkIn(mail!, '/post/').path).toBe(`/post/${post.postId}`);

      now = new Date(hourStart + 50 * 60_000);
      await placeBid(timed, await provider(timed), post.homeLoanId);
      expect(await newBidMails(post.owner)).toHaveLength(1);
      now = new Date(hourStart + 65 * 60_000);
      await placeBid(timed, await provider(timed), post.homeLoanId);
      expect(await newBidMails(post.owner)).toHaveLength(2);
      expect(await newBidMails(bidder)).toHaveLength(0);

      // Another customer's post in the same hour has its own mail.
      const second = await activePost(timed);
      await placeBid(timed, bidder, second.homeLoanId);
      expect(await newBidMails(second.owner)).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });
});

describe('bidding ended: the review period links', () => {
  it('the extend link works without a log-in, once, and gives a new date', async () => {
    const post = await postInReview();
    const mail = await theMail(post.owner, 'bidding-ended');
    const extend = linkIn(mail, '/extend-review-period/');
    expect(extend.path).toBe(`/extend-review-period/${post.postId}/extend_review_period`);
    expect(linkIn(mail, '/cancel-automatic-selection/').path).toBe(`/cancel-automatic-selection/${post.postId}/cancel_automatic_selection`);

    const before = await streamLength(post.postId);
    const reviewEnd = (await t.app.inject(as(post.owner, { method: 'GET', url: `/v4/posts/${post.postId}` }))).json().review_bids_on as string;
    const response = await postLink(post.postId, 'extend_review_period', extend.token);
    expect(response.statusCode, response.body).toBe(200);
    // Two days (review_period_extension_days) later than before.
    expect(Date.parse(response.json().review_bids_on) - Date.parse(reviewEnd)).toBe(2 * 86_400_000);
    const events = (await t.store.readStream(postStream(post.postId))).slice(before);
    expect(events.map((e) => e.type)).toEqual(['ReviewPeriodExtended']);
    expect(events[0]!.metadata.user_id).toBe(post.owner.id);

    await refused(() => postLink(post.postId, 'extend_review_period', extend.token), 409, emailLinkMessages.used);

    // The extension's mail brings fresh links; the limit (one extension) answers the spec's text, and a refused
    // link stays usable (nothing happened), so it answers the same again rather than "used".
    const again = linkIn(await theMail(post.owner, 'review-period-extended'), '/extend-review-period/');
    await refused(() => postLink(post.postId, 'extend_review_period', again.token), 422, lifecycleMessages.extensionLimit);
    await refused(() => postLink(post.postId, 'extend_review_period', again.token), 422, lifecycleMessages.extensionLimit);
  });

  it('a claim left by a process that died runs out: the link works again, and an extension already made is not made twice', async () => {
    const post = await postInReview();
    const mail = await theMail(post.owner, 'bidding-ended');
    const extend = linkIn(mail, '/extend-review-period/');
    const cancel = linkIn(mail, '/cancel-automatic-selection/');
    // A process claimed the cancel link and died before its action; another use while the claim holds is refused.
    const { jti } = decodeJwt(cancel.token);
    const claim = (until: Date) => sql`
      insert into email_link_uses (token_id, action, post_id, user_id, used_at, claimed_until)
      values (${jti}, 'cancel_automatic_selection', ${post.postId}, ${post.owner.id}, now(), ${until})`.execute(t.database.db);
    await claim(new Date(Date.now() + 60_000));
    await refused(() => postLink(post.postId, 'cancel_automatic_selection', cancel.token), 409, emailLinkMessages.used);
    await sql`update email_link_uses set claimed_until = now() - interval '1 second' where token_id = ${jti}`.execute(t.database.db);
    expect((await postLink(post.postId, 'cancel_automatic_selection', cancel.token)).statusCode).toBe(200);
    await refused(() => postLink(post.postId, 'cancel_automatic_selection', cancel.token), 409, emailLinkMessages.used);

    // A process extended through the link and died before recording the use for good.
    const extended = await postLink(post.postId, 'extend_review_period', extend.token);
    expect(extended.statusCode, extended.body).toBe(200);
    // The answer goes out just before the use is recorded for good: wait for that, then undo it as a crash would have.
    const extendId = decodeJwt(extend.token).jti!;
    const recorded = async () => (await sql<{ n: number }>`select count(*)::int as n from email_link_uses where token_id = ${extendId} and claimed_until is null`.execute(t.database.db)).rows[0]!.n;
    await expect.poll(recorded).toBe(1);
    await sql`update email_link_uses set claimed_until = now() - interval '1 second' where token_id = ${extendId}`.execute(t.database.db);
    const before = await streamLength(post.postId);
    const again = await postLink(post.postId, 'extend_review_period', extend.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().review_bids_on).toBe(extended.json().review_bids_on);
    expect(await streamLength(post.postId)).toBe(before);
    await refused(() => postLink(post.postId, 'extend_review_period', extend.token), 409, emailLinkMessages.used);
  });

  it('the cancel link cancels automatic selection once; a second cancel answers the spec’s text', async () => {
    const post = await postInReview();
    const mail = await theMail(post.owner, 'bidding-ended');
    const cancel = linkIn(mail, '/cancel-automatic-selection/');
    const extend = linkIn(mail, '/extend-review-period/');

    // Single purpose: neither link does the other's work.
    await refused(() => postLink(post.postId, 'extend_review_period', cancel.token), 403, emailLinkMessages.otherAction);
    await refused(() => postLink(post.postId, 'cancel_automatic_selection', extend.token), 403, emailLinkMessages.otherAction);

    const before = await streamLength(post.postId);
    const response = await postLink(post.postId, 'cancel_automatic_selection', cancel.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().auto_accept).toBe(false);
    const events = (await t.store.readStream(postStream(post.postId))).slice(before);
    expect(events.map((e) => [e.type, e.metadata.user_id])).toEqual([['AutomaticSelectionCancelled', post.owner.id]]);
    await refused(() => postLink(post.postId, 'cancel_automatic_selection', cancel.token), 409, emailLinkMessages.used);

    // The extension mail after the cancellation carries no cancel link; the owner cancelling again (logged in) gets the spec's text.
    const extended = await postLink(post.postId, 'extend_review_period', extend.token);
    expect(extended.statusCode, extended.body).toBe(200);
    const next = await theMail(post.owner, 'review-period-extended');
    expect(next.text_body).not.toContain('/cancel-automatic-selection/');
    const logged = await t.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'cancel_automatic_selection' } }));
    expect(logged.statusCode).toBe(422);
    expect(logged.json().detail).toBe(lifecycleMessages.automaticSelectionCancelled);
  });

  it('refuses tampered, forged, expired, misdirected and missing tokens, writing nothing', async () => {
    const post = await postInReview();
    const other = await postInReview();
    const { token } = linkIn(await theMail(post.owner, 'bidding-ended'), '/extend-review-period/');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await refused(() => postLink(post.postId, 'extend_review_period', flipped), 400, emailLinkMessages.invalid);
    // A payload naming another post, with the original signature.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, post: other.postId })).toString('base64url');
    await refused(() => postLink(other.postId, 'extend_review_period', `${header}.${otherPayload}.${signature}`), 400, emailLinkMessages.invalid);
    // Signed with another key.
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7));
    await refused(() => postLink(post.postId, 'extend_review_period', forged), 400, emailLinkMessages.invalid);
    await refused(() => postLink(post.postId, 'extend_review_period', 'not-a-token'), 400, emailLinkMessages.invalid);
    await refused(() => postLink(post.postId, 'extend_review_period', ''), 422, 'The request has invalid fields.');
    // Ours, but for the other post's route.
    await refused(() => postLink(other.postId, 'extend_review_period', token), 403, emailLinkMessages.otherAction);
    // Ours and expired.
    const key = t.secrets.accessTokenKey;
    const base = { action: 'extend_review_period' as const, postId: post.postId, bidId: null, userId: post.owner.id };
    const expired = await issueEmailLinkToken(key, { ...base, tokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() - 60_000) }, new Date(Date.now() - 3_600_000));
    await refused(() => postLink(post.postId, 'extend_review_period', expired), 410, emailLinkMessages.expired);
    // Ours, for someone who does not own the post.
    const stranger = await t.createUser({ userType: 'customer' });
    const misdirected = await issueEmailLinkToken(key, { ...base, userId: stranger.id, tokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) }, new Date());
    await refused(() => postLink(post.postId, 'extend_review_period', misdirected), 410, emailLinkMessages.noLongerValid);
    // The real link still works after all that.
    expect((await postLink(post.postId, 'extend_review_period', token)).statusCode).toBe(200);
  });

  it('an erased customer gets no mail, and their links die', async () => {
    const post = await activePost(t);
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${post.owner.id}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const ended = await t.asAdmin({ method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'end_bidding_period' } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await mails(post.owner, 'bidding-ended')).toHaveLength(0);
    const link = await issueEmailLinkToken(
      t.secrets.accessTokenKey,
      { action: 'extend_review_period', postId: post.postId, bidId: null, userId: post.owner.id, tokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) },
      new Date(),
    );
    await refused(() => postLink(post.postId, 'extend_review_period', link), 410, emailLinkMessages.noLongerValid);
  });
});

describe('bid accepted and the deal’s steps', () => {
  it('tells the provider and the customer once; the connect-me link confirms without a log-in, once', async () => {
    const deal = await openDeal(t);
    const providerMail = await theMail(deal.bidder, 'bid-accepted-provider');
    expect(linkIn(providerMail, '/deals/').path).toBe(`/deals/${deal.dealId}`);
    const customerMail = await theMail(deal.post.owner, 'bid-accepted-customer');
    const connect = linkIn(customerMail, '/connect-me/');
    expect(connect.path).toBe(`/connect-me/${deal.post.postId}/${deal.bidId}`);

    // For this bid only.
    const otherBid = crypto.randomUUID();
    await refused(() => connectLink(deal.post.postId, otherBid, connect.token), 403, emailLinkMessages.otherAction);
    await refused(() => postLink(deal.post.postId, 'extend_review_period', connect.token), 403, emailLinkMessages.otherAction);

    const before = await t.eventCount();
    const response = await connectLink(deal.post.postId, deal.bidId, connect.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ post_id: deal.post.postId, bid_id: deal.bidId, deal_id: deal.dealId });
    // Already accepted: the confirmation writes nothing new.
    expect(await t.eventCount()).toBe(before);
    await refused(() => connectLink(deal.post.postId, deal.bidId, connect.token), 409, emailLinkMessages.used);
  });

  it('a connect-me link accepts a bid not yet accepted, as its recipient, once', async () => {
    const post = await postInReview();
    const token = await issueEmailLinkToken(
      t.secrets.accessTokenKey,
      { action: 'connect_me', postId: post.postId, bidId: post.bidId, userId: post.owner.id, tokenId: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) },
      new Date(),
    );
    const before = await streamLength(post.postId);
    const response = await connectLink(post.postId, post.bidId, token);
    expect(response.statusCode, response.body).toBe(200);
    const events = (await t.store.readStream(postStream(post.postId))).slice(before);
    expect(events.map((e) => [e.type, e.metadata.user_id])).toEqual([['BidAcceptedOnPost', post.owner.id]]);
    await refused(() => connectLink(post.postId, post.bidId, token), 409, emailLinkMessages.used);
    // The acceptance's own mail follows, with a connect-me link of its own.
    linkIn(await theMail(post.owner, 'bid-accepted-customer'), '/connect-me/');
  });

  it('tells the customer when the deal is contacted, applied and settled; not for notes', async () => {
    const deal = await openDeal(t);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const add = async (body: Record<string, unknown>) => {
      const response = await t.app.inject(as(deal.bidder, { method: 'POST', url: `/v1/deals/${deal.dealId}/activities`, payload: { activity_date: today, ...body } }));
      expect(response.statusCode, response.body).toBe(201);
    };
    await add({ operation: 'contact' });
    await add({ operation: 'note', description: 'Called, left a message' });
    await add({ operation: 'application', amount: 440_000 });
    await add({ operation: 'closed_won', amount: 440_000, settled_lender: 'Harbour Bank' });
    const updates = await mails(deal.post.owner, 'deal-update');
    expect(updates.map((m) => m.subject)).toEqual(['Your lender has contacted you', 'Your home loan application is under way', 'Your home loan has settled']);
    expect(updates.every((m) => m.recipient === deal.post.owner.email.toLowerCase())).toBe(true);
  });
});

describe('another bid chosen (issue 24 item 7)', () => {
  it('tells each provider whose bid the customer did not choose once, even on replay; their bids say so', async () => {
    const post = await activePost(t);
    const [winner, twice, once, withdrawn] = await Promise.all([provider(t), provider(t), provider(t), provider(t)]);
    const winning = await placeBid(t, winner, post.homeLoanId);
    const lost = [await placeBid(t, twice, post.homeLoanId), await placeBid(t, twice, post.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 }), await placeBid(t, once, post.homeLoanId)];
    await cancelBidAsAdmin(t, await placeBid(t, withdrawn, post.homeLoanId));
    const accepted = await acceptBid(t, post, winning);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // One mail per provider, whatever the number of their bids; none to the winner, the one who withdrew, the customer.
    for (const loser of [twice, once]) {
      const mail = await theMail(loser, 'bid-not-chosen');
      expect(mail.subject).toBe('The customer chose another bid');
      expect(linkIn(mail, '/bids').path).toBe('/bids');
    }
    for (const nobody of [winner, withdrawn, post.owner]) expect(await mails(nobody, 'bid-not-chosen'), nobody.email).toEqual([]);

    // The bids read "Another bid chosen" (their status is the spec's expired once the expiry reactor ran).
    for (const [bidId, owner] of [[lost[0]!, twice], [lost[1]!, twice], [lost[2]!, once]] as const) {
      await expect
        .poll(async () => (await t.app.inject(as(owner, { method: 'GET', url: `/v4/home_loan_bids/${bidId}` }))).json(), { timeout: 30_000 })
        .toMatchObject({ status: 'expired', status_label: 'Another bid chosen', not_chosen: true });
    }
    const win = (await t.app.inject(as(winner, { method: 'GET', url: `/v4/home_loan_bids/${winning}` }))).json();
    expect(win).toMatchObject({ not_chosen: false, status_label: 'Declared' });

    // A replayed acceptance (a rebuild, a batch seen again after a crash) writes no second mail.
    const acceptance = (await t.store.readStream(postStream(post.postId))).find((event) => event.type === 'BidAcceptedOnPost')!;
    const consumer = tradeMailProjection({ publicUrl: 'http://localhost', secrets: t.secrets });
    await t.database.db.transaction().execute((trx) => consumer.handle([acceptance], trx));
    for (const loser of [twice, once]) expect(await mails(loser, 'bid-not-chosen')).toHaveLength(1);
  });
});

describe('the logged-in routes keep working', () => {
  it('the owner extends through PATCH /v2/posts/{id}', async () => {
    const post = await postInReview();
    const response = await t.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/posts/${post.postId}`, payload: { operation: 'extend_review_period' } }));
    expect(response.statusCode, response.body).toBe(200);
    // Declared by the caller's own acceptance as before.
    const accepted = await acceptBid(t, post, post.bidId);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
