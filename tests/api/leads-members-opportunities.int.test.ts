import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// The admin's Leads and Members, and both roles' Opportunities (docs/leads-and-opportunities.md): what each list
// holds, who may read it, and that a provider never sees another organisation's people or deals.

let t: TestApp;
const posts = postHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = (who: TestUser, url: string) => t.app.inject(as(who, { method: 'GET', url }));

describe('leads', () => {
  it('lists the customers who have not published, with how far they got, and drops them once they publish', async () => {
    const visitor = await posts.newVisitor();
    const { post } = await posts.pendingPost(visitor);
    const leadOf = async (uuid: string) => (await t.asAdmin({ method: 'GET', url: '/v1/leads?count=100' })).json().result.find((lead: { uuid: string }) => lead.uuid === uuid);
    // The pending post has a loan with an amount and the preferences: the loan details step (3 of 7).
    await expect.poll(() => leadOf(visitor.id)).toMatchObject({ step: 3, step_label: 'Loan details', draft_post_uuid: post, origin: 'auction', status: 'creating', full_name: null });

    const registered = await t.createUser({ userType: 'customer' });
    await expect.poll(() => leadOf(registered.id)).toMatchObject({ step: 0, step_label: 'Account only', draft_post_uuid: null, origin: null });
    const lead = await leadOf(registered.id);
    // An admin may see the customer's details.
    expect(lead.email).toBe(registered.email);

    await activePost(t, { owner: registered });
    await expect.poll(() => leadOf(registered.id)).toBeUndefined();

    const filtered = await t.asAdmin({ method: 'GET', url: '/v1/leads?filter[min_step]=3&filter[origin]=auction&count=100' });
    expect(filtered.json().result.map((l: { uuid: string }) => l.uuid)).toContain(visitor.id);
    expect(filtered.json().result.every((l: { step: number }) => l.step >= 3)).toBe(true);
  });

  it('is refused to customers and providers, and takes only its own filters', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const lender = await t.createUser({ userType: 'fsp' });
    expect((await get(customer, '/v1/leads')).statusCode).toBe(403);
    expect((await get(lender, '/v1/leads')).statusCode).toBe(403);
    for (const query of ['filter[min_step]=8', 'filter[origin]=web', 'filter[campaign_uuid]=x', 'sorting[email]=asc', 'filter[email]=a']) {
      expect((await t.asAdmin({ method: 'GET', url: `/v1/leads?${query}` })).statusCode, query).toBe(422);
    }
  });
});

describe('members', () => {
  let p1: TestProvider;
  let colleague: TestProvider;
  let other: TestProvider;
  beforeAll(async () => {
    p1 = await provider(t, { permissions: { manage_permissions_for_fsps_within_org: true } });
    colleague = await provider(t, { organisationUuid: p1.organisationUuid });
    other = await provider(t);
    const post = await activePost(t);
    await placeBid(t, colleague, post.homeLoanId);
    const bid = await placeBid(t, other, post.homeLoanId);
    expect((await acceptBid(t, post, bid)).statusCode).toBe(200);
  }, 120_000);

  type Member = { uuid: string; role: string; bids: number; deals: number; settled_deals: number; organisation_uuid: string };
  const membersOf = async (who: TestUser, query = '') => (await get(who, `/v2/users?count=100${query}`)).json().result as Member[];

  it("an admin lists an organisation's providers with their status, role and bid counts", async () => {
    await expect.poll(async () => (await membersOf(t.admin, `&filter[organisation_uuid]=${p1.organisationUuid}`)).map((m) => [m.uuid, m.role, m.bids]).sort()).toEqual(
      [
        [p1.id, 'manager', 0],
        [colleague.id, 'provider', 1],
      ].sort(),
    );
    await expect.poll(async () => (await membersOf(t.admin, `&filter[organisation_uuid]=${other.organisationUuid}`))[0]).toMatchObject({ uuid: other.id, bids: 1, deals: 1, settled_deals: 0 });
    // Without a filter: every organisation's providers.
    const all = await membersOf(t.admin);
    expect(all.map((m) => m.uuid)).toEqual(expect.arrayContaining([p1.id, colleague.id, other.id]));
  });

  it("a provider sees only its own organisation's members; naming another is refused; a customer gets 403", async () => {
    const seen = await membersOf(p1);
    expect(seen.map((m) => m.uuid).sort()).toEqual([p1.id, colleague.id].sort());
    expect(seen.every((m) => m.organisation_uuid === p1.organisationUuid)).toBe(true);
    expect((await get(p1, `/v2/users?filter[organisation_uuid]=${other.organisationUuid}`)).statusCode).toBe(403);
    const customer = await t.createUser({ userType: 'customer' });
    expect((await get(customer, '/v2/users')).statusCode).toBe(403);
  });
});

describe('opportunities', () => {
  it("a provider sees its own won posts and their deal's stage; another organisation's provider does not; an admin filters by organisation", async () => {
    const winner = await provider(t);
    const loser = await provider(t);
    const post = await activePost(t);
    const bid = await placeBid(t, winner, post.homeLoanId);
    await placeBid(t, loser, post.homeLoanId);
    const accepted = await acceptBid(t, post, bid);
    expect(accepted.statusCode).toBe(200);
    const dealId = accepted.json().deal_id as string;

    const opportunities = async (who: TestUser, query = '') => (await get(who, `/v1/deals?origin=auction&count=100${query}`)).json().result as { uuid: string; stage: string; customer_name: string | null; organisation_name: string | null }[];
    await expect.poll(async () => (await opportunities(winner)).map((o) => o.uuid)).toEqual([dealId]);
    const [own] = await opportunities(winner);
    // The winning provider may see the customer's name (spec 1 §6).
    expect(own).toMatchObject({ stage: 'accepted', organisation_name: winner.organisationName });
    expect(own!.customer_name).toBeTruthy();
    expect(await opportunities(loser)).toEqual([]);

    const byOrganisation = await opportunities(t.admin, `&org_uuid=${winner.organisationUuid}`);
    expect(byOrganisation.map((o) => o.uuid)).toEqual([dealId]);
    // A provider may not filter by organisation; a customer never reads deals; a bad origin is a 422.
    expect((await get(loser, `/v1/deals?origin=auction&org_uuid=${winner.organisationUuid}`)).statusCode).toBe(403);
    expect((await get(post.owner, '/v1/deals?origin=auction')).statusCode).toBe(403);
    expect((await get(winner, '/v1/deals?origin=web')).statusCode).toBe(422);
    const external = await get(t.admin, `/v1/deals?origin=external&org_uuid=${winner.organisationUuid}`);
    expect(external.json().result).toEqual([]);
  });
});
