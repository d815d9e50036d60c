import { sql } from 'kysely';
import { bidTemplateSortable } from '../../contracts/bid-template';
import { documentTypeSortable } from '../../domain/document-type/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSortable } from '../../api/routes/deals';
import { bidSortable } from '../../contracts/bid';
import { campaignSortable } from '../../domain/campaign/schemas';
import { leadSortable } from '../../domain/lead/schemas';
import { productSortable } from '../../domain/financial-institution-product/schemas';
import { organisationProviderSortable, organisationSortable } from '../../domain/organisation/schemas';
import { outboxSortable } from '../../domain/outbox/schemas';
import { dashboardSortable } from '../../domain/post/dashboard';
import { ownPostSortable } from '../../domain/post/own-posts';
import { homeLoanProduct } from '../../domain/product/products';
import { questionSortable } from '../../domain/question/schemas';
import { userSortable } from '../../domain/user/schemas';
import { consumersFor } from '../../application/consumers';
import { reviewSortable } from '../../projections/reviews/queries';
import { differencesFromCleanRebuild } from '../support/read-models';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, type ActivePost, type OpenDeal, openDeal, placeBid, projectionsIdle, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// SQL injection through the lists' query strings (issue 7 "Security"; DESIGN.md §5 `sorting[field]`, `filter[field]`):
// every list route gets injection payloads as sort keys, sort directions, filter keys, filter values and top-level
// parameters. Never a 5xx; a sort key outside the route's list is a 422 naming the allowed keys; a 200 is never wider
// than what the caller may see; afterwards the events table and every read model are as before.

/** Payloads in the shapes that break string-built SQL: quotes, comments, stacked statements, unicode look-alikes. */
const payloads = [
  "'; drop table events; --",
  'name desc;',
  'created_at desc, (select pg_sleep(1))',
  '1) or (1=1',
  "' or '1'='1",
  '" or ""="',
  "active' union select stream_id, null from events --",
  "\\'; delete from projection_builds; --",
  '‘ or ‘1’=‘1',
  'ʼ or 1=1 --',
  '＇ or 1=1 --',
  '%',
  "%' or '%'='",
  '$1',
  '?',
  '\u0000',
  "x'||(select version())||'",
  'NSW,VIC) or true --',
  '1 ORDER BY 1--',
  'created_at asc nulls first; select 1',
];

type Caller = 'admin' | 'customerA' | 'providerP1';
type ListRoute = {
  url: string;
  caller: Caller;
  sortable: readonly string[];
  /** Keys under `filter[…]`. */
  filters: readonly string[];
  /** Top-level filter parameters (the deals board, question status, the priority table). */
  parameters?: readonly string[];
};

let t: TestApp;
let deal: OpenDeal;
let otherPost: ActivePost;
let otherProvider: TestProvider;
let otherBidId: string;
let callers: Record<Caller, TestUser>;
let routes: Record<string, ListRoute>;

beforeAll(async () => {
  t = await createTestApp();
  deal = await openDeal(t);
  // Another customer's post with another organisation's bid: what customer A and provider P1 must never get.
  otherPost = await activePost(t);
  otherProvider = await provider(t);
  otherBidId = await placeBid(t, otherProvider, otherPost.homeLoanId);
  await projectionsIdle(t);
  callers = { admin: t.admin, customerA: deal.post.owner, providerP1: deal.bidder };
  routes = {
    'GET /v4/organisations': { url: '/v4/organisations', caller: 'admin', sortable: organisationSortable, filters: ['name', 'organisation_type', 'category', 'status'] },
    'GET /v1/organisations/{id}/fsps': { url: `/v1/organisations/${deal.bidder.organisationUuid}/fsps`, caller: 'admin', sortable: organisationProviderSortable, filters: ['status'] },
    'GET /v2/organisations/{id}/products': { url: `/v2/organisations/${deal.bidder.organisationUuid}/products`, caller: 'admin', sortable: productSortable, filters: ['search', 'status'] },
    'GET /v2/financial_institution_products': { url: '/v2/financial_institution_products', caller: 'admin', sortable: productSortable, filters: ['search', 'status', 'organisation_uuid'] },
    'GET /v2/fsps/{id}/financial_institution_products': { url: `/v2/fsps/${deal.bidder.id}/financial_institution_products`, caller: 'providerP1', sortable: productSortable, filters: ['search'] },
    'GET /v1/users': { url: '/v1/users', caller: 'admin', sortable: userSortable, filters: ['user_type', 'status', 'search'] },
    'GET /v1/outbox_messages': { url: '/v1/outbox_messages', caller: 'admin', sortable: outboxSortable, filters: ['channel', 'status', 'recipient'] },
    'GET /v1/products/{product_uuid}/questions': {
      url: `/v1/products/${homeLoanProduct.uuid}/questions`,
      caller: 'admin',
      sortable: questionSortable,
      filters: ['description'],
      parameters: ['status'],
    },
    'GET /v2/users': { url: '/v2/users', caller: 'providerP1', sortable: organisationProviderSortable, filters: ['status', 'organisation_uuid'] },
    'GET /v1/users/posts': { url: '/v1/users/posts', caller: 'customerA', sortable: ownPostSortable, filters: ['status'] },
    'GET /v4/home_loan_bids': { url: '/v4/home_loan_bids', caller: 'providerP1', sortable: bidSortable, filters: ['status', 'post_id'] },
    'GET /v1/fsps/bids': { url: '/v1/fsps/bids', caller: 'providerP1', sortable: bidSortable, filters: ['status', 'post_id'], parameters: ['status'] },
    'GET /v5/home_loan_bids': { url: '/v5/home_loan_bids', caller: 'admin', sortable: bidSortable, filters: ['status', 'post_id'] },
    'GET /v4/home_loan_bid_templates': { url: '/v4/home_loan_bid_templates', caller: 'admin', sortable: bidTemplateSortable, filters: ['fsp_user_uuid', 'organisation_uuid', 'auto_bidding'] },
    'GET /v2/document_types': { url: '/v2/document_types', caller: 'providerP1', sortable: documentTypeSortable, filters: ['name'] },
    'GET /v4/users/{id}/home_loan_bid_templates': {
      url: `/v4/users/${deal.bidder.id}/home_loan_bid_templates`,
      caller: 'providerP1',
      sortable: bidTemplateSortable,
      filters: ['fsp_user_uuid', 'organisation_uuid', 'auto_bidding'],
    },
    'GET /v2/posts': {
      url: '/v2/posts',
      caller: 'customerA',
      sortable: dashboardSortable,
      filters: ['states', 'status', 'loan_type', 'credit_band', 'loan_purpose', 'rate_type', 'repayment_type'],
      parameters: ['priority'],
    },
    'GET /v1/deals': {
      url: '/v1/deals',
      caller: 'providerP1',
      sortable: dealSortable,
      filters: [],
      parameters: ['status', 'activity_type', 'activity_date_ini', 'activity_date_end', 'fsp_uuid', 'org_uuid', 'origin'],
    },
    'GET /v1/leads': { url: '/v1/leads', caller: 'admin', sortable: leadSortable, filters: ['min_step', 'origin', 'campaign_uuid'] },
    'GET /v2/campaigns': { url: '/v2/campaigns', caller: 'admin', sortable: campaignSortable, filters: ['name', 'status'] },
    'GET /v1/products/{id}/campaigns': { url: `/v1/products/${homeLoanProduct.uuid}/campaigns`, caller: 'admin', sortable: campaignSortable, filters: ['name', 'status'] },
    'GET /v1/reviews': { url: '/v1/reviews', caller: 'admin', sortable: reviewSortable, filters: ['status', 'fsp_uuid', 'post_uuid'] },
  };
}, 180_000);
afterAll(async () => {
  await t.close();
});

const enc = encodeURIComponent;
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
const idsOf = (body: { result?: { uuid?: string; id?: string }[] }) => (body.result ?? []).map((item) => item.uuid ?? item.id ?? JSON.stringify(item));

describe('list routes under injection', () => {
  it('cover every documented route that takes sorting or filter parameters', async () => {
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> }).paths;
    const lists = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.parameters ?? []).some((p) => p.in === 'query' && (p.name === 'sorting' || p.name === 'filter')))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(lists.sort()).toEqual(Object.keys(routes).sort());
  });

  it('sort only by the listed keys: others are 422 naming the allowed keys; never a 5xx; nothing wider than allowed', async () => {
    const before = await t.eventCount();
    const wrong: string[] = [];
    const seen = new Map<string, Set<string>>();
    const customerA = callers.customerA;
    for (const [name, route] of Object.entries(routes)) {
      const caller = callers[route.caller];
      const ids = new Set<string>();
      seen.set(name, ids);
      const get = async (query: string, expect: 'ok' | 'refused' | 'either', what: string) => {
        const response = await t.app.inject(as(caller, { method: 'GET', url: withQuery(route.url, query) }));
        const tag = `${name} ${what} (${query.slice(0, 60)})`;
        if (response.statusCode >= 500) return void wrong.push(`${tag}: ${response.statusCode}`);
        if (response.statusCode === 200) {
          if (expect === 'refused') wrong.push(`${tag}: accepted`);
          for (const id of idsOf(response.json())) ids.add(id);
          // A customer's lists never show another customer's post; a provider's never another organisation's bid.
          if (caller === customerA && (response.body.includes(otherPost.postId) || response.body.includes(otherPost.homeLoanId))) wrong.push(`${tag}: another customer's post`);
          if (caller === callers.providerP1 && response.body.includes(otherBidId)) wrong.push(`${tag}: another organisation's bid`);
          return undefined;
        }
        if (expect === 'ok') wrong.push(`${tag}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (!(response.headers['content-type'] ?? '').includes('application/problem+json')) wrong.push(`${tag}: not problem+json`);
        return response.json() as { status: number; errors?: Record<string, string[]> };
      };

      for (const key of route.sortable) for (const direction of ['asc', 'desc']) await get(`sorting[${key}]=${direction}`, 'ok', 'a listed sort key');
      for (const payload of payloads) {
        const refusedKey = await get(`sorting[${enc(payload)}]=asc`, 'refused', 'a sort key');
        // Control characters are refused before the sort list is looked at, with a message of their own.
        if (refusedKey && refusedKey.status === 422 && !/[\u0000-\u001f]/.test(payload)) {
          const messages = Object.entries(refusedKey.errors ?? {}).filter(([field]) => field.startsWith('sorting')).flatMap(([, m]) => m);
          if (!messages.includes(`Sort by one of: ${route.sortable.join(', ')}.`)) wrong.push(`${name} sort key ${payload}: unclear message ${JSON.stringify(refusedKey.errors)}`);
        }
        await get(`sorting[${route.sortable[0]}]=${enc(payload)}`, 'refused', 'a sort direction');
        await get(`sorting=${enc(payload)}`, 'refused', 'sorting as text');
        await get(`filter[${enc(payload)}]=x`, 'refused', 'a filter key');
        await get(`${enc(payload)}=1`, 'refused', 'a parameter name');
        await get(`page=${enc(payload)}`, 'refused', 'the page');
        await get(`count=${enc(payload)}`, 'refused', 'the count');
        for (const filter of route.filters) await get(`filter[${filter}]=${enc(payload)}`, 'either', `filter[${filter}]`);
        for (const parameter of route.parameters ?? []) await get(`${parameter}=${enc(payload)}`, 'either', parameter);
      }
    }
    expect(wrong).toEqual([]);

    // Whatever an injected filter answered is within what the caller sees unfiltered (fetched last: lists only grow).
    for (const [name, route] of Object.entries(routes)) {
      const all = await t.app.inject(as(callers[route.caller], { method: 'GET', url: withQuery(route.url, 'count=100') }));
      expect(all.statusCode, name).toBe(200);
      const allowed = new Set(idsOf(all.json()));
      expect([...seen.get(name)!].filter((id) => !allowed.has(id)), name).toEqual([]);
    }
    expect(await t.eventCount()).toBe(before);
  }, 300_000);

  it('leave the events table and every read model intact', async () => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await projectionsIdle(t);
    const consumers = consumersFor({ publicUrl: 'http://localhost:3000', secrets: t.secrets });
    expect(await differencesFromCleanRebuild(t.database.db, t.store, consumers)).toEqual([]);
  }, 120_000);
});
