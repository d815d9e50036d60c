import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateView, cancelledTemplateBids } from '../../contracts/bid-template';
import { bidStream } from '../../domain/bid/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, placeBid, provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 3 §4 "Cancel active bids", §6, §7 through `PATCH /v1/home_loan_bid_templates/{id}` with operation
// cancel_active_bids (docs/auto-bidding.md "Cancelling a template's bids"): the template's active bids are cancelled
// with the reason, each as a hand cancellation would be; the provider's other bids stay; who may; bad input writes nothing.

let t: TestApp;
let owner: TestProvider;
let colleague: TestProvider;
let stranger: TestProvider;
let withoutPermission: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  colleague = await provider(t, { organisationUuid: owner.organisationUuid, permissions: { update_organisation_bid_template: true, view_bid_templates_within_organisation: true } });
  withoutPermission = await provider(t, { permissions: { cancel_active_bids: false } });
  stranger = await provider(t);
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const cancelBids = (who: Who, templateId: string, payload: object) => send(who, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, payload);

async function createTemplate(who: TestProvider, name: string) {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid);
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name } });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json()).uuid;
}
async function bidStatus(bidId: string) {
  const response = await t.asAdmin({ method: 'GET', url: `/v4/home_loan_bids/${bidId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().status as string;
}
async function cancellationOf(bidId: string) {
  const events = await t.store.readStream(bidStream(bidId));
  return events.find((event) => event.type === 'BidCancelled')?.data as { reason: string; cancelled_by: string } | undefined;
}

describe('cancelling a template’s active bids', () => {
  it('cancels the two bids the template placed with the reason; the bid from another template stays active', async () => {
    const template = await createTemplate(owner, 'Refinancers under 80%');
    const other = await createTemplate(owner, 'First home buyers');
    const [first, second, third] = [await activePost(t), await activePost(t), await activePost(t)];
    const fromTemplate = [await placeBid(t, owner, first.homeLoanId, { home_loan_bid_template_uuid: template }), await placeBid(t, owner, second.homeLoanId, { home_loan_bid_template_uuid: template })];
    const fromOther = await placeBid(t, owner, third.homeLoanId, { home_loan_bid_template_uuid: other });
    // A colleague's bid on the same post is not the template's either.
    const colleagues = await placeBid(t, colleague, first.homeLoanId);

    const response = await cancelBids(owner, template, { operation: 'cancel_active_bids', reason: '  Our rates changed this morning.  ' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = cancelledTemplateBids.parse(response.json());
    expect(answer).toMatchObject({ home_loan_bid_template_uuid: template, cancelled_bids: 2, skipped_bids: [] });
    expect([...answer.cancelled_bid_uuids].sort()).toEqual([...fromTemplate].sort());
    await settle(t, response.headers['x-position']);

    for (const bidId of fromTemplate) {
      expect(await bidStatus(bidId)).toBe('cancelled');
      // Trimmed, as a hand cancellation keeps it; cancelled by the caller.
      expect(await cancellationOf(bidId)).toMatchObject({ reason: 'Our rates changed this morning.', cancelled_by: owner.id });
    }
    expect(await bidStatus(fromOther)).toBe('active');
    expect(await bidStatus(colleagues)).toBe('active');
    expect(await cancellationOf(fromOther)).toBeUndefined();

    // Nothing left to cancel: answered, nothing written.
    const events = await t.eventCount();
    const again = await cancelBids(owner, template, { operation: 'cancel_active_bids', reason: 'Again' });
    expect(again.statusCode, again.body).toBe(200);
    expect(cancelledTemplateBids.parse(again.json())).toMatchObject({ cancelled_bids: 0, cancelled_bid_uuids: [] });
    expect(await t.eventCount()).toBe(events);
  });

  it('an admin cancels them too', async () => {
    const template = await createTemplate(owner, 'Admin cancels');
    const post = await activePost(t);
    const bidId = await placeBid(t, owner, post.homeLoanId, { home_loan_bid_template_uuid: template });
    const response = await cancelBids(t.admin, template, { operation: 'cancel_active_bids', reason: 'Provider asked us to.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(cancelledTemplateBids.parse(response.json()).cancelled_bid_uuids).toEqual([bidId]);
    expect(await cancellationOf(bidId)).toMatchObject({ cancelled_by: t.admin.id });
  });
});

describe('refusals write nothing', () => {
  let template: string;
  let bidId: string;
  beforeAll(async () => {
    template = await createTemplate(owner, 'Refusals');
    bidId = await placeBid(t, owner, (await activePost(t)).homeLoanId, { home_loan_bid_template_uuid: template });
  }, 120_000);

  it('a blank or missing reason is 422 with the spec’s message; other bad bodies are 422', async () => {
    const events = await t.eventCount();
    for (const reason of ['', '   ']) {
      const refused = await cancelBids(owner, template, { operation: 'cancel_active_bids', reason });
      expect(refused.statusCode).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json().errors).toEqual({ reason: ['The reason is required.'] });
    }
    for (const body of [{}, { operation: 'cancel_active_bids' }, { operation: 'cancel_everything', reason: 'x' }, { operation: 'cancel_active_bids', reason: 5 }, { operation: 'cancel_active_bids', reason: 'x', extra: 1 }]) {
      const refused = await cancelBids(owner, template, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await t.eventCount()).toBe(events);
    expect(await bidStatus(bidId)).toBe('active');
  });

  it('a stranger sees no such template (404), a customer is refused (403), a colleague and a provider without cancel_active_bids are refused (403)', async () => {
    const body = { operation: 'cancel_active_bids', reason: 'Not mine to cancel' };
    const events = await t.eventCount();
    expect((await cancelBids(stranger, template, body)).statusCode).toBe(404);
    expect((await cancelBids(customer, template, body)).statusCode).toBe(403);
    // spec 1 §6: a provider cancels only its own bids, even a colleague who may change the template.
    const byColleague = await cancelBids(colleague, template, body);
    expect(byColleague.statusCode, byColleague.body).toBe(403);
    expect(byColleague.json()).toMatchObject({ code: 'BID_TEMPLATE_NOT_ALLOWED', detail: 'You are not allowed to cancel the bids of this bid template.' });
    expect(await t.eventCount()).toBe(events);
    expect(await bidStatus(bidId)).toBe('active');

    const theirs = await createTemplate(withoutPermission, 'No cancelling');
    const theirBid = await placeBid(t, withoutPermission, (await activePost(t)).homeLoanId, { home_loan_bid_template_uuid: theirs });
    const before = await t.eventCount();
    const refused = await cancelBids(withoutPermission, theirs, body);
    expect(refused.statusCode).toBe(403);
    expect(await t.eventCount()).toBe(before);
    expect(await bidStatus(theirBid)).toBe('active');
  });
});
