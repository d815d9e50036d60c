import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoBiddingSimulationReactor } from '../../application/bid-templates/simulation-runner';
import { simulationList, simulationRequested, simulationView, type SimulationView } from '../../contracts/auto-bidding-simulation';
import { bidTemplateView } from '../../contracts/bid-template';
import { autoBiddingSimulationDecider } from '../../domain/auto-bidding-simulation/decider';
import { autoBiddingSimulationStream } from '../../domain/auto-bidding-simulation/events';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { defaultPermissions } from '../../domain/user/permissions';
import { handleCommand } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { simulationMailProjection } from '../../projections/auto-bidding-simulations/simulation-mail';
import { ProjectionRunner } from '../../projections/runner';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, placeBid, projectionsIdle, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// The auto-bidding simulation (docs/auto-bidding.md "Simulation"): `PATCH /v1/home_loan_bid_templates/{id}` with
// execute_automatic_bidding answers 202 at once; the run in the background simulates the template over the posts of
// the review period, places no bid, changes no template, records its result once and mails it once.

let t: TestApp;
let owner: TestProvider;
let rival: TestProvider;
let templateId: string;

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const simulateBody = (extra: object = {}) => ({ operation: 'execute_automatic_bidding', mode: 'simulation', type: 'template', ...extra });
const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db)).rows[0]!.n;
const requestCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events where type = 'AutoBiddingSimulationRequested'`.execute(t.database.db)).rows[0]!.n;
const bidsOf = async (providerId: string) => (await sql<{ uuid: string }>`select uuid::text from bids where provider_id = ${providerId} order by uuid`.execute(t.database.db)).rows.map((row) => row.uuid);
const mails = async (userId: string) =>
  (await sql<{ subject: string; text_body: string }>`select subject, text_body from outbox_messages where data_subject = ${userId} and template = 'auto-bidding-simulation'`.execute(t.database.db)).rows;

async function simulation(who: Who, id: string): Promise<SimulationView> {
  const response = await send(who, 'GET', `/v1/auto_bidding_simulations/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return simulationView.parse(response.json());
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  rival = await provider(t);
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(owner.organisationUuid);
  const created = await send(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Refinancers up to 500k', organisation_uuid: owner.organisationUuid } });
  expect(created.statusCode, created.body).toBe(201);
  templateId = bidTemplateView.parse(created.json()).uuid;
  // Loans of 200,000 to 500,000; the interest rate 0.10 under the template's 5.50 (comparison 5.60, maximum LVR 80%).
  const rules = await send(owner, 'POST', `/v4/home_loan_bid_templates/${templateId}/template_qualifying_rules`, {
    template_qualifying_rules: [
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 95 },
      { rule_field: 'loan_amount', min_value: 200_000, max_value: 500_000 },
    ],
  });
  expect(rules.statusCode, rules.body).toBeLessThan(300);
  const modifier = await send(owner, 'POST', `/v2/home_loan_bid_templates/${templateId}/template_conditional_fields`, {
    template_conditional_field: { bid_field: 'interest_rate', conditions: [], modifier: { type: 'reduce_base_value', value: 0.1 } },
  });
  expect(modifier.statusCode, modifier.body).toBe(201);
  const limits = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${owner.id}`, payload: { user: { fsp: { bids_accepted_limit: 2, bids_contacted_limit: 5 } } } });
  expect(limits.statusCode, limits.body).toBe(200);
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('a simulation over a few posts', () => {
  let behind: ActivePost;
  let ahead: ActivePost;
  let id: string;
  let templateEvents: number;
  let ownBids: string[];

  beforeAll(async () => {
    behind = await activePost(t); // 450,000 on 600,000: LVR 75%
    ahead = await activePost(t);
    await activePost(t, { loan: { loan_amount: 550_000, property_market_value: 800_000 } }); // above the template's loans
    await activePost(t, { loan: { loan_amount: 440_000, property_market_value: 500_000 } }); // LVR 88%: above its 80%
    // The rival leads one post and trails on the other; the owner's own bid is left out (the simulated one stands for it).
    await placeBid(t, rival, behind.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 });
    await placeBid(t, rival, ahead.homeLoanId, { interest_rate: 5.8, comparison_rate: 5.9 });
    await placeBid(t, owner, behind.homeLoanId, { interest_rate: 4.9, comparison_rate: 5.0 });
    await projectionsIdle(t);
    templateEvents = (await t.store.readStream(bidTemplateStream(templateId))).length;
    ownBids = await bidsOf(owner.id);

    const response = await send(owner, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, simulateBody({ review_period: 7 }));
    expect(response.statusCode, response.body).toBe(202);
    const requested = simulationRequested.parse(response.json());
    expect(requested).toMatchObject({ home_loan_bid_template_uuid: templateId, status: 'requested', review_period: 7 });
    id = requested.simulation_uuid;
    await projectionsIdle(t);
  }, 300_000);

  it('shows the posts matched with the bid after the modifiers and the place it would have reached', async () => {
    const view = await simulation(owner, id);
    expect(view).toMatchObject({ status: 'done', template_name: 'Refinancers up to 500k', review_period: 7 });
    const result = view.result!;
    expect(result).toMatchObject({ posts_considered: 4, posts_matched: 2, posts_won: 1 });
    const matched = Object.fromEntries(result.matched.map((post) => [post.post_id, post]));
    expect(matched[behind.postId]).toMatchObject({ interest_rate: 5.4, comparison_rate: 5.6, place: 2, of: 2, loan_amount: 450_000, lvr: 75 });
    expect(matched[ahead.postId]).toMatchObject({ interest_rate: 5.4, comparison_rate: 5.6, place: 1, of: 2 });
  });

  it('counts the posts each rule turned away, and projects the won posts onto the bidding limits', async () => {
    const { result } = await simulation(owner, id);
    expect(result!.why_not).toEqual([
      { step: 'qualifying', rule: 'Loan amount', posts: 1 },
      { step: 'lvr', rule: 'Maximum LVR', posts: 1 },
    ]);
    expect(result!.limits).toEqual({ accepted: { used: 0, projected: 1, limit: 2, level: 'ok' }, contacted: { used: 0, projected: 1, limit: 5, level: 'ok' } });
  });

  it('places no bid and changes no template', async () => {
    expect(await bidsOf(owner.id)).toEqual(ownBids);
    expect((await t.store.readStream(bidTemplateStream(templateId))).length).toBe(templateEvents);
  });

  it('mails the result once to who asked, with the why-not breakdown and the link to the page', async () => {
    const sent = await mails(owner.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Simulation of automatic bidding for "Refinancers up to 500k": 2 posts matched');
    expect(sent[0]!.text_body).toContain('- Loan amount: 1 post');
    expect(sent[0]!.text_body).toContain('- Maximum LVR: 1 post');
    expect(sent[0]!.text_body).toContain(`/bid-templates/simulations/${id}`);
  });

  it('a replay runs nothing again and mails nothing more', async () => {
    const before = await eventCount();
    await sql`update projection_builds set checkpoint_commit = 0, checkpoint_prepare = 0 where status = 'live' and name in ('auto-bidding-simulator', 'auto-bidding-simulation-mail')`.execute(t.database.db);
    await new ProjectionRunner({ db: t.database.db, store: t.store, consumers: [autoBiddingSimulationReactor(), simulationMailProjection({ publicUrl: 'http://localhost' })] }).catchUp();
    await projectionsIdle(t);
    expect(await eventCount()).toBe(before);
    expect(await mails(owner.id)).toHaveLength(1);
  });

  it('lists among the template’s simulations, newest first', async () => {
    const response = await send(owner, 'GET', `/v1/home_loan_bid_templates/${templateId}/auto_bidding_simulations`);
    expect(response.statusCode, response.body).toBe(200);
    const { records } = simulationList.parse(response.json());
    expect(records[0]).toMatchObject({ uuid: id, status: 'done' });
    expect(records[0]).not.toHaveProperty('result');
  });

  it('names each matched post by its loan and place as it reads now, and a post deleted since by nothing', async () => {
    // docs/post-detail.md "A post's name": the page shows "Refinance · $450,000 · Sydney NSW", never the post's id.
    const before = Object.fromEntries((await simulation(owner, id)).result!.matched.map((post) => [post.post_id, post.post]));
    expect(before[behind.postId]).toEqual({ loan_type: 'refinance', suburb: 'Sydney', state: 'NSW' });
    expect(before[ahead.postId]).toEqual({ loan_type: 'refinance', suburb: 'Sydney', state: 'NSW' });
    const deleted = await t.asAdmin({ method: 'PATCH', url: `/v2/posts/${ahead.postId}`, payload: { operation: 'delete' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await projectionsIdle(t);
    const after = Object.fromEntries((await simulation(owner, id)).result!.matched.map((post) => [post.post_id, post.post]));
    expect(after[ahead.postId]).toBeNull();
    expect(after[behind.postId]).toEqual(before[behind.postId]);
  });
});

describe('asking', () => {
  it('takes the provider’s maximum review period when none is sent', async () => {
    const response = await send(owner, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, simulateBody());
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().review_period).toBe(14);
  });

  it('refuses a review period outside 1 to 14 days, another mode or type, with the field and nothing written', async () => {
    const before = await requestCount();
    for (const [body, field] of [
      [simulateBody({ review_period: 0 }), 'review_period'],
      [simulateBody({ review_period: 30 }), 'review_period'],
      [simulateBody({ review_period: 2.5 }), 'review_period'],
      [simulateBody({ mode: 'live' }), 'mode'],
      [simulateBody({ type: 'post' }), 'type'],
    ] as const) {
      const response = await send(owner, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).join(' '), response.body).toContain(field);
    }
    expect(await requestCount()).toBe(before);
  });

  it('lets an admin ask and see; refuses a customer; another organisation’s provider and a colleague who does not see the template are told not found', async () => {
    const asked = await t.asAdmin({ method: 'PATCH', url: `/v1/home_loan_bid_templates/${templateId}`, payload: simulateBody({ review_period: 3 }) });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = simulationRequested.parse(asked.json()).simulation_uuid;
    expect((await t.asAdmin({ method: 'GET', url: `/v1/auto_bidding_simulations/${id}` })).statusCode).toBe(200);

    const customer = await t.createUser({ userType: 'customer' });
    const colleague = await provider(t, { organisationUuid: owner.organisationUuid });
    expect((await send(customer, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, simulateBody())).statusCode).toBe(403);
    expect((await send(customer, 'GET', `/v1/auto_bidding_simulations/${id}`)).statusCode).toBe(403);
    for (const stranger of [rival, colleague]) {
      expect((await send(stranger, 'PATCH', `/v1/home_loan_bid_templates/${templateId}`, simulateBody())).statusCode).toBe(404);
      expect((await send(stranger, 'GET', `/v1/auto_bidding_simulations/${id}`)).statusCode).toBe(404);
      expect((await send(stranger, 'GET', `/v1/home_loan_bid_templates/${templateId}/auto_bidding_simulations`)).statusCode).toBe(404);
    }
  });
});

describe('a template deleted before the run', () => {
  it('fails the simulation, records no result and mails nothing', async () => {
    const { home_loan_bid_template_uuid: _none, ...bid } = validBid(owner.organisationUuid);
    const created = await send(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Gone soon', organisation_uuid: owner.organisationUuid } });
    const gone = bidTemplateView.parse(created.json()).uuid;
    expect((await send(owner, 'DELETE', `/v3/home_loan_bid_templates/${gone}`)).statusCode).toBe(204);
    // Asked for while it still existed: the request as the workflow would have recorded it.
    const simulationId = randomIds.uuid();
    const actor = { user_id: owner.id, user_type: 'fsp' as const, organisation_uuid: owner.organisationUuid, permissions: defaultPermissions('fsp') };
    const requested = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: autoBiddingSimulationStream(simulationId),
      decider: autoBiddingSimulationDecider,
      command: {
        type: 'RequestSimulation',
        data: { simulation_id: simulationId, template: { template_id: gone, owner_id: owner.id, owner_organisation_uuid: owner.organisationUuid }, review_period: 3, max_review_period: 14 },
        metadata: { actor, now: new Date().toISOString() },
      },
      context: { userId: owner.id, correlationId: randomIds.uuid(), causationId: null, now: new Date() },
    });
    expect(requested.ok).toBe(true);
    await projectionsIdle(t);
    const view = await simulation(owner, simulationId);
    expect(view).toMatchObject({ status: 'failed', failure: 'template_deleted', result: null });
    expect((await t.store.readStream(autoBiddingSimulationStream(simulationId))).map((event) => event.type)).toEqual(['AutoBiddingSimulationRequested', 'AutoBiddingSimulationFailed']);
    expect((await mails(owner.id)).filter((mail) => mail.text_body.includes(simulationId))).toEqual([]);
  });
});
