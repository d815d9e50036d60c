import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateView } from '../../contracts/bid-template';
import { bidTemplateStream } from '../../domain/bid-template/events';
import type { Clock } from '../../infrastructure/clock';
import { randomIds } from '../../infrastructure/ids';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { TransitionScheduler } from '../../projections/scheduler/transition-scheduler';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, openDeal, projectionsIdle, provider, settle, type TestProvider, validBid } from '../support/trade';
import { as } from '../support/users';

// When a template stops bidding on its own (issue 29 item 2, docs/auto-bidding.md "Expiry" and "Stops"): the
// durable scheduler expires it at its expiry_on, once, also after a restart, and not when it was renewed; the
// auto-bidder stops it when the provider is suspended or a bidding limit is maxed, and the provider gets one notice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
});

const send = (who: TestProvider, method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject(as(who, { method, url, payload }));

/** A template with the default rules (every post of activePost meets them), turned on. */
async function activeTemplate(who: TestProvider, name: string): Promise<string> {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid);
  const created = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name, organisation_uuid: who.organisationUuid } });
  expect(created.statusCode, created.body).toBe(201);
  const templateId = bidTemplateView.parse(created.json()).uuid;
  await activate(who, templateId);
  return templateId;
}
async function activate(who: TestProvider, templateId: string) {
  const response = await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, { auto_bidding: true });
  expect(response.statusCode, response.body).toBe(200);
  await settle(t, response.headers['x-position']);
}

const autoBiddingEvents = async (templateId: string) =>
  (await t.store.readStream(bidTemplateStream(templateId))).filter((event) => event.type.startsWith('AutoBidding')).map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, id: event.id }));
const statusOf = async (templateId: string) =>
  (await sql<{ auto_bidding: string; expiry_on: Date | null }>`select auto_bidding, expiry_on from bid_templates where uuid = ${templateId}`.execute(t.database.db)).rows[0]!;
type Mail = { template: string; recipient: string; causation_id: string; subject: string; text_body: string };
const mailsTo = async (userId: string) =>
  (await sql<Mail>`select template, recipient, causation_id::text, subject, text_body from outbox_messages where data_subject = ${userId} and template = 'auto-bidding-stopped'`.execute(t.database.db)).rows;

describe('the auto-bidder stops a template whose bids cannot be placed any more', () => {
  it('a suspended provider: the template goes inactive with provider_suspended, and one notice is mailed', async () => {
    const suspended = await provider(t);
    const templateId = await activeTemplate(suspended, 'Suspended lender');
    const suspension = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${suspended.id}`, payload: { user: { status: 'suspended' } } });
    expect(suspension.statusCode, suspension.body).toBe(200);
    await settle(t, suspension.headers['x-position']);

    const first = await activePost(t);
    await projectionsIdle(t);
    const [activated, stopped, ...more] = await autoBiddingEvents(templateId);
    expect(activated?.type).toBe('AutoBiddingActivated');
    expect(stopped).toMatchObject({ type: 'AutoBiddingStopped', data: { template_id: templateId, owner_id: suspended.id, template_name: 'Suspended lender', reason: 'provider_suspended', post_id: first.postId } });
    expect(more).toEqual([]);
    expect((await statusOf(templateId)).auto_bidding).toBe('inactive');
    expect(await t.store.readStream(`bid-${autoBidIdOf(templateId, first.postId)}`)).toEqual([]);

    // A second post: the template is inactive, so it is not even tried; still one stop and one mail.
    await activePost(t);
    await projectionsIdle(t);
    expect((await autoBiddingEvents(templateId)).map((event) => event.type)).toEqual(['AutoBiddingActivated', 'AutoBiddingStopped']);
    const mails = await mailsTo(suspended.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: suspended.email, causation_id: stopped!.id, subject: 'Auto-bidding stopped for your bid template "Suspended lender"' });
    expect(mails[0]!.text_body).toContain('your account is suspended');
  }, 180_000);

  it('a bidding limit maxed: the template goes inactive with bidding_limit_reached, and one notice is mailed', async () => {
    const limited = await provider(t);
    const limit = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${limited.id}`, payload: { user: { fsp: { bids_accepted_limit: 1, bids_contacted_limit: 5 } } } });
    expect(limit.statusCode, limit.body).toBe(200);
    await settle(t, limit.headers['x-position']);
    await openDeal(t, { bidder: limited }); // one accepted deal: the limit of 1 is maxed
    const templateId = await activeTemplate(limited, 'Limited lender');

    const post = await activePost(t);
    await projectionsIdle(t);
    expect((await autoBiddingEvents(templateId)).map((event) => [event.type, event.data.reason, event.data.post_id])).toEqual([
      ['AutoBiddingActivated', undefined, undefined],
      ['AutoBiddingStopped', 'bidding_limit_reached', post.postId],
    ]);
    expect((await statusOf(templateId)).auto_bidding).toBe('inactive');
    const mails = await mailsTo(limited.id);
    expect(mails.map((mail) => mail.recipient)).toEqual([limited.email]);
    expect(mails[0]!.text_body).toContain('bidding limits');
  }, 180_000);
});

class TestClock implements Clock {
  constructor(public at: number) {}
  now() {
    return new Date(this.at);
  }
}

const schedulerAt = (clock: Clock) => new TransitionScheduler({ db: t.database.db, store: t.store, ids: randomIds, clock });
const expiriesOf = (outcomes: Awaited<ReturnType<TransitionScheduler['tick']>>, templateId: string) =>
  outcomes.filter((o) => o.post_id === templateId).map((o) => `${o.kind}:${o.outcome}`);

// The clock runs ahead here, so other rows fall due too (posts of the tests above): each test looks at its template.
describe('the scheduler expires auto-bidding at expiry_on', () => {
  it('not before, then once: inactive, and a restarted scheduler does not expire it again', async () => {
    const owner = await provider(t);
    const templateId = await activeTemplate(owner, 'Expiring');
    const { expiry_on } = await statusOf(templateId);
    const clock = new TestClock(expiry_on!.getTime() - 1000);
    const scheduler = schedulerAt(clock);
    expect(expiriesOf(await scheduler.tick(), templateId)).toEqual([]);

    clock.at += 2000;
    expect(expiriesOf(await scheduler.tick(), templateId)).toEqual(['expire_auto_bidding:fired']);
    // A second tick and a restarted scheduler (a new process on the same database) find the firing done.
    expect(expiriesOf(await scheduler.tick(), templateId)).toEqual([]);
    expect(expiriesOf(await schedulerAt(clock).tick(), templateId)).toEqual([]);
    await projectionsIdle(t);
    expect(await statusOf(templateId)).toEqual({ auto_bidding: 'inactive', expiry_on: null });
    const events = await autoBiddingEvents(templateId);
    expect(events.map((event) => event.type)).toEqual(['AutoBiddingActivated', 'AutoBiddingExpired']);
    expect(events[1]!.data).toEqual({ template_id: templateId, expired_at: new Date(clock.at).toISOString() });

    // Even with its claims lost, the template is no longer due (inactive), and the decider would record nothing.
    await sql`delete from scheduler_claims where post_id = ${templateId}`.execute(t.database.db);
    expect(expiriesOf(await schedulerAt(clock).tick(), templateId)).toEqual([]);
    expect((await autoBiddingEvents(templateId)).length).toBe(2);
  }, 180_000);

  it('a template renewed before its expiry is not expired at the old expiry, only at the new one', async () => {
    const owner = await provider(t);
    const templateId = await activeTemplate(owner, 'Renewed');
    const first = (await statusOf(templateId)).expiry_on!.getTime();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await activate(owner, templateId); // ticked on again: the days start again
    await projectionsIdle(t);
    const renewed = (await statusOf(templateId)).expiry_on!.getTime();
    expect(renewed).toBeGreaterThan(first + 1000);

    const clock = new TestClock(first + 500);
    expect(expiriesOf(await schedulerAt(clock).tick(), templateId)).toEqual([]);
    expect((await statusOf(templateId)).auto_bidding).toBe('active');
    clock.at = renewed;
    expect(expiriesOf(await schedulerAt(clock).tick(), templateId)).toEqual(['expire_auto_bidding:fired']);
    expect((await autoBiddingEvents(templateId)).map((event) => event.type)).toEqual(['AutoBiddingActivated', 'AutoBiddingActivated', 'AutoBiddingExpired']);
  }, 180_000);
});
