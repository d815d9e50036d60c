import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateInteractiveMatches } from '../../application/bid-templates/interactive-matches';
import { bidTemplateView } from '../../contracts/bid-template';
import { interactiveMatchesPage } from '../../contracts/interactive-match';
import { interactiveMatchesRequestSchema } from '../../domain/bid-template/comparison-loan';
import type { BidFormInput } from '../../domain/bid/schemas';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { interactiveMatchEvaluationLimit } from '../../api/routes/interactive-matches';
import { createTestApp, type TestApp } from '../support/test-app';
import { provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// The comparison tool's evaluation, `POST /v3/interactive_matches/evaluations` (issue 29 item 6; docs/bid-templates.md
// "Interactive matching: the evaluation"), on a real database: which templates a loan gets, the bid after a
// conditional rule, the pages, who may ask, and bad input.

let t: TestApp;
let lender: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  lender = await provider(t, { organisationName: 'Harbour Mutual' });
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject(as(who, { method, url, payload }));
/** Every request from its own address unless a test says otherwise, so the rate limit only counts where it is tested. */
let addressCounter = 0;
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
const evaluate = (body: object, who?: Who, remoteAddress = nextAddress()) => {
  const request = { method: 'POST' as const, url: '/v3/interactive_matches/evaluations', payload: body, remoteAddress };
  return t.app.inject(who ? as(who, request) : request);
};
async function offersFor(body: object) {
  const response = await evaluate(body);
  expect(response.statusCode, response.body).toBe(200);
  return interactiveMatchesPage.parse(response.json());
}
const idsOf = (page: { records: { home_loan_bid_template_uuid: string }[] }) => page.records.map((record) => record.home_loan_bid_template_uuid);

/** A template of `who` with the bid given, qualifying loans of `amount` (default: the new template's 200,000 to 5,000,000). */
async function template(who: TestProvider, name: string, bid: Partial<BidFormInput> = {}, amount?: { min: number; max: number }) {
  const { home_loan_bid_template_uuid: _none, ...details } = validBid(who.organisationUuid, { product_name: `${name} product`, ...bid });
  const created = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...details, name } });
  expect(created.statusCode, created.body).toBe(201);
  const id = bidTemplateView.parse(created.json()).uuid;
  if (amount) {
    const rules = await send(who, 'POST', `/v4/home_loan_bid_templates/${id}/template_qualifying_rules`, {
      template_qualifying_rules: [
        { rule_field: 'loan_amount', min_value: amount.min, max_value: amount.max },
        { rule_field: 'maximum_lvr', min_value: 0, max_value: 95 },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);
  }
  return id;
}
async function offer(who: TestProvider, templateId: string, on = true, days = 3) {
  const response = await send(who, 'POST', `/v3/home_loan_bid_templates/${templateId}/interactive_matches`, on ? { interactive_matching: true, interactive_matching_valid_for: days } : { interactive_matching: false });
  expect(response.statusCode, response.body).toBe(200);
}

/** A refinance of an owner-occupied home: $400,000 of $500,000 (LVR 80%) unless the test says otherwise. */
const loan = (overrides: object = {}) => ({ loan_amount: 400_000, property_market_value: 500_000, loan_type: 'refinance', loan_purpose: 'owner', ...overrides });

describe('which templates a loan gets', () => {
  let on: string;
  let off: string;
  let ticked: string;
  let largeLoans: string;
  let suspendedTemplate: string;
  let suspended: TestProvider;

  beforeAll(async () => {
    on = await template(lender, 'Offered', { comparison_rate: 5.6 });
    await offer(lender, on);
    off = await template(lender, 'Never offered');
    ticked = await template(lender, 'Ticked off again');
    await offer(lender, ticked);
    await offer(lender, ticked, false);
    largeLoans = await template(lender, 'Large loans', { comparison_rate: 5.4 }, { min: 1_000_000, max: 5_000_000 });
    await offer(lender, largeLoans);
    suspended = await provider(t);
    suspendedTemplate = await template(suspended, 'Of a suspended lender');
    await offer(suspended, suspendedTemplate);
    const suspension = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${suspended.id}`, payload: { user: { status: 'suspended' } } });
    expect(suspension.statusCode, suspension.body).toBe(200);
    const position = typeof suspension.headers['x-position'] === 'string' ? parsePosition(suspension.headers['x-position']) : null;
    if (position) await waitForProjections(t.database.db, ['users'], position, { timeoutMs: 30_000 });
  }, 120_000);

  it('only templates ticked on, of an active provider, whose rules the loan meets', async () => {
    const small = idsOf(await offersFor(loan()));
    expect(small).toContain(on);
    for (const missing of [off, ticked, largeLoans, suspendedTemplate]) expect(small).not.toContain(missing);
    // A loan the large-loans template's range holds: it comes first, its comparison rate the lowest.
    const large = idsOf(await offersFor(loan({ loan_amount: 1_200_000, property_market_value: 2_000_000 })));
    expect(large.slice(0, 2)).toEqual([largeLoans, on]);
  });

  it('an offer is offered up to and including its expiry day, not after it (the clock is the workflow’s)', async () => {
    const ask = interactiveMatchesRequestSchema.parse(loan());
    const at = (days: number) => ({ db: t.database.db, clock: { now: () => new Date(Date.now() + days * 86_400_000) } });
    expect(idsOf(await evaluateInteractiveMatches(at(3), ask))).toContain(on);
    expect(idsOf(await evaluateInteractiveMatches(at(4), ask))).not.toContain(on);
  });

  it('shows the organisation, product, rates, fees and features, never the provider person or the rules', async () => {
    const response = await evaluate(loan());
    const record = interactiveMatchesPage.parse(response.json()).records.find((r) => r.home_loan_bid_template_uuid === on)!;
    expect(record.home_loan_bid).toMatchObject({
      organisation: { uuid: lender.organisationUuid, name: 'Harbour Mutual', logo: null },
      product_name: 'Offered product',
      interest_rate: 5.5,
      comparison_rate: 5.6,
      maximum_lvr: 80,
      offset: true,
      redraw: true,
    });
    expect(record.expiry_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const secret of [lender.id, lender.email, 'qualifying_rules', 'conditional_rules', 'fsp_user_uuid', 'Payslips']) expect(response.body).not.toContain(secret);
  });
});

describe('the bid after the conditional rules', () => {
  it('a discount for a low LVR applies to the loans it holds for; above the maximum LVR no offer; monthly fees are shown a year', async () => {
    const rated = await template(lender, 'Low LVR discount', { comparison_rate: 7.5, interest_rate: 7.4, ongoing_fees_value: 10, ongoing_fees_period: 'per_month' }, { min: 2_000_000, max: 2_500_000 });
    const rule = await send(lender, 'POST', `/v2/home_loan_bid_templates/${rated}/template_conditional_fields`, {
      template_conditional_field: { bid_field: 'comparison_rate', conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 60 }], modifier: { type: 'reduce_base_value', value: 0.5 } },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await offer(lender, rated);
    const low = (await offersFor(loan({ loan_amount: 2_100_000, property_market_value: 4_200_000 }))).records.find((r) => r.home_loan_bid_template_uuid === rated);
    expect(low?.home_loan_bid).toMatchObject({ comparison_rate: 7, interest_rate: 7.4, ongoing_fees_value: 10, ongoing_fees_period: 'per_month', ongoing_fees_annual: 120 });
    const high = (await offersFor(loan({ loan_amount: 2_100_000, property_market_value: 2_700_000 }))).records.find((r) => r.home_loan_bid_template_uuid === rated);
    expect(high?.home_loan_bid.comparison_rate).toBe(7.5);
    // Above the bid's maximum LVR (80%): the bid form's LVR block, no offer.
    expect(idsOf(await offersFor(loan({ loan_amount: 2_100_000, property_market_value: 2_500_000 })))).not.toContain(rated);
  });
});

describe('the pages', () => {
  it('20 a page, lowest comparison rate first; a page past the last is empty', async () => {
    const band = { min: 7_000_000, max: 7_500_000 };
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const id = await template(lender, `Band ${i}`, { comparison_rate: 6 + (21 - i) / 100, interest_rate: 5.9 }, band);
      await offer(lender, id);
      ids.push(id);
    }
    const ask = loan({ loan_amount: 7_200_000, property_market_value: 9_000_000 });
    const first = await offersFor(ask);
    const second = await offersFor({ ...ask, page: 2 });
    const third = await offersFor({ ...ask, page: 3 });
    expect([first.total_records, first.page, first.per_page, first.records.length]).toEqual([22, 1, 20, 20]);
    expect([second.total_records, second.page, second.records.length]).toEqual([22, 2, 2]);
    expect(third.records).toEqual([]);
    expect([...idsOf(first), ...idsOf(second)]).toEqual([...ids].reverse());
  }, 120_000);
});

describe('who may ask', () => {
  it('anyone: an anonymous visitor and a logged-in customer get the same offers', async () => {
    const anonymous = await evaluate(loan());
    const loggedIn = await evaluate(loan(), customer);
    expect(anonymous.statusCode).toBe(200);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toEqual(anonymous.json());
  });

  it(`at most ${interactiveMatchEvaluationLimit.max} a minute from one address: then 429 with Retry-After`, async () => {
    const address = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i <= interactiveMatchEvaluationLimit.max; i++) statuses.push((await evaluate(loan(), undefined, address)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await evaluate(loan(), undefined, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not held back.
    expect((await evaluate(loan())).statusCode).toBe(200);
  }, 60_000);
});

describe('bad input', () => {
  it('answers 422 with the field and its message, writes nothing, never 500', async () => {
    const events = await t.eventCount();
    const cases: [object, Record<string, string[]>][] = [
      [loan({ loan_amount: 450_001 }), { property_market_value: ['The loan can be at most 90% of the property value'] }],
      [{}, { loan_amount: ['This field is required'], property_market_value: ['This field is required'], loan_type: ['This field is required'], loan_purpose: ['This field is required'] }],
      [loan({ loan_amount: '400000' }), { loan_amount: ['Should be a number'] }],
      [loan({ loan_amount: 100_000 }), { loan_amount: ['Min value is 200,000'] }],
      [loan({ loan_type: 'build' }), { loan_type: ['Choose one of the listed values'] }],
      [loan({ postcode: '20000' }), { postcode: ['Should be 4 digits'] }],
      [loan({ page: 0 }), { page: ['Min value is 1'] }],
      [loan({ email: 'visitor@example.com' }), { email: ['Unknown field.'] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await evaluate(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/v3/interactive_matches/evaluations', payload: '{"loan_amount":', headers: { 'content-type': 'application/json' }, remoteAddress: nextAddress() });
    expect(malformed.statusCode).toBe(400);
    expect(await t.eventCount()).toBe(events);
  });
});
