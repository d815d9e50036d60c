import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidView } from '../../contracts/bid';
import { bidTemplateView } from '../../contracts/bid-template';
import { type AutoBidOutcome, autoBidderReactor, autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { bidPosts } from '../../application/bids/bid-posts';
import { placeBidWorkflow } from '../../application/bids/place-bid';
import { type AutoBidRecord, replacedBidReason } from '../../domain/bid/auto-bid';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { type BidCancelled, type BidPlaced, bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import { bidFormSchema } from '../../domain/bid/schemas';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import { ProjectionRunner } from '../../projections/runner';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, placeBid, projectionsIdle, provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 3 §4 "Auto-bidding calls carry a bid action. A fixed reason says the bid was replaced by the broker."
// (docs/auto-bidding.md "Replacing the provider's earlier bid"): an auto-bid better for the customer than the
// provider's active bids on the post is placed, then they are cancelled with the fixed reason; one that is not better
// is not placed. Replays and a crash between the two steps cancel nothing twice. The trace it keeps is sealed with the
// post's customer's key and goes with the customer.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));

/** A template with the default rules (every test post meets them), bidding the given rates. */
async function template(who: TestProvider, name: string, rates: { interest_rate: number; comparison_rate: number } = { interest_rate: 5.5, comparison_rate: 5.6 }) {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid, rates);
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name, organisation_uuid: who.organisationUuid } });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json()).uuid;
}
async function activate(who: TestProvider, templateId: string, scope: 'only_new_posts' | 'open_posts') {
  const response = await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, { auto_bidding: true, scope });
  expect(response.statusCode, response.body).toBe(200);
}

type Row = { uuid: string; status: string; template_id: string | null };
const bidsOf = async (providerId: string, postId: string) =>
  (await sql<Row>`select uuid::text, status, template_id::text from bids where post_id = ${postId} and provider_id = ${providerId} order by created_at, uuid`.execute(t.database.db)).rows;
const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db)).rows[0]!.n;
const placedOf = async (bidId: string) => (await t.store.readStream(bidStream(bidId)))[0] as RecordedEvent<'BidPlaced', BidPlaced['data']>;
const cancellationsOf = async (bidId: string) =>
  (await t.store.readStream(bidStream(bidId))).filter((event) => event.type === 'BidCancelled') as RecordedEvent<'BidCancelled', BidCancelled['data']>[];
const lastActivation = async (templateId: string) => (await t.store.readStream(bidTemplateStream(templateId))).findLast((event) => event.type === 'AutoBiddingActivated')!;

describe('a template turned on for the open posts meets the provider’s hand-placed bids', () => {
  let lender: TestProvider;
  let competitor: TestProvider;
  let worse: ActivePost;
  let better: ActivePost;
  let worseHandBid: string;
  let betterHandBid: string;
  let rates: string;

  beforeAll(async () => {
    lender = await provider(t);
    competitor = await provider(t);
    worse = await activePost(t);
    better = await activePost(t);
    await projectionsIdle(t);
    // By hand: 5.90% on one post (the template's 5.60% is better for the customer), 5.00% on the other (it is not).
    worseHandBid = await placeBid(t, lender, worse.homeLoanId, { interest_rate: 5.8, comparison_rate: 5.9 });
    betterHandBid = await placeBid(t, lender, better.homeLoanId, { interest_rate: 4.9, comparison_rate: 5.0 });
    await placeBid(t, competitor, worse.homeLoanId, { interest_rate: 5.7, comparison_rate: 5.8 });
    rates = await template(lender, 'Standard variable');
    await activate(lender, rates, 'open_posts');
    await projectionsIdle(t);
  }, 300_000);

  it('the better auto-bid is placed with the bid action replace, then the hand bid is cancelled with the fixed reason', async () => {
    const autoBid = autoBidIdOf(rates, worse.postId);
    expect(await bidsOf(lender.id, worse.postId)).toEqual([
      { uuid: worseHandBid, status: 'cancelled', template_id: null },
      { uuid: autoBid, status: 'active', template_id: rates },
    ]);
    const placed = await placedOf(autoBid);
    const activation = await lastActivation(rates);
    expect(placed.data.auto_bid).toMatchObject({ template_id: rates, post_owner_id: worse.owner.id, bid_action: 'replace', replaces: [worseHandBid] } satisfies Partial<AutoBidRecord>);
    expect(placed.data.auto_bid!.trace!.find((entry) => entry.step === 'lvr')).toMatchObject({ rule: 'Maximum LVR', passed: true, post_value: '75.00%' });
    const [cancelled, ...more] = await cancellationsOf(worseHandBid);
    expect(more).toEqual([]);
    expect(cancelled!.data).toMatchObject({ reason: replacedBidReason, cancelled_by: lender.id });
    expect(replacedBidReason).toBe('Bid replaced by the broker.');
    // Placed first, so the provider is never without a bid on the post; both caused by the activation.
    expect(BigInt(cancelled!.position.commit)).toBeGreaterThan(BigInt(placed.position.commit));
    expect([placed.metadata.causation_id, cancelled!.metadata.causation_id]).toEqual([activation.id, activation.id]);
    // The competitor's bid is not the lender's to replace.
    expect((await bidsOf(competitor.id, worse.postId)).map((bid) => bid.status)).toEqual(['active']);
  });

  it('a hand bid better for the customer stays, and the template does not bid (reported as keeping it)', async () => {
    expect(await bidsOf(lender.id, better.postId)).toEqual([{ uuid: betterHandBid, status: 'active', template_id: null }]);
    expect(await t.store.readStream(bidStream(autoBidIdOf(rates, better.postId)))).toEqual([]);
    const outcomes: AutoBidOutcome[] = [];
    await autoBidderReactor({ report: (outcome) => outcomes.push(outcome) }).react([await lastActivation(rates)], { store: t.store, db: t.database.db });
    expect(outcomes.find((o) => o.post_id === better.postId)).toEqual({
      outcome: 'not_qualified',
      template_id: rates,
      post_id: better.postId,
      reason: `kept earlier bid ${betterHandBid}: as good or better`,
    });
    expect(outcomes.find((o) => o.post_id === worse.postId)).toMatchObject({ outcome: 'already_placed' });
  });

  it('the trace is sealed in the event store with the post’s customer’s key', async () => {
    const { rows } = await sql<{ trace: unknown }>`
      select data->'auto_bid'->'trace' as trace from events where stream_id = ${bidStream(autoBidIdOf(rates, worse.postId))} and type = 'BidPlaced'`.execute(t.database.db);
    expect(rows[0]!.trace).toMatchObject({ $pd: `user-${worse.owner.id}` });
  });

  it('the provider reads why on the bid; the customer and the competitor do not', async () => {
    const autoBid = autoBidIdOf(rates, worse.postId);
    const own = bidView.parse((await send(lender, 'GET', `/v4/home_loan_bids/${autoBid}`)).json());
    expect(own.auto_bid_why).toMatchObject({ bid_action: 'replace', replaces: [worseHandBid] });
    expect(own.auto_bid_why!.trace!.length).toBeGreaterThan(0);
    for (const who of [worse.owner, competitor]) {
      const listed = (await send(who, 'GET', `/v1/posts/${worse.postId}/home_loan_bids`)).json().result as { uuid: string; auto_bid_why: unknown }[];
      expect(listed.find((bid) => bid.uuid === autoBid)).toMatchObject({ auto_bid_why: null });
    }
  });
});

describe('several templates of one provider on a post published later', () => {
  let lender: TestProvider;
  let oldest: string;
  let cheaper: string;
  let dearer: string;
  let post: ActivePost;

  beforeAll(async () => {
    lender = await provider(t);
    oldest = await template(lender, 'Oldest', { interest_rate: 5.5, comparison_rate: 5.6 });
    cheaper = await template(lender, 'Cheaper', { interest_rate: 5.2, comparison_rate: 5.3 });
    dearer = await template(lender, 'Dearer', { interest_rate: 5.8, comparison_rate: 5.9 });
    for (const id of [oldest, cheaper, dearer]) await activate(lender, id, 'only_new_posts');
    await projectionsIdle(t);
    post = await activePost(t);
    await projectionsIdle(t);
  }, 300_000);

  it('they bid oldest first: the cheaper one replaces the oldest’s bid, the dearer one keeps it', async () => {
    const [first, second] = [autoBidIdOf(oldest, post.postId), autoBidIdOf(cheaper, post.postId)];
    expect(await bidsOf(lender.id, post.postId)).toEqual([
      { uuid: first, status: 'cancelled', template_id: oldest },
      { uuid: second, status: 'active', template_id: cheaper },
    ]);
    expect((await placedOf(first)).data.auto_bid).toMatchObject({ bid_action: 'new', replaces: [] });
    expect((await placedOf(second)).data.auto_bid).toMatchObject({ bid_action: 'replace', replaces: [first] });
    expect((await cancellationsOf(first)).map((event) => event.data.reason)).toEqual([replacedBidReason]);
    expect(await t.store.readStream(bidStream(autoBidIdOf(dearer, post.postId)))).toEqual([]);
  });

  it('a replay of the whole log places nothing and cancels nothing again', async () => {
    const before = await eventCount();
    await sql`update projection_builds set checkpoint_commit = 0, checkpoint_prepare = 0 where status = 'live' and name = 'auto-bidder'`.execute(t.database.db);
    await new ProjectionRunner({ db: t.database.db, store: t.store, consumers: [autoBidderReactor()] }).catchUp();
    await projectionsIdle(t);
    expect(await eventCount()).toBe(before);
    expect((await cancellationsOf(autoBidIdOf(oldest, post.postId))).length).toBe(1);
  });
});

describe('a crash between placing the auto-bid and cancelling the bid it replaces', () => {
  it('the next run finishes the cancellation, once', async () => {
    const lender = await provider(t);
    const post = await activePost(t);
    await projectionsIdle(t);
    const handBid = await placeBid(t, lender, post.homeLoanId, { interest_rate: 5.8, comparison_rate: 5.9 });
    const templateId = await template(lender, 'Crashed');
    // Turned on for new posts only: it has not bid on this one.
    await activate(lender, templateId, 'only_new_posts');
    await projectionsIdle(t);
    expect(await t.store.readStream(bidStream(autoBidIdOf(templateId, post.postId)))).toEqual([]);

    // What the auto-bidder appends before it cancels: the auto-bid, recording the bid it replaces. Then it "crashed".
    const placeBidNow = placeBidWorkflow({ db: t.database.db, store: t.store, ids: randomIds, clock: systemClock }, bidPosts({ db: t.database.db, store: t.store }));
    const autoBid = autoBidIdOf(templateId, post.postId);
    const placed = await placeBidNow(
      { caller: { userId: lender.id, userType: 'fsp', permissions: effectivePermissions('fsp', {}) }, correlationId: randomIds.uuid(), causationId: randomIds.uuid() },
      {
        postId: post.postId,
        bid: bidFormSchema.parse({ ...validBid(lender.organisationUuid), home_loan_bid_template_uuid: templateId }),
        confirmedWarnings: [...bidWarningCodes],
        bidId: autoBid,
        autoBid: { template_id: templateId, post_owner_id: post.owner.id, bid_action: 'replace', replaces: [handBid], trace: [] },
      },
    );
    expect(placed.ok).toBe(true);
    await projectionsIdle(t);
    expect((await bidsOf(lender.id, post.postId)).map((bid) => bid.status)).toEqual(['active', 'active']);

    // The auto-bidder meets the post again (a rescan): the bid is placed already; the replacement is finished.
    const rescan = { ...(await lastActivation(templateId)), data: { ...((await lastActivation(templateId)).data as object), action: 'rescan' } };
    const outcomes: AutoBidOutcome[] = [];
    const reactor = autoBidderReactor({ report: (outcome) => outcomes.push(outcome) });
    await reactor.react([rescan], { store: t.store, db: t.database.db });
    expect(outcomes.find((o) => o.post_id === post.postId)).toEqual({ outcome: 'already_placed', template_id: templateId, post_id: post.postId, bid_id: autoBid });
    expect((await cancellationsOf(handBid)).map((event) => event.data.reason)).toEqual([replacedBidReason]);
    const after = await eventCount();
    await reactor.react([rescan], { store: t.store, db: t.database.db });
    expect(await eventCount()).toBe(after);
    expect((await cancellationsOf(handBid)).length).toBe(1);
  }, 300_000);
});

describe('the customer is deleted', () => {
  it('the trace of the auto-bid on their post reads as empty, live and from the events; the rest of the why stays', async () => {
    const lender = await provider(t);
    const templateId = await template(lender, 'Erased');
    await activate(lender, templateId, 'only_new_posts');
    await projectionsIdle(t);
    const post = await activePost(t);
    await projectionsIdle(t);
    const autoBid = autoBidIdOf(templateId, post.postId);
    expect(bidView.parse((await send(lender, 'GET', `/v4/home_loan_bids/${autoBid}`)).json()).auto_bid_why!.trace!.length).toBeGreaterThan(0);

    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${post.owner.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await settle(t, deleted.headers['x-position']);
    await projectionsIdle(t);
    expect(bidView.parse((await send(lender, 'GET', `/v4/home_loan_bids/${autoBid}`)).json()).auto_bid_why).toEqual({ bid_action: 'new', replaces: [], trace: null });
    expect((await placedOf(autoBid)).data.auto_bid).toMatchObject({ template_id: templateId, trace: null });
  }, 300_000);
});
