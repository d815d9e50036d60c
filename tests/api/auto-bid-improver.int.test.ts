import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoBidImproverReactor } from '../../application/bid-templates/auto-bid-improver';
import { autoBidIdOf } from '../../application/bid-templates/auto-bidder';
import { autoBidImprovementsView } from '../../contracts/auto-bid-improvement';
import { bidTemplateView } from '../../contracts/bid-template';
import { type AutoBidImproved, autoBidImprovementsDecider, autoBidImprovementsStream } from '../../domain/bid-template/auto-bid-improvements';
import { improvementMessages } from '../../domain/bid-template/improvement';
import { bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import type { BidFormInput } from '../../domain/bid/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import { ProjectionRunner } from '../../projections/runner';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, placeBid, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Floor and step (issue 29 item 7, docs/auto-bidding.md "Floor and step"), on a real PostgreSQL with the product's
// consumers running: another organisation's bid beats an auto-bid → the auto-bid improves one step through the bid's
// edit workflow, never below the floor, at most the set number of times per post; two templates outbidding each other
// stop; a replay adds nothing; a crash between the improvement and its edit is finished later.

let t: TestApp;
let lender: TestProvider;
let rival: TestProvider;

beforeAll(async () => {
  t = await createTestApp();
  lender = await provider(t);
  rival = await provider(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
type Setting = { floor_comparison_rate: number; step: number; max_improvements_per_post: number };

/** A template bidding `validBid`'s terms (5.50%, comparison 5.60%) or `rates`, with a floor and step, turned on. */
async function improvingTemplate(who: TestProvider, name: string, setting: Setting | null, rates: Partial<BidFormInput> = {}) {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(who.organisationUuid, rates);
  const created = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name, organisation_uuid: who.organisationUuid } });
  expect(created.statusCode, created.body).toBe(201);
  const templateId = bidTemplateView.parse(created.json()).uuid;
  if (setting) {
    const set = await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/improvement`, { improvement: setting });
    expect(set.statusCode, set.body).toBe(200);
  }
  const activated = await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, { auto_bidding: true });
  expect(activated.statusCode, activated.body).toBe(200);
  made.push({ who, templateId });
  return templateId;
}
/** Every template this file turned on, so a test can start with none bidding. */
const made: { who: TestProvider; templateId: string }[] = [];
async function turnOffEveryTemplate() {
  for (const { who, templateId } of made.splice(0)) expect((await send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, { auto_bidding: false })).statusCode).toBe(200);
}

const ratesOf = async (bidId: string) =>
  (await sql<{ interest_rate: number; comparison_rate: number }>`select interest_rate, comparison_rate from bids where uuid = ${bidId}`.execute(t.database.db)).rows[0];
const improvementsOf = async (bidId: string) => (await t.store.readStream(autoBidImprovementsStream(bidId))) as unknown as (AutoBidImproved & { id: string })[];
const comparisonSteps = async (bidId: string) => (await improvementsOf(bidId)).map((event) => [event.data.from.comparison_rate, event.data.to.comparison_rate]);
async function editHandBid(who: TestProvider, bidId: string, rates: Partial<BidFormInput>) {
  const edited = await send(who, 'PATCH', `/v4/home_loan_bids/${bidId}`, { home_loan_bid: validBid(who.organisationUuid, rates), confirmed_warnings: [...bidWarningCodes] });
  expect(edited.statusCode, edited.body).toBe(200);
  await projectionsIdle(t);
}
/** A post every template here bids on, with the consumers caught up (the auto-bids placed). */
async function publishedPost(): Promise<ActivePost> {
  const post = await activePost(t);
  await projectionsIdle(t);
  return post;
}

describe('the setting', () => {
  it('is set, shown on the template, refused with the field when wrong, and cleared', async () => {
    const created = await send(lender, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...validBid(lender.organisationUuid), name: 'Setting' } });
    const id = bidTemplateView.parse(created.json()).uuid;
    const url = `/v4/home_loan_bid_templates/${id}/improvement`;
    const setting = { floor_comparison_rate: 5.3, step: 0.05, max_improvements_per_post: 3 };
    const set = await send(lender, 'PATCH', url, { improvement: setting });
    expect(set.statusCode, set.body).toBe(200);
    expect(bidTemplateView.parse(set.json()).improvement).toEqual(setting);
    const events = await t.eventCount();
    const refusals: [object, Record<string, string[]>][] = [
      [{ ...setting, floor_comparison_rate: 5.6 }, { 'improvement.floor_comparison_rate': [improvementMessages.floorBelowRate(5.6)] }],
      [{ ...setting, floor_comparison_rate: 1.2 }, { 'improvement.floor_comparison_rate': [improvementMessages.floorMin] }],
      [{ ...setting, step: 0 }, { 'improvement.step': [improvementMessages.step] }],
      [{ ...setting, max_improvements_per_post: 0 }, { 'improvement.max_improvements_per_post': [improvementMessages.count] }],
    ];
    for (const [improvement, errors] of refusals) {
      const refused = await send(lender, 'PATCH', url, { improvement });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'BID_TEMPLATE_INVALID', errors });
    }
    for (const body of [{}, { improvement: 'yes' }, { improvement: setting, extra: 1 }]) expect((await send(lender, 'PATCH', url, body)).statusCode, JSON.stringify(body)).toBe(422);
    // Nothing written by a refusal; a stale revision is a 409; another organisation's provider does not find it.
    expect(await t.eventCount()).toBe(events);
    expect((await send(lender, 'PATCH', url, { improvement: null, revision: 0 })).statusCode).toBe(409);
    expect((await send(rival, 'PATCH', url, { improvement: null })).statusCode).toBe(404);
    const cleared = await send(lender, 'PATCH', url, { improvement: null });
    expect(bidTemplateView.parse(cleared.json()).improvement).toBeNull();
  });
});

describe('two templates outbidding each other', () => {
  it('take turns, each a step below the other, and stop at their floors', async () => {
    const third = await provider(t);
    const first = await improvingTemplate(rival, 'Floor 5.00', { floor_comparison_rate: 5, step: 0.1, max_improvements_per_post: 10 });
    const second = await improvingTemplate(third, 'Floor 5.05', { floor_comparison_rate: 5.05, step: 0.1, max_improvements_per_post: 10 }, { interest_rate: 5.55, comparison_rate: 5.65 });
    await projectionsIdle(t);
    const post = await publishedPost();
    // A hand bid beating both starts it, whichever auto-bid was placed first.
    await placeBid(t, lender, post.homeLoanId, { interest_rate: 5.48, comparison_rate: 5.58 });
    await projectionsIdle(t);
    const [a, b] = [autoBidIdOf(first, post.postId), autoBidIdOf(second, post.postId)];
    expect(await ratesOf(a)).toEqual({ interest_rate: 4.9, comparison_rate: 5 });
    expect(await ratesOf(b)).toEqual({ interest_rate: 4.95, comparison_rate: 5.05 });
    expect((await comparisonSteps(a)).map(([, to]) => to)).toEqual([5.5, 5.4, 5.3, 5.2, 5.1, 5]);
    expect((await comparisonSteps(b)).map(([, to]) => to)).toEqual([5.55, 5.45, 5.35, 5.25, 5.15, 5.05]);
    // Turned off, so the posts below meet only their own templates.
    for (const [who, id] of [[rival, first], [third, second]] as const) expect((await send(who, 'PATCH', `/v4/home_loan_bid_templates/${id}/auto_bidding`, { auto_bidding: false })).statusCode).toBe(200);
    await projectionsIdle(t);
  }, 300_000);
});

describe('a crash between an improvement and its edit', () => {
  it('is finished at the next reaction, and the beat it answered is not answered twice', async () => {
    const templateId = await improvingTemplate(lender, 'Crashed midway', { floor_comparison_rate: 5, step: 0.05, max_improvements_per_post: 5 });
    await projectionsIdle(t);
    const post = await publishedPost();
    const autoBid = autoBidIdOf(templateId, post.postId);
    // What a crash leaves: the improvement recorded (with its derived id), the bid not yet edited.
    const cause = randomIds.uuid();
    const recorded = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: autoBidImprovementsStream(autoBid),
      decider: autoBidImprovementsDecider,
      command: {
        type: 'ImproveAutoBid',
        data: { bid_id: autoBid, post_id: post.postId, template_id: templateId, setting: { floor_comparison_rate: 5, step: 0.05, max_improvements_per_post: 5 }, beaten_by_bid_id: cause, beaten_by_comparison_rate: 5.5, cause_event_id: cause, current: { interest_rate: 5.5, comparison_rate: 5.6 }, now: new Date().toISOString() },
      },
      context: { userId: null, correlationId: cause, causationId: cause, now: new Date() },
      eventId: (event) => derivedUuid('auto-bid-improvement', autoBid, String(event.data.number), event.type),
    });
    expect(recorded).toMatchObject({ ok: true, eventCount: 1 });
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.5, comparison_rate: 5.6 });
    // A bid that does not beat the improved rate: the pending edit is made, and nothing more.
    await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.45, comparison_rate: 5.58 });
    await projectionsIdle(t);
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.45, comparison_rate: 5.55 });
    expect(await comparisonSteps(autoBid)).toEqual([[5.6, 5.55]]);
    const edits = (await t.store.readStream(bidStream(autoBid))).filter((event) => event.type === 'BidEdited');
    expect(edits.map((event) => event.metadata.causation_id)).toEqual([derivedUuid('auto-bid-improvement', autoBid, '1', 'AutoBidImproved')]);
  }, 300_000);
});

describe('a hand bid beats an auto-bid', () => {
  let templateId: string;
  let post: ActivePost;
  let autoBid: string;
  let handBid: string;
  let improver: TestProvider;

  beforeAll(async () => {
    // Floor 5.45, step 0.05, at most 3 times per post; it bids 5.50% (comparison 5.60%). A provider of its own: a
    // provider's later template bids only where it beats the provider's own auto-bids (docs/auto-bidding.md).
    improver = await provider(t);
    templateId = await improvingTemplate(improver, 'Improves to 5.45', { floor_comparison_rate: 5.45, step: 0.05, max_improvements_per_post: 3 });
    await projectionsIdle(t);
    post = await publishedPost();
    autoBid = autoBidIdOf(templateId, post.postId);
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.5, comparison_rate: 5.6 });
    handBid = await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.55 });
    await projectionsIdle(t);
  }, 300_000);

  it('improves one step, through the bid’s edit, recorded with the bid that beat it', async () => {
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.45, comparison_rate: 5.55 });
    const [improved] = await improvementsOf(autoBid);
    expect(improved).toMatchObject({
      type: 'AutoBidImproved',
      id: derivedUuid('auto-bid-improvement', autoBid, '1', 'AutoBidImproved'),
      data: { number: 1, template_id: templateId, post_id: post.postId, from: { interest_rate: 5.5, comparison_rate: 5.6 }, to: { interest_rate: 5.45, comparison_rate: 5.55 }, beaten_by_bid_id: handBid, beaten_by_comparison_rate: 5.55 },
    });
    // The edit is the bid's own BidEdited, by its provider, naming the improvement as its cause.
    const edits = (await t.store.readStream(bidStream(autoBid))).filter((event) => event.type === 'BidEdited');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ metadata: { user_id: improver.id, causation_id: improved!.id } });
  });

  it('improves again on each later beat, down to the floor, and stops there', async () => {
    await editHandBid(rival, handBid, { interest_rate: 5.3, comparison_rate: 5.5 });
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.4, comparison_rate: 5.5 });
    await editHandBid(rival, handBid, { interest_rate: 5.3, comparison_rate: 5.45 });
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.35, comparison_rate: 5.45 });
    // At the floor: a better bid moves it no further.
    await editHandBid(rival, handBid, { interest_rate: 5.2, comparison_rate: 5.4 });
    expect(await ratesOf(autoBid)).toEqual({ interest_rate: 5.35, comparison_rate: 5.45 });
    expect(await comparisonSteps(autoBid)).toEqual([
      [5.6, 5.55],
      [5.55, 5.5],
      [5.5, 5.45],
    ]);
  });

  it('the audit reads each improvement with the bid that beat it, for the bid’s own side only', async () => {
    const audit = await send(improver, 'GET', `/v4/home_loan_bids/${autoBid}/improvements`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(autoBidImprovementsView.parse(audit.json())).toMatchObject({
      bid_uuid: autoBid,
      template: { uuid: templateId, name: 'Improves to 5.45' },
      improvements: [
        // The bid that beat it is named by its lender (the screens never show its id).
        { number: 1, from: { comparison_rate: 5.6 }, to: { comparison_rate: 5.55 }, beaten_by_bid_uuid: handBid, beaten_by_lender: rival.organisationName, beaten_by_comparison_rate: 5.55, refused: null },
        { number: 2, to: { comparison_rate: 5.5 }, beaten_by_comparison_rate: 5.5 },
        { number: 3, to: { comparison_rate: 5.45 }, setting: { floor_comparison_rate: 5.45, step: 0.05, max_improvements_per_post: 3 } },
      ],
    });
    expect((await t.asAdmin({ method: 'GET', url: `/v4/home_loan_bids/${autoBid}/improvements` })).statusCode).toBe(200);
    // The competitor whose bid beat it, and the post's customer, learn nothing of the template's floor and step.
    expect((await send(rival, 'GET', `/v4/home_loan_bids/${autoBid}/improvements`)).statusCode).toBe(404);
    expect((await send(post.owner, 'GET', `/v4/home_loan_bids/${autoBid}/improvements`)).statusCode).toBe(403);
  });

  it('a replay of every trigger adds nothing', async () => {
    const before = await t.eventCount();
    const reset = await sql`update projection_builds set checkpoint_commit = 0, checkpoint_prepare = 0 where status = 'live' and name = 'auto-bid-improver'`.execute(t.database.db);
    expect(reset.numAffectedRows).toBe(1n);
    await new ProjectionRunner({ db: t.database.db, store: t.store, consumers: [autoBidImproverReactor()] }).catchUp();
    await projectionsIdle(t);
    expect(await t.eventCount()).toBe(before);
    expect(await comparisonSteps(autoBid)).toHaveLength(3);
  });
});

describe('the limits', () => {
  it('improves at most the set number of times per post, and the last step stops at the floor', async () => {
    // Two providers: one provider's second template would not bid beside its first (the same rate).
    const counted = await improvingTemplate(await provider(t), 'Twice at most', { floor_comparison_rate: 4, step: 0.1, max_improvements_per_post: 2 });
    const floored = await improvingTemplate(await provider(t), 'Floor 5.53', { floor_comparison_rate: 5.53, step: 0.05, max_improvements_per_post: 10 });
    await projectionsIdle(t);
    const post = await publishedPost();
    const hand = await placeBid(t, rival, post.homeLoanId, { interest_rate: 5, comparison_rate: 5.1 });
    await projectionsIdle(t);
    for (const rates of [{ comparison_rate: 5.05 }, { comparison_rate: 5.0 }]) await editHandBid(rival, hand, { interest_rate: 4.9, ...rates });
    expect(await comparisonSteps(autoBidIdOf(counted, post.postId))).toEqual([
      [5.6, 5.5],
      [5.5, 5.4],
    ]);
    expect(await ratesOf(autoBidIdOf(counted, post.postId))).toEqual({ interest_rate: 5.3, comparison_rate: 5.4 });
    // 5.60 → 5.55 → 5.53 (the step cut at the floor), then no more.
    expect(await comparisonSteps(autoBidIdOf(floored, post.postId))).toEqual([
      [5.6, 5.55],
      [5.55, 5.53],
    ]);
  }, 300_000);

  it('the same organisation’s bid, or a template turned off, improves nothing', async () => {
    // Only this test's templates bid (another test's improving auto-bids would beat the lender's in turn).
    await turnOffEveryTemplate();
    await improvingTemplate(lender, 'The lender’s own', { floor_comparison_rate: 5, step: 0.05, max_improvements_per_post: 5 });
    const off = await improvingTemplate(rival, 'Turned off later', { floor_comparison_rate: 5, step: 0.05, max_improvements_per_post: 5 });
    await projectionsIdle(t);
    const post = await publishedPost();
    expect((await send(rival, 'PATCH', `/v4/home_loan_bid_templates/${off}/auto_bidding`, { auto_bidding: false })).statusCode).toBe(200);
    await projectionsIdle(t);
    // The lender's hand bid beats every auto-bid here: the rival's template is off, the others are the lender's own.
    await placeBid(t, lender, post.homeLoanId, { interest_rate: 5, comparison_rate: 5.1 });
    await projectionsIdle(t);
    const autoBids = (await sql<{ uuid: string }>`select uuid::text from bids where post_id = ${post.postId} and auto_bid_template_id is not null`.execute(t.database.db)).rows;
    expect(autoBids.length).toBeGreaterThan(1);
    for (const { uuid } of autoBids) {
      expect(await improvementsOf(uuid)).toEqual([]);
      expect(await ratesOf(uuid)).toEqual({ interest_rate: 5.5, comparison_rate: 5.6 });
    }
  }, 300_000);
});

describe('the bid that beat an auto-bid', () => {
  it('is named by its lender to the auto-bid’s side, but not an anonymous bid’s lender, which only an admin reads', async () => {
    // Only this test's template bids (docs/bids.md "Privacy": an anonymous bid with show_private hides its lender).
    await turnOffEveryTemplate();
    const own = await provider(t);
    const hider = await provider(t);
    const templateId = await improvingTemplate(own, 'Names its rivals', { floor_comparison_rate: 5, step: 0.05, max_improvements_per_post: 5 });
    await projectionsIdle(t);
    const post = await publishedPost();
    const open = await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.55 });
    await projectionsIdle(t);
    const hidden = await placeBid(t, hider, post.homeLoanId, { bid_type: 'anonymous', show_private: true, interest_rate: 5.3, comparison_rate: 5.5 });
    await projectionsIdle(t);
    const lenders = async (response: { statusCode: number; body: string; json: () => unknown }) => {
      expect(response.statusCode, response.body).toBe(200);
      return autoBidImprovementsView.parse(response.json()).improvements.map((improvement) => [improvement.beaten_by_bid_uuid, improvement.beaten_by_lender]);
    };
    const url = `/v4/home_loan_bids/${autoBidIdOf(templateId, post.postId)}/improvements`;
    expect(await lenders(await send(own, 'GET', url))).toEqual([
      [open, rival.organisationName],
      [hidden, null],
    ]);
    expect(await lenders(await t.asAdmin({ method: 'GET', url }))).toEqual([
      [open, rival.organisationName],
      [hidden, hider.organisationName],
    ]);
  }, 300_000);
});
