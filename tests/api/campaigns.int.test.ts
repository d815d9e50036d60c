import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages } from '../../domain/campaign/schemas';
import { homeLoanProduct } from '../../domain/product/products';
import { type BadInputCase, expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, placeBid, provider } from '../support/trade';
import { as } from '../support/users';

// Campaigns (spec 3 §3, §5, §7; docs/campaigns.md): the rules and their messages, one holder per slug even when two
// admins create it at once, the wizard's link attaching posts to an active campaign only, and the figures the
// campaigns projection keeps after a post, a deal and a settlement.

const createPath = `/v1/products/${homeLoanProduct.uuid}/campaigns`;
const spring = { name: 'Spring refinance', slug: 'spring-refinance', benefit_value: 2_000, commission_type: '%', commission_value: 0.3 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const create = (campaign: Record<string, unknown>) => t.asAdmin({ method: 'POST', url: createPath, payload: { campaign } });
const read = async (id: string, position?: string | string[]) =>
  (await t.asAdmin({ method: 'GET', url: `/v1/campaigns/${id}`, headers: position ? { 'x-min-position': String(position) } : {} })).json();

describe('campaigns API', () => {
  it('creates with the spec defaults, lists 10 a page, reads, changes and removes a campaign', async () => {
    const created = await create({ ...spring, slug: 'crud-campaign' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Spring refinance',
      slug: 'crud-campaign',
      benefit_type: '$',
      benefit_value: 2_000,
      benefit_payer: 'marketplace',
      commission_type: '%',
      commission_value: 0.3,
      commission_payer: 'lender',
      commission_payee: 'marketplace',
      status: 'active',
      figures: { posts: 0, published_posts: 0, deals: 0, settled_deals: 0, settled_volume: 0 },
    });

    for (let i = 0; i < 10; i++) expect((await create({ ...spring, name: `Paged ${i}`, slug: `paged-${i}` })).statusCode).toBe(201);
    const firstPage = await t.asAdmin({ method: 'GET', url: '/v2/campaigns' });
    expect(firstPage.json().result).toHaveLength(10);
    expect(firstPage.json().total_records).toBeGreaterThanOrEqual(11);
    const filtered = await t.asAdmin({ method: 'GET', url: `/v1/products/${homeLoanProduct.uuid}/campaigns?filter[name]=paged 3` });
    expect(filtered.json()).toMatchObject({ total_records: 1, result: [{ slug: 'paged-3' }] });

    const changed = await t.asAdmin({ method: 'PATCH', url: `/v1/campaigns/${body.uuid}`, payload: { campaign: { status: 'inactive', slug: 'crud-campaign-2' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'inactive', slug: 'crud-campaign-2', name: 'Spring refinance' });
    // The old slug was released with the change: another campaign may take it.
    expect((await create({ ...spring, slug: 'crud-campaign' })).statusCode).toBe(201);

    const removed = await t.asAdmin({ method: 'DELETE', url: `/v1/campaigns/${body.uuid}` });
    expect(removed.statusCode).toBe(204);
    const gone = await t.asAdmin({ method: 'GET', url: `/v1/campaigns/${body.uuid}`, headers: { 'x-min-position': String(removed.headers['x-position']) } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CAMPAIGN_NOT_FOUND', detail: campaignMessages.notFound });
    // A removed campaign's slug is free again.
    expect((await create({ ...spring, slug: 'crud-campaign-2' })).statusCode).toBe(201);
  });

  it('refuses a taken slug with a clear message, and two creates of one slug at once leave one campaign', async () => {
    expect((await create({ ...spring, slug: 'taken' })).statusCode).toBe(201);
    const again = await create({ ...spring, name: 'Another', slug: 'taken' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'CAMPAIGN_SLUG_TAKEN', errors: { 'campaign.slug': [campaignMessages.slugTaken] } });

    const racing = await Promise.all([create({ ...spring, name: 'Racer A', slug: 'raced' }), create({ ...spring, name: 'Racer B', slug: 'raced' })]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = racing.find((r) => r.statusCode === 422)!;
    expect(loser.json().errors['campaign.slug']).toEqual([campaignMessages.slugTaken]);
    const position = racing.find((r) => r.statusCode === 201)!.headers['x-position'];
    const list = await t.asAdmin({ method: 'GET', url: '/v2/campaigns?filter[name]=Racer&count=100', headers: { 'x-min-position': String(position) } });
    expect(list.json().total_records).toBe(1);

    // Changing a campaign to a taken slug is refused too, and changes nothing.
    const other = (await create({ ...spring, slug: 'not-taken' })).json();
    const clash = await t.asAdmin({ method: 'PATCH', url: `/v1/campaigns/${other.uuid}`, payload: { campaign: { slug: 'taken', name: 'Renamed' } } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors['campaign.slug']).toEqual([campaignMessages.slugTaken]);
    expect(await read(other.uuid)).toMatchObject({ slug: 'not-taken', name: spring.name });
  });

  it("keeps spec 3 §5's ranges and who pays whom, with the messages on their fields, writing nothing", async () => {
    const cases: BadInputCase[] = [
      { name: '$ benefit over 100,000', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, benefit_value: 100_001 } }), status: 422, field: 'campaign.benefit_value', message: 'Max value is 100,000' },
      { name: '% commission over 100', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, commission_value: 100.5 } }), status: 422, field: 'campaign.commission_value', message: 'Max value is 100' },
      { name: 'negative benefit', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, benefit_value: -1 } }), status: 422, field: 'campaign.benefit_value', message: 'Min value is 0' },
      { name: 'a broker paid', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, commission_payee: 'broker' } }), status: 422, field: 'campaign.commission_payee', message: campaignMessages.brokerPayee },
      { name: 'payer pays itself', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, commission_payer: 'marketplace' } }), status: 422, field: 'campaign.commission_payee', message: campaignMessages.samePayerAndPayee },
      { name: 'no name', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, name: ' ' } }), status: 422, field: 'campaign.name', message: 'This field is required' },
      { name: 'no slug', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, slug: undefined } }), status: 422, field: 'campaign.slug', message: 'This field is required' },
      { name: 'a slug with spaces', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, slug: 'spring sale' } }), status: 422, field: 'campaign.slug', message: campaignMessages.slug },
      { name: 'a slug in capitals', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, slug: 'Spring' } }), status: 422, field: 'campaign.slug', message: campaignMessages.slug },
      { name: 'a slug with a query', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, slug: 'a?slug=b' } }), status: 422, field: 'campaign.slug', message: campaignMessages.slug },
      { name: 'an unknown type', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, benefit_type: 'AUD' } }), status: 422, field: 'campaign.benefit_type' },
      { name: 'an unknown field', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, owner: 'me' } }), status: 422 },
      { name: 'a text value', method: 'POST', url: createPath, payload: JSON.stringify({ campaign: { ...spring, commission_value: '5' } }), status: 422, field: 'campaign.commission_value' },
      { name: 'malformed JSON', method: 'POST', url: createPath, payload: '{"campaign":', status: 400 },
      { name: 'an unknown product', method: 'POST', url: '/v1/products/00000000-0000-4000-8000-000000000000/campaigns', payload: JSON.stringify({ campaign: spring }), status: 404 },
      { name: 'a bad campaign id', method: 'PATCH', url: '/v1/campaigns/not-a-uuid', payload: JSON.stringify({ campaign: { name: 'X' } }), status: 404 },
      { name: 'an unknown campaign', method: 'DELETE', url: '/v1/campaigns/00000000-0000-4000-8000-000000000000', status: 404 },
      { name: 'a sort outside the list', method: 'GET', url: '/v2/campaigns?sorting[slug;drop]=asc', status: 422 },
    ];
    for (const c of cases) await expectRefused(t, c);

    // A change is judged against the whole campaign: a % type makes the stored $2,000 benefit too large.
    const campaign = (await create({ ...spring, slug: 'rules-on-change' })).json();
    await expectRefused(t, {
      name: '% on a $2,000 benefit',
      method: 'PATCH',
      url: `/v1/campaigns/${campaign.uuid}`,
      payload: JSON.stringify({ campaign: { benefit_type: '%' } }),
      status: 422,
      field: 'campaign.benefit_value',
      message: 'Max value is 100',
    });
    await expectRefused(t, {
      name: 'a broker paid on change',
      method: 'PATCH',
      url: `/v1/campaigns/${campaign.uuid}`,
      payload: JSON.stringify({ campaign: { commission_payee: 'broker' } }),
      status: 422,
      field: 'campaign.commission_payee',
      message: campaignMessages.brokerPayee,
    });
    const percent = await t.asAdmin({ method: 'PATCH', url: `/v1/campaigns/${campaign.uuid}`, payload: { campaign: { benefit_type: '%', benefit_value: 1.5 } } });
    expect(percent.statusCode, percent.body).toBe(200);
    expect(percent.json()).toMatchObject({ benefit_type: '%', benefit_value: 1.5 });
  });

  it('is for admins only', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const lender = await t.createUser({ userType: 'fsp' });
    for (const who of [customer, lender]) {
      const list = await t.app.inject(as(who, { method: 'GET', url: '/v2/campaigns' }));
      expect(list.statusCode).toBe(403);
      const made = await t.app.inject(as(who, { method: 'POST', url: createPath, payload: { campaign: { ...spring, slug: 'not-mine' } } }));
      expect(made.statusCode).toBe(403);
    }
  });
});

describe('/create-post?slug=', () => {
  it('attaches the post to an active campaign; an inactive or unknown slug attaches nothing and the post goes on', async () => {
    const active = (await create({ ...spring, slug: 'link-active' })).json();
    const inactive = (await create({ ...spring, slug: 'link-inactive', status: 'inactive' })).json();
    const start = async (slug: string) => {
      const customer = await t.createUser({ userType: 'customer' });
      const started = await t.app.inject(as(customer, { method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/posts`, payload: { post: { campaign_slug: slug } } }));
      expect(started.statusCode, started.body).toBe(201);
      return started.json();
    };
    expect(await start('link-active')).toMatchObject({ campaign_uuid: active.uuid, campaign_slug: 'link-active', status: 'pending' });
    expect(await start('link-inactive')).toMatchObject({ campaign_uuid: null, campaign_slug: null, status: 'pending' });
    expect(await start('no-such-campaign')).toMatchObject({ campaign_uuid: null, campaign_slug: null, status: 'pending' });

    const figures = async (id: string) => (await read(id)).figures;
    await expect.poll(() => figures(active.uuid)).toMatchObject({ posts: 1, published_posts: 0 });
    expect(await figures(inactive.uuid)).toMatchObject({ posts: 0 });
  });

  it("counts the campaign's posts, deals and settled volume after a post, a deal and a settlement", async () => {
    const campaign = (await create({ ...spring, slug: 'figures' })).json();
    const post = await activePost(t, { campaignSlug: 'figures' });
    await activePost(t); // a post without a campaign counts nowhere
    const figures = async () => (await read(campaign.uuid)).figures;
    await expect.poll(figures).toEqual({ posts: 1, published_posts: 1, deals: 0, settled_deals: 0, settled_volume: 0 });

    const bidder = await provider(t);
    const bidId = await placeBid(t, bidder, post.homeLoanId);
    const accepted = await acceptBid(t, post, bidId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const dealId = accepted.json().deal_id as string;
    await expect.poll(figures).toEqual({ posts: 1, published_posts: 1, deals: 1, settled_deals: 0, settled_volume: 0 });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    for (const body of [{ operation: 'contact' }, { operation: 'application', amount: 440_000 }, { operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' }]) {
      const step = await t.app.inject(as(bidder, { method: 'POST', url: `/v1/deals/${dealId}/activities`, payload: { activity_date: today, ...body } }));
      expect(step.statusCode, step.body).toBe(201);
    }
    await expect.poll(figures).toEqual({ posts: 1, published_posts: 1, deals: 1, settled_deals: 1, settled_volume: 435_000 });

    // The post's status comes from the posts' read model, which may catch up after the campaign's figures.
    const posts = async () => {
      const answer = await t.asAdmin({ method: 'GET', url: `/v1/campaigns/${campaign.uuid}/posts` });
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };
    await expect.poll(posts, { timeout: 10_000 }).toMatchObject({ total_records: 1, result: [{ post_uuid: post.postId, status: 'closed_won', deal_stage: 'closed_won', deal_value: 435_000, loan_amount: 450_000 }] });
  });
});
