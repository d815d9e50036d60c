import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidView, bidView, postBidsView } from '../../contracts/bid';
import { bidTemplateView } from '../../contracts/bid-template';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, placeBid, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// "Placed automatically by template X" (docs/auto-bidding.md "Placed automatically", "Why this bid"): the bid's
// organisation and admins read which template placed an auto-bid (a link where they may open it) and why (its rule
// trace); the post's customer only that it was automatic; a competing provider neither. A hand-placed bid naming a
// template was not placed automatically.

let t: TestApp;
let owner: TestProvider;
let colleague: TestProvider;
let seesTemplates: TestProvider;
let hand: TestProvider;
let post: ActivePost;
let autoTemplate: string;
let handTemplate: string;
let autoBid: string;
let handBid: string;

type Who = Pick<TestUser, 'headers'>;
const get = async (who: Who, url: string) => {
  const response = await t.app.inject(as(who, { method: 'GET', url }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function template(who: TestProvider, name: string) {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid);
  const response = await t.app.inject(as(who, { method: 'POST', url: '/v4/home_loan_bid_templates', payload: { home_loan_bid_template: { ...bid, name, organisation_uuid: who.organisationUuid } } }));
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json()).uuid;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  // Both see the organisation's bids; only the second its templates (spec 3 §6).
  colleague = await provider(t, {
    organisationUuid: owner.organisationUuid,
    permissions: { view_all_within_organisation: true, view_bid_templates_within_organisation: false, update_organisation_bid_template: false },
  });
  seesTemplates = await provider(t, { organisationUuid: owner.organisationUuid, permissions: { view_all_within_organisation: true, view_bid_templates_within_organisation: true } });
  hand = await provider(t);
  autoTemplate = await template(owner, 'Refinancers up to 500k');
  const activation = await t.app.inject(as(owner, { method: 'PATCH', url: `/v4/home_loan_bid_templates/${autoTemplate}/auto_bidding`, payload: { auto_bidding: true } }));
  expect(activation.statusCode, activation.body).toBe(200);
  // Never turned on: the provider fills a bid from it by hand.
  handTemplate = await template(hand, 'My usual offer');
  await projectionsIdle(t);
  post = await activePost(t);
  await projectionsIdle(t);
  autoBid = autoBidIdOf(autoTemplate, post.postId);
  handBid = await placeBid(t, hand, post.homeLoanId, { home_loan_bid_template_uuid: handTemplate, interest_rate: 5.2 });
  await projectionsIdle(t);
}, 300_000);
afterAll(async () => {
  await t.close();
});

const byId = (views: BidView[], id: string) => views.find((view) => view.uuid === id)!;
const postBids = async (who: Who) => postBidsView.parse(await get(who, `/v1/posts/${post.postId}/home_loan_bids`)).result;

describe('the read model', () => {
  it('keeps the template that placed a bid automatically, and none for a bid placed by hand from a template', async () => {
    const { rows } = await sql<{ uuid: string; template_id: string | null; auto_bid_template_id: string | null }>`
      select uuid::text, template_id::text, auto_bid_template_id::text from bids where post_id = ${post.postId} order by created_at`.execute(t.database.db);
    expect(rows).toEqual([
      { uuid: autoBid, template_id: autoTemplate, auto_bid_template_id: autoTemplate },
      { uuid: handBid, template_id: handTemplate, auto_bid_template_id: null },
    ]);
  });
});

describe('who sees what', () => {
  const named = (mayOpen: boolean) => ({ placed_automatically: true, auto_bid_template: { uuid: autoTemplate, name: 'Refinancers up to 500k', may_open: mayOpen } });
  /** The why: a new bid (the provider held none on the post), its rules passed, the post's LVR against the bid's. */
  const expectWhy = (view: BidView) => {
    expect(view.auto_bid_why).toMatchObject({ bid_action: 'new', replaces: [] });
    expect(view.auto_bid_why!.trace).toContainEqual({ step: 'lvr', rule: 'Maximum LVR', passed: true, post_value: '75.00%', bound: 'at most 80.00%', detail: null });
  };

  it('the provider reads "placed automatically by" its template, on the bid and in its list, and may open it', async () => {
    const view = bidView.parse(await get(owner, `/v4/home_loan_bids/${autoBid}`));
    expect(view).toMatchObject(named(true));
    expect(view.home_loan_bid.home_loan_bid_template_uuid).toBe(autoTemplate);
    expectWhy(view);
    const list = (await get(owner, `/v4/home_loan_bids?filter[post_id]=${post.postId}`)).result as BidView[];
    expect(list.map((row) => [row.uuid, row.placed_automatically, row.auto_bid_template?.name])).toEqual([[autoBid, true, 'Refinancers up to 500k']]);
  });

  it('admins read the template and may open it; a hand-placed bid from a template reads as placed by hand', async () => {
    const list = (await get(t.admin, `/v5/home_loan_bids?filter[post_id]=${post.postId}`)).result as BidView[];
    expect(byId(list, autoBid)).toMatchObject(named(true));
    expectWhy(byId(list, autoBid));
    expect(byId(list, handBid)).toMatchObject({ placed_automatically: false, auto_bid_template: null, auto_bid_why: null });
    expect(byId(list, handBid).home_loan_bid.home_loan_bid_template_uuid).toBe(handTemplate);
  });

  it('a colleague reads the template’s name; only one who may see the organisation’s templates gets the link and why', async () => {
    // The why quotes the template's rules, which this colleague may not open.
    expect(bidView.parse(await get(colleague, `/v4/home_loan_bids/${autoBid}`))).toMatchObject({ ...named(false), auto_bid_why: null });
    expect(bidView.parse(await get(seesTemplates, `/v4/home_loan_bids/${autoBid}`))).toMatchObject(named(true));
    expectWhy(bidView.parse(await get(seesTemplates, `/v4/home_loan_bids/${autoBid}`)));
  });

  it('the customer reads only that the bid was placed automatically: no template, not even its uuid', async () => {
    const bids = await postBids(post.owner);
    expect(byId(bids, autoBid)).toMatchObject({ placed_automatically: true, auto_bid_template: null, auto_bid_why: null });
    expect(byId(bids, handBid)).toMatchObject({ placed_automatically: false, auto_bid_template: null });
    for (const bid of bids) expect(bid.home_loan_bid.home_loan_bid_template_uuid).toBeNull();
  });

  it('a competing provider reads neither how a bid was placed nor its template; its own bid reads as its own', async () => {
    const bids = await postBids(hand);
    expect(byId(bids, autoBid)).toMatchObject({ placed_automatically: null, auto_bid_template: null, auto_bid_why: null });
    expect(byId(bids, autoBid).home_loan_bid.home_loan_bid_template_uuid).toBeNull();
    expect(byId(bids, handBid)).toMatchObject({ placed_automatically: false, auto_bid_template: null });
    expect(byId(bids, handBid).home_loan_bid.home_loan_bid_template_uuid).toBe(handTemplate);
  });
});
