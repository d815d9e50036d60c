import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateView } from '../../contracts/bid-template';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { bidStream } from '../../domain/bid/events';
import { postStream } from '../../domain/post/events';
import { defaultPermissions } from '../../domain/user/permissions';
import { handleCommand } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { type AutoBidOutcome, autoBidderReactor, autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { ProjectionRunner } from '../../projections/runner';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// The auto-bidder (docs/auto-bidding.md "The auto-bidder"): a post published → every template active then whose
// rules the post meets bids once, through the hand-placed bid's workflow; a replay bids nothing more.

let t: TestApp;
let owner: TestProvider;
let other: TestProvider;

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  other = await provider(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));

async function template(who: TestProvider, name: string) {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid);
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name, organisation_uuid: who.organisationUuid } });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json()).uuid;
}
async function activate(who: TestProvider, templateId: string, body: object = { auto_bidding: true }) {
  const response = await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, body);
  expect(response.statusCode, response.body).toBe(200);
}
async function expire(templateId: string) {
  const actor = { user_id: t.admin.id, user_type: 'admin' as const, organisation_uuid: null, permissions: defaultPermissions('admin') };
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const result = await handleCommand({
    store: t.store,
    ids: randomIds,
    streamId: bidTemplateStream(templateId),
    decider: bidTemplateDecider,
    command: { type: 'ExpireAutoBidding', data: { template_id: templateId }, metadata: { actor, now: later } },
    context: { userId: t.admin.id, correlationId: randomIds.uuid(), causationId: null, now: new Date(later) },
  });
  expect(result.ok).toBe(true);
}

type BidRow = { uuid: string; template_id: string | null; provider_id: string; interest_rate: number; comparison_rate: number; maximum_lvr: number };
const bidsOn = async (postId: string) =>
  (await sql<BidRow>`select uuid::text, template_id::text, provider_id::text, interest_rate, comparison_rate, maximum_lvr from bids where post_id = ${postId} order by uuid`.execute(t.database.db)).rows;
const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db)).rows[0]!.n;

describe('bidding when a post is published', () => {
  let suspended: TestProvider;
  let suspendedTemplate: string;
  let active: string;
  let turnedOff: string;
  let matching: ActivePost;
  let tooLarge: ActivePost;

  beforeAll(async () => {
    // The oldest active template, whose provider is suspended after turning it on: refused, the others bid all the same.
    suspended = await provider(t);
    suspendedTemplate = await template(suspended, 'Suspended provider');
    await activate(suspended, suspendedTemplate);
    const suspension = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${suspended.id}`, payload: { user: { status: 'suspended' } } });
    expect(suspension.statusCode, suspension.body).toBe(200);

    active = await template(owner, 'Refinancers up to 500k');
    // Loans up to 500,000; the interest rate 0.10 lower than the template's 5.50 on every post.
    const rules = await send(owner, 'POST', `/v4/home_loan_bid_templates/${active}/template_qualifying_rules`, {
      template_qualifying_rules: [
        { rule_field: 'maximum_lvr', min_value: 0, max_value: 95 },
        { rule_field: 'loan_amount', min_value: 200_000, max_value: 500_000 },
      ],
    });
    expect(rules.statusCode, rules.body).toBeLessThan(300);
    const modifier = await send(owner, 'POST', `/v2/home_loan_bid_templates/${active}/template_conditional_fields`, {
      template_conditional_field: { bid_field: 'interest_rate', conditions: [], modifier: { type: 'reduce_base_value', value: 0.1 } },
    });
    expect(modifier.statusCode, modifier.body).toBe(201);
    await activate(owner, active);

    // Templates that bid nothing: never turned on, turned off, expired (all with the default rules every post meets).
    await template(other, 'Never turned on');
    turnedOff = await template(other, 'Turned off');
    await activate(other, turnedOff);
    expect((await send(other, 'PATCH', `/v4/home_loan_bid_templates/${turnedOff}/auto_bidding`, { auto_bidding: false })).statusCode).toBe(200);
    const expired = await template(other, 'Expired');
    await activate(other, expired);
    await expire(expired);
    await projectionsIdle(t);

    matching = await activePost(t); // 450,000 on 600,000
    tooLarge = await activePost(t, { loan: { loan_amount: 550_000, property_market_value: 800_000 } });
    await projectionsIdle(t);
  }, 300_000);

  it('a matching post gets exactly one bid from the active template, with its values after the modifiers', async () => {
    const bids = await bidsOn(matching.postId);
    expect(bids).toEqual([{ uuid: autoBidIdOf(active, matching.postId), template_id: active, provider_id: owner.id, interest_rate: 5.4, comparison_rate: 5.6, maximum_lvr: 80 }]);
    // Placed automatically: its events name the post's publication as their cause (a person's bid has none).
    const [placed] = await t.store.readStream(bidStream(bids[0]!.uuid));
    const published = (await t.store.readStream(postStream(matching.postId))).find((event) => event.type === 'PostPublished')!;
    expect(placed).toMatchObject({ type: 'BidPlaced', metadata: { user_id: owner.id, causation_id: published.id } });
  });

  it('a post outside the template’s rules gets none, nor does any template that is not active', async () => {
    expect(await bidsOn(tooLarge.postId)).toEqual([]);
  });

  it('the workflow’s refusal (a suspended provider) places nothing, stops that template and not the templates after it', async () => {
    expect((await bidsOn(matching.postId)).filter((bid) => bid.provider_id === suspended.id)).toEqual([]);
    expect(await t.store.readStream(bidStream(autoBidIdOf(suspendedTemplate, matching.postId)))).toEqual([]);
    // The first post published after the suspension stopped it (tests/api/auto-bidding-stops.int.test.ts has the rest).
    expect((await t.store.readStream(bidTemplateStream(suspendedTemplate))).map((event) => event.type)).toEqual(['BidTemplateCreated', 'AutoBiddingActivated', 'AutoBiddingStopped']);
    const outcomes: AutoBidOutcome[] = [];
    const published = (await t.store.readStream(postStream(matching.postId))).find((event) => event.type === 'PostPublished')!;
    await autoBidderReactor({ report: (outcome) => outcomes.push(outcome) }).react([published], { store: t.store, db: t.database.db });
    // Reacting again: the stopped template is no longer active, the other one has bid.
    expect(outcomes).toEqual([{ outcome: 'already_placed', template_id: active, post_id: matching.postId, bid_id: autoBidIdOf(active, matching.postId) }]);
  });

  it('reacting again (a replay) adds nothing', async () => {
    const before = await eventCount();
    await sql`update projection_builds set checkpoint_commit = 0, checkpoint_prepare = 0 where status = 'live' and name = 'auto-bidder'`.execute(t.database.db);
    await new ProjectionRunner({ db: t.database.db, store: t.store, consumers: [autoBidderReactor()] }).catchUp();
    await projectionsIdle(t);
    expect(await eventCount()).toBe(before);
    expect((await bidsOn(matching.postId)).map((bid) => bid.uuid)).toEqual([autoBidIdOf(active, matching.postId)]);
  });

  it('a first activation with open_posts bids on the posts open now; with only_new_posts on none of them', async () => {
    const opener = await provider(t);
    const openPosts = await template(opener, 'Open posts too');
    const newOnly = await template(opener, 'New posts only');
    await activate(opener, newOnly, { auto_bidding: true, scope: 'only_new_posts' });
    await activate(opener, openPosts, { auto_bidding: true, scope: 'open_posts' });
    await projectionsIdle(t);
    for (const post of [matching, tooLarge]) {
      expect((await bidsOn(post.postId)).filter((bid) => bid.provider_id === opener.id)).toMatchObject([{ uuid: autoBidIdOf(openPosts, post.postId), template_id: openPosts, interest_rate: 5.5 }]);
    }
  });

  it('turning a template on again rescans the open posts, once', async () => {
    const events = await eventCount();
    await activate(other, turnedOff);
    await projectionsIdle(t);
    for (const post of [matching, tooLarge]) {
      expect((await bidsOn(post.postId)).filter((bid) => bid.template_id === turnedOff).map((bid) => bid.uuid)).toEqual([autoBidIdOf(turnedOff, post.postId)]);
    }
    const afterRescan = await eventCount();
    expect(afterRescan).toBeGreaterThan(events);
    // Again: a rescan finds its bids placed and appends only the activation.
    await activate(other, turnedOff);
    await projectionsIdle(t);
    expect(await eventCount()).toBe(afterRescan + 1);
  });

  it('a template whose expiry passed before the publication bids nothing, whatever its status says', async () => {
    const outcomes: AutoBidOutcome[] = [];
    const reactor = autoBidderReactor({ report: (outcome) => outcomes.push(outcome) });
    const published = (await t.store.readStream(postStream(matching.postId))).find((event) => event.type === 'PostPublished')!;
    await reactor.react([published], { store: t.store, db: t.database.db });
    expect(outcomes.filter((o) => o.template_id === active)).toEqual([{ outcome: 'already_placed', template_id: active, post_id: matching.postId, bid_id: autoBidIdOf(active, matching.postId) }]);
    outcomes.length = 0;
    const afterExpiry = { ...published, data: { ...(published.data as object), published_at: new Date(Date.now() + 15 * 86_400_000).toISOString() } };
    await reactor.react([afterExpiry], { store: t.store, db: t.database.db });
    expect(outcomes).toEqual([]);
  });
});

// spec 1 §2 "auto-bidding controls" (docs/post-lifecycle.md "Auto-bids on a post"): an admin stops the auto-bids on an
// active auction post; no template bids on it while stopped (a rescan passes it by); resuming bids at once.
describe('an admin stops and resumes the auto-bids on a post', () => {
  let bidder: TestProvider;
  let rescanned: string;
  let stopped: ActivePost;
  let open: ActivePost;
  const operation = (who: Who, postId: string, name: string) => send(who, 'PATCH', `/v2/posts/${postId}`, { operation: name });

  beforeAll(async () => {
    bidder = await provider(t);
    rescanned = await template(bidder, 'Rescanned after the stop');
    stopped = await activePost(t);
    open = await activePost(t);
    await projectionsIdle(t);
  }, 300_000);

  it('only an admin stops them; the post then says so', async () => {
    const before = await eventCount();
    // The post's customer is refused by the post (an admin's control); a provider never reaches it.
    expect((await operation(stopped.owner, stopped.postId, 'stop_auto_bids')).json()).toMatchObject({ status: 403, code: 'POST_ACTION_NOT_ALLOWED' });
    expect([403, 404]).toContain((await operation(bidder, stopped.postId, 'stop_auto_bids')).statusCode);
    expect(await eventCount()).toBe(before);
    const answer = await operation(t.admin, stopped.postId, 'stop_auto_bids');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ uuid: stopped.postId, auto_bids_stopped: true });
    const changed = (await t.store.readStream(postStream(stopped.postId))).filter((event) => event.type === 'AutoBidsOnPostChanged');
    expect(changed.map((event) => event.data)).toEqual([{ post_id: stopped.postId, owner_id: stopped.owner.id, stopped: true, changed_by: t.admin.id }]);
  });

  it('a template turned on with open_posts bids on the other open posts, not on the stopped one', async () => {
    await activate(bidder, rescanned, { auto_bidding: true, scope: 'open_posts' });
    await projectionsIdle(t);
    expect((await bidsOn(open.postId)).filter((bid) => bid.template_id === rescanned).map((bid) => bid.uuid)).toEqual([autoBidIdOf(rescanned, open.postId)]);
    // (The templates active before the stop bid on it at publication; those bids stay.)
    expect((await bidsOn(stopped.postId)).filter((bid) => bid.template_id === rescanned)).toEqual([]);
    expect(await t.store.readStream(bidStream(autoBidIdOf(rescanned, stopped.postId)))).toEqual([]);
    const outcomes: AutoBidOutcome[] = [];
    // Reacting to the activation again reports why the stopped post was passed by.
    const activation = (await t.store.readStream(bidTemplateStream(rescanned))).findLast((event) => event.type === 'AutoBiddingActivated')!;
    await autoBidderReactor({ report: (outcome) => outcomes.push(outcome) }).react([activation], { store: t.store, db: t.database.db });
    expect(outcomes.filter((o) => o.post_id === stopped.postId)).toEqual([{ outcome: 'not_qualified', template_id: rescanned, post_id: stopped.postId, reason: 'auto-bids stopped on this post' }]);
  });

  it('resuming lets every template active now bid on the post at once', async () => {
    const answer = await operation(t.admin, stopped.postId, 'resume_auto_bids');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ auto_bids_stopped: false });
    await projectionsIdle(t);
    expect((await bidsOn(stopped.postId)).filter((bid) => bid.template_id === rescanned).map((bid) => bid.uuid)).toEqual([autoBidIdOf(rescanned, stopped.postId)]);
  });

  it('a post no longer in bidding refuses the control', async () => {
    expect((await operation(t.admin, open.postId, 'end_bidding_period')).statusCode).toBe(200);
    const refused = await operation(t.admin, open.postId, 'stop_auto_bids');
    expect(refused.json()).toMatchObject({ code: 'POST_STATUS_NOT_ALLOWED' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });
});

