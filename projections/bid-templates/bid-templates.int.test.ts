import { describe, expect, it } from 'vitest';
import { initialQualifyingRules } from '../../domain/bid-template/decider';
import { type BidTemplateEvent, bidTemplateStream } from '../../domain/bid-template/events';
import { bidTemplateDetailsSchema } from '../../domain/bid-template/schemas';
import { projectionTestbed } from '../../tests/support/projection-testbed';
import { bidTemplatesProjection } from './bid-templates';
import { findBidTemplate, listBidTemplates } from './queries';

const testbed = projectionTestbed(bidTemplatesProjection);

const owner = 'f1f1f1f1-0000-4000-8000-000000000001';
const colleague = 'f1f1f1f1-0000-4000-8000-000000000002';
const broker = 'a0a0a0a0-0000-4000-8000-000000000001';
const lender = 'a0a0a0a0-0000-4000-8000-000000000002';
const ids = ['1', '2', '3'].map((n) => `7e7e7e7e-0000-4000-8000-00000000000${n}`) as [string, string, string];

const details = bidTemplateDetailsSchema.parse({
  name: 'First home buyers',
  bid_type: 'normal',
  organisation_uuid: lender,
  interest_rate: 6,
  comparison_rate: 6.1,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  application_fee_value: 600,
  required_documents: [{ document_type: 'Payslips', description: null, quantity: 2, mandatory: true }],
});
const created = (template_id: string, owner_id = owner, name = details.name): BidTemplateEvent => ({
  type: 'BidTemplateCreated',
  data: {
    template_id,
    owner_id,
    owner_organisation_uuid: broker,
    details: { ...details, name },
    qualifying_rules: initialQualifyingRules(),
    conditional_rules: [],
    location_list_type: 'whitelist',
    location_rules: [],
    cloned_from: null,
    created_by: owner_id,
    created_at: '2026-11-21T10:00:00.000Z',
  },
});
const query = { page: 1, count: 25 };

describe('the bid templates read model', () => {
  it('lists templates newest first with the computed comparison rate, within the caller’s scope', async () => {
    await testbed.given(bidTemplateStream(ids[0]), [created(ids[0])], { at: '2026-11-21T10:00:00.000Z' });
    await testbed.given(bidTemplateStream(ids[1]), [created(ids[1], colleague, 'Investors')], { at: '2026-11-22T10:00:00.000Z' });
    const all = await listBidTemplates(testbed.db(), { kind: 'all' }, query);
    expect(all.result.map((row) => [row.name, row.auto_bidding, row.computed_comparison_rate, row.revision])).toEqual([
      ['Investors', 'pending', 6.04, 0],
      ['First home buyers', 'pending', 6.04, 0],
    ]);
    expect((await listBidTemplates(testbed.db(), { kind: 'owner', ownerId: owner }, query)).result.map((row) => row.uuid)).toEqual([ids[0]]);
    expect((await listBidTemplates(testbed.db(), { kind: 'organisation', organisationUuid: broker }, query)).total_records).toBe(2);
    expect((await listBidTemplates(testbed.db(), { kind: 'all' }, { ...query, filter: { organisation_uuid: lender } })).total_records).toBe(2);
    expect((await listBidTemplates(testbed.db(), { kind: 'all' }, { ...query, filter: { fsp_user_uuid: colleague } })).result.map((row) => row.name)).toEqual(['Investors']);
    expect((await listBidTemplates(testbed.db(), { kind: 'all' }, { ...query, filter: { auto_bidding: 'active' } })).total_records).toBe(0);
  });

  it('follows changes of details and rules with the stream’s revision, and forgets a deleted template', async () => {
    const template = ids[0];
    const rule = { uuid: 'c0c0c0c0-0000-4000-8000-000000000001', bid_field: 'interest_rate' as const, operator: 'all' as const, conditions: [], modifier: { type: 'reduce_base_value' as const, value: 0.1 } };
    const place = { uuid: 'b0b0b0b0-0000-4000-8000-000000000001', address_type: 'state' as const, state: 'NSW', postcode: null, suburb: null };
    await testbed.given(bidTemplateStream(template), [
      { type: 'BidTemplateDetailsChanged', data: { template_id: template, details: { ...details, name: 'Renamed', application_fee_value: 0 }, changed_by: owner, changed_at: '2026-11-23T10:00:00.000Z' } },
      { type: 'ConditionalRuleSaved', data: { template_id: template, rule } },
      { type: 'ConditionalRuleSaved', data: { template_id: template, rule: { ...rule, modifier: { type: 'reduce_base_value', value: 0.2 } } } },
      { type: 'LocationRuleAdded', data: { template_id: template, rule: place } },
    ]);
    const row = await findBidTemplate(testbed.db(), template);
    expect(row).toMatchObject({ name: 'Renamed', computed_comparison_rate: 6, revision: 4, location_rules: [place] });
    expect(row?.conditional_rules).toEqual([{ ...rule, modifier: { type: 'reduce_base_value', value: 0.2 } }]);
    await testbed.given(bidTemplateStream(template), [
      { type: 'LocationRuleDeleted', data: { template_id: template, rule_id: place.uuid } },
      { type: 'BidTemplateDeleted', data: { template_id: template, deleted_by: owner, deleted_at: '2026-11-24T10:00:00.000Z' } },
    ]);
    expect(await findBidTemplate(testbed.db(), template)).toBeUndefined();
    expect((await listBidTemplates(testbed.db(), { kind: 'all' }, query)).total_records).toBe(1);
  });

  it('follows auto-bidding: active with its validity and expiry, then deactivated or inactive with them cleared, filtered by status', async () => {
    const [first, second] = ['7e7e7e7e-0000-4000-8000-000000000004', '7e7e7e7e-0000-4000-8000-000000000005'];
    await testbed.given(bidTemplateStream(first), [created(first)]);
    await testbed.given(bidTemplateStream(second), [created(second, owner, 'Second')]);
    const activated = (template_id: string): BidTemplateEvent => ({
      type: 'AutoBiddingActivated',
      data: { template_id, valid_for: 14, expiry_on: '2026-12-07T10:00:00.000Z', action: 'execute', scope: 'open_posts', review_period: 7, activated_by: owner, activated_at: '2026-11-23T10:00:00.000Z' },
    });
    await testbed.given(bidTemplateStream(first), [activated(first)]);
    await testbed.given(bidTemplateStream(second), [activated(second), { type: 'AutoBiddingExpired', data: { template_id: second, expired_at: '2026-12-07T10:00:00.000Z' } }]);
    expect(await findBidTemplate(testbed.db(), first)).toMatchObject({
      auto_bidding: 'active',
      valid_for: 14,
      expiry_on: new Date('2026-12-07T10:00:00.000Z'),
      public: false,
      auto_bidding_review_period: 7,
      auto_bidding_scope: 'open_posts',
      revision: 1,
    });
    expect(await findBidTemplate(testbed.db(), second)).toMatchObject({ auto_bidding: 'inactive', valid_for: null, expiry_on: null, auto_bidding_scope: 'open_posts' });
    const byStatus = async (auto_bidding: 'active' | 'inactive' | 'deactivated') => (await listBidTemplates(testbed.db(), { kind: 'all' }, { ...query, filter: { auto_bidding } })).result.map((row) => row.uuid);
    expect(await byStatus('active')).toEqual([first]);
    expect(await byStatus('inactive')).toEqual([second]);
    await testbed.given(bidTemplateStream(first), [{ type: 'AutoBiddingDeactivated', data: { template_id: first, deactivated_by: owner, deactivated_at: '2026-11-24T10:00:00.000Z' } }]);
    expect(await findBidTemplate(testbed.db(), first)).toMatchObject({ auto_bidding: 'deactivated', valid_for: null, expiry_on: null, public: false });
    expect(await byStatus('deactivated')).toEqual([first]);
    await testbed.given(bidTemplateStream(first), [
      { type: 'InteractiveMatchingSet', data: { template_id: first, interactive_matching: true, valid_for: 3, expiration_date: '2026-11-27', set_by: owner, set_at: '2026-11-24T10:00:00.000Z' } },
    ]);
    expect(await findBidTemplate(testbed.db(), first)).toMatchObject({ interactive_matching: true, interactive_matching_valid_for: 3, interactive_matching_expiration_date: '2026-11-27' });
  });
});
