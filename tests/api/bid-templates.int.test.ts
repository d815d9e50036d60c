import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateList, bidTemplateView } from '../../contracts/bid-template';
import { createTestApp, type TestApp } from '../support/test-app';
import { provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 3 §7 "Bid templates" through HTTP (docs/bid-templates.md): creating, cloning, listing per role, changing with
// the revision, the rules, deleting, and the refusals.

let t: TestApp;
let owner: TestProvider;
let colleague: TestProvider;
let viewerColleague: TestProvider;
let stranger: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  colleague = await provider(t, { organisationUuid: owner.organisationUuid });
  viewerColleague = await provider(t, { organisationUuid: owner.organisationUuid, permissions: { view_bid_templates_within_organisation: true } });
  stranger = await provider(t);
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const { home_loan_bid_template_uuid: _none, ...bid } = validBid('00000000-0000-4000-8000-000000000000');
const details = (who: TestProvider, changes: object = {}) => ({ ...bid, name: 'Refinancers under 80%', organisation_uuid: who.organisationUuid, application_fee_value: 600, ...changes });

async function create(who: TestProvider, changes: object = {}) {
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: details(who, changes) });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json());
}
const list = async (who: Who, query = '') => {
  const response = await send(who, 'GET', `/v4/home_loan_bid_templates${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bidTemplateList.parse(response.json());
};

describe('creating and reading bid templates', () => {
  it('a provider creates one with the initial qualifying rules and the computed comparison rate', async () => {
    const template = await create(owner);
    expect(template).toMatchObject({ name: 'Refinancers under 80%', fsp_user_uuid: owner.id, auto_bidding: 'pending', revision: 0, location_list_type: 'whitelist', computed_comparison_rate: expect.any(Number) });
    expect(template.qualifying_rules.map((rule) => [rule.rule_field, rule.min_value, rule.max_value])).toEqual([
      ['maximum_lvr', 0, 95],
      ['loan_amount', 200_000, 5_000_000],
    ]);
  });

  it('refuses bad details with the spec’s messages and writes nothing', async () => {
    const before = (await list(owner)).total_records;
    const response = await send(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...details(owner), name: '', type_of_loan: null, interest_rate: 16 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'home_loan_bid_template.name': ['Name is required!'],
      'home_loan_bid_template.type_of_loan': ['Select a type of loan.'],
      'home_loan_bid_template.interest_rate': ['Max value is 15'],
    });
    expect((await list(owner)).total_records).toBe(before);
  });

  it('lists each caller’s own, the organisation’s with the permission, all for an admin; never for a customer', async () => {
    const own = await create(colleague, { name: 'Colleague template' });
    await settle(t, undefined);
    const ownerList = await list(owner);
    expect(ownerList.records.every((row) => row.fsp_user_uuid === owner.id)).toBe(true);
    expect(ownerList.records.every((row) => row.fsp_name === null)).toBe(true);
    const organisation = await list(viewerColleague);
    expect(organisation.records.map((row) => row.uuid)).toContain(own.uuid);
    expect(organisation.records.find((row) => row.uuid === own.uuid)?.fsp_name).toBeTruthy();
    expect((await list(stranger)).records).toEqual([]);
    const byOrganisation = await list(t.admin, `?filter[organisation_uuid]=${owner.organisationUuid}`);
    expect(byOrganisation.records.map((row) => row.fsp_user_uuid).sort()).toEqual([owner.id, colleague.id].sort());
    expect((await send(customer, 'GET', '/v4/home_loan_bid_templates')).statusCode).toBe(403);
    expect((await send(stranger, 'GET', `/v4/home_loan_bid_templates/${own.uuid}`)).statusCode).toBe(404);
  });

  it('clones one it sees: the rules and documents stay, the qualifying rules start again', async () => {
    const source = await create(owner, { name: 'Source' });
    const placed = await send(owner, 'POST', `/v2/home_loan_bid_templates/${source.uuid}/template_location_rules`, { template_location_rule: { address_type: 'postcode', state: 'NSW', postcode: '2000' } });
    expect(placed.statusCode, placed.body).toBe(201);
    const clone = await send(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: details(owner, { name: 'Copy' }), clone_of: source.uuid });
    expect(clone.statusCode, clone.body).toBe(201);
    expect(bidTemplateView.parse(clone.json())).toMatchObject({ name: 'Copy', cloned_from: source.uuid, location_rules: [{ postcode: '2000', state: 'NSW' }] });
    expect((await send(stranger, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: details(stranger), clone_of: source.uuid })).statusCode).toBe(404);
  });
});

describe('changing a bid template', () => {
  it('answers the template after a change; a save made from an older revision is 409, not an overwrite', async () => {
    const template = await create(owner);
    const first = await send(owner, 'PATCH', `/v4/home_loan_bid_templates/${template.uuid}`, { operation: 'update', revision: 0, home_loan_bid_template: details(owner, { name: 'First save' }) });
    expect(first.statusCode, first.body).toBe(200);
    expect(bidTemplateView.parse(first.json())).toMatchObject({ name: 'First save', revision: 1 });
    const second = await send(t.admin, 'PATCH', `/v4/home_loan_bid_templates/${template.uuid}`, { operation: 'update', revision: 0, home_loan_bid_template: details(owner, { name: 'Second save' }) });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'BID_TEMPLATE_CHANGED' });
    const read = await send(owner, 'GET', `/v4/home_loan_bid_templates/${template.uuid}`);
    expect(read.json().name).toBe('First save');
    expect((await send(colleague, 'PATCH', `/v4/home_loan_bid_templates/${template.uuid}`, { operation: 'update', home_loan_bid_template: details(owner, { name: 'X' }) })).statusCode).toBe(404);
  });

  it('qualifying rules need both ends (MISSING_QUALIFYING_RULES); a conditional rule and a place are kept', async () => {
    const template = await create(owner);
    const missing = await send(owner, 'POST', `/v4/home_loan_bid_templates/${template.uuid}/template_qualifying_rules`, {
      template_qualifying_rules: [
        { rule_field: 'maximum_lvr', min_value: 0, max_value: null },
        { rule_field: 'loan_amount', min_value: 200_000, max_value: 5_000_000 },
      ],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'MISSING_QUALIFYING_RULES', detail: 'You must fill qualifying rules to proceed to review step.', errors: { 'qualifying_rules.0.max_value': ['Inform a value.'] } });
    const rule = await send(owner, 'POST', `/v2/home_loan_bid_templates/${template.uuid}/template_conditional_fields`, {
      template_conditional_field: { bid_field: 'interest_rate', conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 60 }], modifier: { type: 'percentage_discount', value: 2 } },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = bidTemplateView.parse(rule.json()).conditional_rules[0]!.uuid;
    const changed = await send(owner, 'PATCH', `/v2/template_conditional_fields/${ruleId}`, {
      template_conditional_field: { bid_field: 'interest_rate', conditions: [], modifier: { type: 'reduce_base_value', value: 0.1 } },
    });
    expect(bidTemplateView.parse(changed.json()).conditional_rules).toMatchObject([{ uuid: ruleId, modifier: { type: 'reduce_base_value', value: 0.1 } }]);
    const removed = await send(owner, 'DELETE', `/v2/template_conditional_fields/${ruleId}`);
    expect(bidTemplateView.parse(removed.json()).conditional_rules).toEqual([]);
    const cleared = await send(owner, 'PATCH', `/v4/home_loan_bid_templates/${template.uuid}`, { operation: 'location_list_type', location_list_type: null });
    expect(bidTemplateView.parse(cleared.json())).toMatchObject({ location_list_type: null, location_rules: [] });
  });

  it('deletes with delete_bid_template; then it is gone', async () => {
    const template = await create(owner);
    expect((await send(stranger, 'DELETE', `/v3/home_loan_bid_templates/${template.uuid}`)).statusCode).toBe(404);
    const deleted = await send(owner, 'DELETE', `/v3/home_loan_bid_templates/${template.uuid}`);
    expect(deleted.statusCode).toBe(204);
    await settle(t, deleted.headers['x-position']);
    expect((await send(owner, 'GET', `/v4/home_loan_bid_templates/${template.uuid}`)).statusCode).toBe(404);
  });

  it('answers the rule fields and the bid fields with their modifiers', async () => {
    const fields = await send(owner, 'GET', '/v4/template_rule_fields');
    expect(fields.json().records.map((f: { name: string }) => f.name)).toContain('loan_amount');
    const bidFields = await send(owner, 'GET', '/v2/template_bid_fields');
    expect(bidFields.json().records.find((f: { uuid: string }) => f.uuid === 'offset').modifiers).toEqual(['new_boolean_value']);
    expect((await send(customer, 'GET', '/v4/template_rule_fields')).statusCode).toBe(403);
  });
});
