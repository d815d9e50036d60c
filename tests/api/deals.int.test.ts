import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import { dealMessages } from '../../domain/deal/schemas';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { loadState } from '../../infrastructure/command-handler';
import { createTestApp, type TestApp } from '../support/test-app';
import { type OpenDeal, openDeal, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Deals (spec 1 §2 "Deals", §4, §5; spec 3 §3, §4, §5, §7): the journey of a deal moving its bid and post, the
// activities' rules, who sees what, the board's filters, the auditors' replay and the bidding limits (docs/deals.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

function addActivity(user: TestUser, dealId: string, body: Record<string, unknown>) {
  return t.app.inject(as(user, { method: 'POST', url: `/v1/deals/${dealId}/activities`, payload: { activity_date: today(), ...body } }));
}
const getDeal = (user: TestUser, dealId: string) => t.app.inject(as(user, { method: 'GET', url: `/v1/deals/${dealId}` }));
const bidStatus = async (bidId: string) => (await loadState(t.store, bidStream(bidId), bidDecider)).state.status;
const postStatus = async (postId: string) => (await loadState(t.store, postStream(postId), postDecider)).state.status;

async function step(deal: OpenDeal, body: Record<string, unknown>, expected: { stage: string; bid: string; post: string; label?: string; value?: number }) {
  const response = await addActivity(deal.bidder, deal.dealId, body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ stage: expected.stage, ...(expected.label ? { value_label: expected.label } : {}), ...(expected.value ? { value: expected.value } : {}) });
  expect(await bidStatus(deal.bidId)).toBe(expected.bid);
  expect(await postStatus(deal.post.postId)).toBe(expected.post);
  return response.json();
}

describe('a deal’s journey', () => {
  it('accepted → contacted → applied → closed won moves the bid and settles the post, with the value label of each stage', async () => {
    const deal = await openDeal(t);
    expect(await bidStatus(deal.bidId)).toBe('accepted');
    await step(deal, { operation: 'contact' }, { stage: 'contacted', bid: 'contacted', post: 'opportunity', label: 'Loan Amount', value: 450_000 });
    await step(deal, { operation: 'application', amount: 440_000 }, { stage: 'applied', bid: 'applied', post: 'opportunity', label: 'Application Value', value: 440_000 });
    const won = await step(deal, { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' }, { stage: 'closed_won', bid: 'closed_won', post: 'closed_won', label: 'Closed Won Value', value: 435_000 });
    expect(won.activities.map((a: { activity_type: string }) => a.activity_type)).toEqual(['accept', 'contact', 'application', 'closed_won']);
    expect(won.allowed_activity_types).toEqual(['note']);
    // Closed is final: only notes.
    const more = await addActivity(deal.bidder, deal.dealId, { operation: 'contact' });
    expect(more.json()).toMatchObject({ status: 409, code: 'DEAL_STEP_NOT_ALLOWED' });
    expect((await addActivity(deal.bidder, deal.dealId, { operation: 'note', details: 'Settled on time' })).statusCode).toBe(201);
  });

  it('several deals moving at once each take their own bid and post along (the reactor works on deals side by side)', async () => {
    const deals: OpenDeal[] = [];
    for (let i = 0; i < 5; i++) deals.push(await openDeal(t));
    // Every deal's steps in order, the deals at the same time: the reactor's batches hold several deals' events.
    const journeys: Record<string, unknown>[][] = [
      [{ operation: 'contact' }, { operation: 'application', amount: 440_000 }, { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' }],
      [{ operation: 'contact' }, { operation: 'closed_lost', reason: 'working_with_another_party' }],
      [{ operation: 'contact' }, { operation: 'application', amount: 400_000 }],
      [{ operation: 'closed_lost', reason: 'working_with_another_party' }],
      [{ operation: 'contact' }, { operation: 'application', amount: 420_000 }, { operation: 'closed_won', amount: 415_000, settled_lender: 'Harbour Bank' }],
    ];
    await Promise.all(
      deals.map(async (deal, i) => {
        for (const body of journeys[i]!) {
          const response = await addActivity(deal.bidder, deal.dealId, body);
          expect(response.statusCode, response.body).toBe(201);
        }
      }),
    );
    await projectionsIdle(t);
    expect(await Promise.all(deals.map((deal) => bidStatus(deal.bidId)))).toEqual(['closed_won', 'closed_lost', 'applied', 'closed_lost', 'closed_won']);
    expect(await Promise.all(deals.map((deal) => postStatus(deal.post.postId)))).toEqual(['closed_won', 'closed_lost', 'opportunity', 'closed_lost', 'closed_won']);
  });

  it('closed lost needs a not-proceeding reason; with one, the bid is closed lost and the post Not Proceeding', async () => {
    const deal = await openDeal(t);
    const before = await t.eventCount();
    const noReason = await addActivity(deal.bidder, deal.dealId, { operation: 'closed_lost' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: [dealMessages.reasonRequired] });
    expect(await t.eventCount()).toBe(before);
    const lost = await step(deal, { operation: 'closed_lost', reason: 'working_with_another_party' }, { stage: 'closed_lost', bid: 'closed_lost', post: 'closed_lost' });
    expect(lost.not_proceeding_reason).toBe('working_with_another_party');
  });

  it('on hold from contacted, resumed by recording the held step again; deleting the latest step steps back', async () => {
    const deal = await openDeal(t);
    await step(deal, { operation: 'contact' }, { stage: 'contacted', bid: 'contacted', post: 'opportunity' });
    const held = await step(deal, { operation: 'on_hold' }, { stage: 'on_hold', bid: 'on_hold', post: 'opportunity' });
    expect(held.allowed_activity_types).toEqual(['contact', 'note', 'application', 'closed_lost']);
    const resumed = await step(deal, { operation: 'application', amount: 400_000 }, { stage: 'applied', bid: 'applied', post: 'opportunity' });
    const application = resumed.activities.at(-1);
    const removed = await t.app.inject(as(deal.bidder, { method: 'DELETE', url: `/v1/home_loan_bid_activities/${application.uuid}` }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ stage: 'on_hold', value_label: 'Loan Amount' });
    expect(await bidStatus(deal.bidId)).toBe('on_hold');
  });
});

describe('activities: adding, editing and deleting', () => {
  let deal: OpenDeal;
  let noteId: string;
  beforeAll(async () => {
    deal = await openDeal(t);
    const note = await addActivity(deal.bidder, deal.dealId, { operation: 'note', details: 'Called, will call back' });
    expect(note.statusCode, note.body).toBe(201);
    noteId = note.json().activities.at(-1).uuid;
  }, 600_000);

  it.each([
    ['an amount over 5,000,000', { operation: 'application', amount: 5_000_001 }, 'amount', 'Max value is 5,000,000'],
    ['a note without text', { operation: 'note', details: '   ' }, 'description', 'This field is required'],
    ['a note of 1000 characters', { operation: 'note', details: 'x'.repeat(1000) }, 'description', dealMessages.noteTooLong],
    ['a date before 2017-01-01', { operation: 'note', details: 'Old', activity_date: '2016-12-31' }, 'activity_date', dealMessages.dateTooEarly],
    ['a date that is not a day', { operation: 'note', details: 'Odd', activity_date: '2024-02-30' }, 'activity_date', dealMessages.invalidDate],
    ['an unknown operation', { operation: 'accept' }, 'operation', undefined],
    ['an amount that is not a number', { operation: 'application', amount: 'lots' }, 'amount', 'Should be a number'],
    ['an unknown field', { operation: 'note', details: 'x', colour: 'red' }, 'colour', 'Unknown field.'],
    ['another deal’s bid', { operation: 'note', details: 'x', bid: '00000000-0000-4000-8000-000000000000' }, 'bid', 'This is not the bid of this deal'],
  ])('refuses %s with 422 and writes nothing', async (_name, body, field, message) => {
    const before = await t.eventCount();
    const response = await addActivity(deal.bidder, deal.dealId, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    if (message) expect(response.json().errors[field]).toContain(message);
    expect(await t.eventCount()).toBe(before);
  });

  it('edits a note and an amount within the bounds, and refuses them beyond', async () => {
    const url = `/v1/home_loan_bid_activities/${noteId}`;
    const edited = await t.app.inject(as(deal.bidder, { method: 'PATCH', url, payload: { details: 'Called back, keen', activity_date: '2017-01-01' } }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().activities.find((a: { uuid: string }) => a.uuid === noteId)).toMatchObject({ description: 'Called back, keen', activity_date: '2017-01-01' });
    const before = await t.eventCount();
    const empty = await t.app.inject(as(deal.bidder, { method: 'PATCH', url, payload: { description: '' } }));
    expect(empty.statusCode).toBe(422);
    const tooMuch = await t.app.inject(as(deal.bidder, { method: 'PATCH', url, payload: { amount: 5_000_001 } }));
    expect(tooMuch.statusCode).toBe(422);
    const typeChange = await t.app.inject(as(deal.bidder, { method: 'PATCH', url, payload: { operation: 'contact' } }));
    expect(typeChange.statusCode).toBe(422);
    expect(await t.eventCount()).toBe(before);
  });

  it('deletes a note; the opening activity stays', async () => {
    const opening = (await getDeal(deal.bidder, deal.dealId)).json().activities[0];
    const kept = await t.app.inject(as(deal.bidder, { method: 'DELETE', url: `/v1/home_loan_bid_activities/${opening.uuid}` }));
    expect(kept.json()).toMatchObject({ status: 409, code: 'DEAL_ACTIVITY_KEPT' });
    const removed = await t.app.inject(as(deal.bidder, { method: 'DELETE', url: `/v1/home_loan_bid_activities/${noteId}` }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().activities.map((a: { uuid: string }) => a.uuid)).not.toContain(noteId);
    const again = await t.app.inject(as(deal.bidder, { method: 'DELETE', url: `/v1/home_loan_bid_activities/${noteId}` }));
    expect(again.statusCode).toBe(404);
  });
});

describe('who sees what', () => {
  let deal: OpenDeal;
  let colleague: TestProvider;
  let viewer: TestProvider;
  let stranger: TestProvider;
  beforeAll(async () => {
    deal = await openDeal(t);
    colleague = await provider(t, { organisationUuid: deal.bidder.organisationUuid });
    viewer = await provider(t, { organisationUuid: deal.bidder.organisationUuid, permissions: { view_all_within_organisation: true } });
    stranger = await provider(t);
  }, 600_000);

  it('the winning provider sees the customer’s details; an admin too', async () => {
    for (const user of [deal.bidder, t.admin]) {
      const read = await getDeal(user, deal.dealId);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().customer).toMatchObject({ uuid: deal.post.owner.id, email: deal.post.owner.email });
      expect(read.json().provider).toMatchObject({ uuid: deal.bidder.id, organisation: { uuid: deal.bidder.organisationUuid } });
      expect(read.json().bid).toMatchObject({ uuid: deal.bidId, status: 'accepted' });
    }
  });

  it('another provider gets 404; a colleague too, unless allowed to view the organisation’s deals: then without the customer and read only', async () => {
    for (const user of [stranger, colleague]) {
      expect((await getDeal(user, deal.dealId)).statusCode).toBe(404);
      expect((await addActivity(user, deal.dealId, { operation: 'contact' })).statusCode).toBe(404);
    }
    const read = await getDeal(viewer, deal.dealId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ customer: null, allowed_activity_types: [] });
    const before = await t.eventCount();
    expect((await addActivity(viewer, deal.dealId, { operation: 'contact' })).json()).toMatchObject({ status: 403, code: 'DEAL_NOT_YOURS' });
    expect(await t.eventCount()).toBe(before);
  });

  it('a customer never reaches the deal routes', async () => {
    expect((await t.app.inject(as(deal.post.owner, { method: 'GET', url: '/v1/deals' }))).statusCode).toBe(403);
    expect((await getDeal(deal.post.owner, deal.dealId)).statusCode).toBe(403);
  });

  it('an admin moves any deal', async () => {
    const response = await addActivity(t.admin, deal.dealId, { operation: 'contact' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await bidStatus(deal.bidId)).toBe('contacted');
  });
});

describe('the deals board', () => {
  let mine: OpenDeal;
  let lost: OpenDeal;
  let others: OpenDeal;
  beforeAll(async () => {
    mine = await openDeal(t);
    lost = await openDeal(t, { bidder: mine.bidder });
    expect((await addActivity(lost.bidder, lost.dealId, { operation: 'closed_lost', reason: 'change_of_mind', activity_date: '2024-05-02' })).statusCode).toBe(201);
    others = await openDeal(t);
  }, 600_000);

  const list = (user: TestUser, query = '') => t.app.inject(as(user, { method: 'GET', url: `/v1/deals${query}` }));
  const uuids = (response: { json(): { result: { uuid: string }[] } }) => response.json().result.map((d) => d.uuid);

  it('shows a provider its own deals, by stage (the board) or lost (the lost view)', async () => {
    const all = await list(mine.bidder);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total_records).toBe(2);
    expect(uuids(all).sort()).toEqual([mine.dealId, lost.dealId].sort());
    expect(uuids(await list(mine.bidder, '?status=accepted,contacted,applied,closed_won,on_hold'))).toEqual([mine.dealId]);
    expect(uuids(await list(mine.bidder, '?status=closed_lost'))).toEqual([lost.dealId]);
  });

  it('filters by activity type and date range (YYYY-MM-DD)', async () => {
    expect(uuids(await list(mine.bidder, '?activity_type=closed_lost&activity_date_ini=2024-05-01&activity_date_end=2024-05-31'))).toEqual([lost.dealId]);
    expect(uuids(await list(mine.bidder, '?activity_type=closed_lost&activity_date_ini=2024-06-01'))).toEqual([]);
    const bad = await list(mine.bidder, '?activity_date_ini=01/05/2024');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ activity_date_ini: [dealMessages.invalidDate] });
    expect((await list(mine.bidder, '?activity_date_ini=2024-06-01&activity_date_end=2024-05-01')).statusCode).toBe(422);
    expect((await list(mine.bidder, '?status=won')).statusCode).toBe(422);
  });

  it('lets only admins filter by provider or organisation', async () => {
    expect(uuids(await t.asAdmin({ method: 'GET', url: `/v1/deals?fsp_uuid=${others.bidder.id}` }))).toEqual([others.dealId]);
    expect(uuids(await t.asAdmin({ method: 'GET', url: `/v1/deals?org_uuid=${mine.bidder.organisationUuid}&status=closed_lost` }))).toEqual([lost.dealId]);
    expect((await list(mine.bidder, `?fsp_uuid=${others.bidder.id}`)).statusCode).toBe(403);
    expect((await list(mine.bidder, `?org_uuid=${others.bidder.organisationUuid}`)).statusCode).toBe(403);
  });
});

// spec 1 §2 "Deal detail: … update bid": the bid's terms change while its deal is open, never once it is closed.
describe('updating the bid of a deal', () => {
  const updateBid = (user: TestUser, deal: OpenDeal, overrides: Parameters<typeof validBid>[1]) =>
    t.app.inject(
      as(user, {
        method: 'PATCH',
        url: `/v4/home_loan_bids/${deal.bidId}`,
        payload: { home_loan_bid: validBid(deal.bidder.organisationUuid, overrides), confirmed_warnings: [...bidWarningCodes] },
      }),
    );

  it('its provider updates the bid of an open deal; the deal page and the bid show the new rate, the stage stays', async () => {
    const deal = await openDeal(t);
    await step(deal, { operation: 'contact' }, { stage: 'contacted', bid: 'contacted', post: 'opportunity' });
    const updated = await updateBid(deal.bidder, deal, { interest_rate: 5.25, comparison_rate: 5.35 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ uuid: deal.bidId, status: 'contacted', interest_rate: 5.25, comparison_rate: 5.35 });
    const read = await getDeal(deal.bidder, deal.dealId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ stage: 'contacted', bid: { uuid: deal.bidId, status: 'contacted', home_loan_bid: { interest_rate: 5.25, comparison_rate: 5.35 } } });
    const bid = await t.app.inject(as(deal.bidder, { method: 'GET', url: `/v4/home_loan_bids/${deal.bidId}` }));
    expect(bid.json()).toMatchObject({ status: 'contacted', interest_rate: 5.25 });
    // The auditors' replay shows the update among the deal's events, in the order they happened.
    const history = (await t.asAdmin({ method: 'GET', url: `/v1/deals/${deal.dealId}/history` })).json().events;
    expect(history.map((e: { stream: string; type: string }) => [e.stream, e.type])).toEqual([
      ['deal', 'DealOpened'],
      ['deal', 'DealActivityAdded'],
      ['bid', 'BidEdited'],
    ]);
    expect(history[2]).toMatchObject({ user_id: deal.bidder.id, data: { bid_id: deal.bidId, bid: { interest_rate: 5.25 } } });
  });

  it('an admin updates it too; another provider and the customer cannot, and nothing is written', async () => {
    const deal = await openDeal(t);
    const byAdmin = await updateBid(t.admin, deal, { interest_rate: 5.1, comparison_rate: 5.2 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await getDeal(deal.bidder, deal.dealId)).json().bid.home_loan_bid.interest_rate).toBe(5.1);
    const stranger = await provider(t);
    const before = await t.eventCount();
    expect((await updateBid(stranger, deal, { interest_rate: 4.9 })).statusCode).toBe(404);
    expect((await updateBid(deal.post.owner, deal, { interest_rate: 4.9 })).statusCode).toBe(403);
    expect(await t.eventCount()).toBe(before);
  });

  it('keeps the bid form bounds: out of bounds is 422 with field errors and writes nothing', async () => {
    const deal = await openDeal(t);
    const before = await t.eventCount();
    const refused = await updateBid(deal.bidder, deal, { interest_rate: 15.01 });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ 'home_loan_bid.interest_rate': ['Max value is 15'] });
    expect(await t.eventCount()).toBe(before);
  });

  it('a closed won deal’s bid is refused with 409 and nothing is written', async () => {
    const deal = await openDeal(t);
    await step(deal, { operation: 'contact' }, { stage: 'contacted', bid: 'contacted', post: 'opportunity' });
    await step(deal, { operation: 'application', amount: 440_000 }, { stage: 'applied', bid: 'applied', post: 'opportunity' });
    await step(deal, { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' }, { stage: 'closed_won', bid: 'closed_won', post: 'closed_won' });
    const before = await t.eventCount();
    for (const user of [deal.bidder, t.admin]) {
      const refused = await updateBid(user, deal, { interest_rate: 5.25, comparison_rate: 5.35 });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'BID_NOT_EDITABLE', detail: 'This deal is closed: its bid can no longer be updated.' });
    }
    expect(await t.eventCount()).toBe(before);
    expect((await getDeal(deal.bidder, deal.dealId)).json().bid.home_loan_bid.interest_rate).toBe(5.5);
  });
});

describe('the auditors’ replay', () => {
  it('answers every event of the deal’s stream in order with who and when, to admins only', async () => {
    const deal = await openDeal(t);
    expect((await addActivity(deal.bidder, deal.dealId, { operation: 'note', details: 'Left a message' })).statusCode).toBe(201);
    const history = await t.asAdmin({ method: 'GET', url: `/v1/deals/${deal.dealId}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const events = history.json().events;
    expect(events.map((e: { type: string; revision: number }) => [e.revision, e.type])).toEqual([
      [0, 'DealOpened'],
      [1, 'DealActivityAdded'],
    ]);
    expect(events[0]).toMatchObject({ user_id: deal.post.owner.id, data: { bid_id: deal.bidId, customer_id: deal.post.owner.id } });
    expect(events[1]).toMatchObject({ user_id: deal.bidder.id, data: { activity: { description: 'Left a message' } }, erased_fields: [] });
    expect((await t.app.inject(as(deal.bidder, { method: 'GET', url: `/v1/deals/${deal.dealId}/history` }))).statusCode).toBe(403);
  });
});

describe('bidding limits', () => {
  it('counts accepted and contacted deals against the limits: warning at 80%, maxed at 100%', async () => {
    const bidder = await provider(t);
    const limits = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${bidder.id}`, payload: { user: { fsp: { bids_accepted_limit: 2, bids_contacted_limit: 5 } } } });
    expect(limits.statusCode, limits.body).toBe(200);
    const url = `/v1/fsps/${bidder.id}/bidding_limits`;
    const read = (user: TestUser) => t.app.inject(as(user, { method: 'GET', url }));
    expect((await read(bidder)).json()).toEqual({
      provider_id: bidder.id,
      accepted: { used: 0, limit: 2, level: 'ok' },
      contacted: { used: 0, limit: 5, level: 'ok' },
      maxed: false,
    });
    const first = await openDeal(t, { bidder });
    await openDeal(t, { bidder });
    expect((await read(bidder)).json()).toMatchObject({ accepted: { used: 2, level: 'maxed' }, maxed: true });
    expect((await addActivity(bidder, first.dealId, { operation: 'contact' })).statusCode).toBe(201);
    expect((await read(t.admin)).json()).toMatchObject({ accepted: { used: 1, level: 'ok' }, contacted: { used: 1, level: 'ok' }, maxed: false });
    // Its organisation's manager may look; another provider may not.
    const manager = await provider(t, { organisationUuid: bidder.organisationUuid, permissions: { manage_permissions_for_fsps_within_org: true } });
    expect((await read(manager)).statusCode).toBe(200);
    expect((await read(await provider(t))).statusCode).toBe(403);
  });
});
