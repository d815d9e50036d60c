import { describe, expect, it } from 'vitest';
import { defaultPermissions } from '../user/permissions';
import type { BidTemplateCommand, TemplateActor, TemplateOwnerFacts } from './commands';
import { bidTemplateDecider, bidTemplateErrors, initialQualifyingRules } from './decider';
import type { BidTemplateEvent } from './events';
import type { QualifyingRule } from './rules';
import type { BidTemplateDetailsInput, ConditionalRuleInput } from './schemas';

const templateId = '5d0c1c1e-7a51-4c3e-9f1a-000000000001';
const ownerId = '5d0c1c1e-7a51-4c3e-9f1a-0000000000f1';
const colleagueId = '5d0c1c1e-7a51-4c3e-9f1a-0000000000f2';
const brokerOrg = '5d0c1c1e-7a51-4c3e-9f1a-0000000000a1';
const lenderOrg = '5d0c1c1e-7a51-4c3e-9f1a-0000000000a2';
const now = '2026-11-27T10:00:00.000Z';

const owner: TemplateOwnerFacts = { user_id: ownerId, organisation_uuid: brokerOrg, organisation_type: 'broker', permissions: defaultPermissions('fsp') };
const ownerActor: TemplateActor = { user_id: ownerId, user_type: 'fsp', organisation_uuid: brokerOrg, permissions: defaultPermissions('fsp') };
const colleague = (extra: Partial<TemplateActor['permissions']> = {}): TemplateActor => ({
  user_id: colleagueId,
  user_type: 'fsp',
  organisation_uuid: brokerOrg,
  permissions: { ...defaultPermissions('fsp'), ...extra },
});
const postIdOfStop = '7c1d2e3f-4a5b-4c6d-8e7f-000000000001';
const admin: TemplateActor = { user_id: '5d0c1c1e-7a51-4c3e-9f1a-0000000000ad', user_type: 'admin', organisation_uuid: null, permissions: defaultPermissions('admin') };
const customer: TemplateActor = { user_id: '5d0c1c1e-7a51-4c3e-9f1a-0000000000c1', user_type: 'customer', organisation_uuid: null, permissions: defaultPermissions('customer') };

const details: BidTemplateDetailsInput = {
  name: 'Owner occupiers under 80%',
  bid_type: 'normal',
  organisation_uuid: lenderOrg,
  interest_rate: 6.2,
  comparison_rate: 6.35,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  application_fee_type: '$',
  application_fee_value: 600,
  required_documents: [{ document_type: 'Payslips', description: null, quantity: 2, mandatory: true }],
};
const feeRule: ConditionalRuleInput = {
  uuid: '5d0c1c1e-7a51-4c3e-9f1a-0000000000e1',
  bid_field: 'application_fee_value',
  conditions: [{ rule_field: 'loan_amount', min_value: 1_000_000, max_value: 15_000_000, value: null }],
  modifier: { type: 'reduce_base_value', value: 300 },
};

type Body<C> = C extends unknown ? Omit<C, 'metadata'> : never;
const as = (body: Body<BidTemplateCommand>, actor: TemplateActor = ownerActor): BidTemplateCommand => ({ ...body, metadata: { actor, now } }) as BidTemplateCommand;
const given = (events: BidTemplateEvent[]) => ({
  when: (command: BidTemplateCommand) => bidTemplateDecider.decide(command, events.reduce(bidTemplateDecider.evolve, bidTemplateDecider.initialState())),
});
const create = (input: BidTemplateDetailsInput = details, actor: TemplateActor = ownerActor, facts: TemplateOwnerFacts = owner) =>
  as({ type: 'CreateBidTemplate', data: { template_id: templateId, owner: facts, details: input, cloned_from: null } }, actor);
const createdEvents = (): BidTemplateEvent[] => {
  const decision = given([]).when(create());
  if (!decision.ok) throw new Error(decision.error.message);
  return decision.events;
};
const failsWith = (code: string, errors?: Record<string, string[]>) => expect.objectContaining({ ok: false, error: expect.objectContaining({ code, ...(errors ? { errors } : {}) }) });

describe('creating a bid template', () => {
  it('records the details with the initial qualifying rules and a whitelist (spec 3 §4 step 9)', () => {
    const [created] = createdEvents();
    expect(created).toMatchObject({
      type: 'BidTemplateCreated',
      data: { template_id: templateId, owner_id: ownerId, owner_organisation_uuid: brokerOrg, details: { name: 'Owner occupiers under 80%', interest_rate: 6.2 }, location_list_type: 'whitelist', cloned_from: null },
    });
    expect(initialQualifyingRules()).toEqual([
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 95, value: null },
      { rule_field: 'loan_amount', min_value: 200_000, max_value: 5_000_000, value: null },
    ]);
  });

  it('refuses with the spec’s messages: no name, a long name, no type of loan, rates out of bounds', () => {
    const { name: _name, type_of_loan: _type, ...rest } = details;
    expect(given([]).when(create({ ...rest, name: '  ', interest_rate: 15.5 } as BidTemplateDetailsInput))).toEqual(
      failsWith(bidTemplateErrors.invalid, { name: ['Name is required!'], interest_rate: ['Max value is 15'], type_of_loan: ['Select a type of loan.'] }),
    );
    expect(given([]).when(create({ ...details, name: 'x'.repeat(100) }))).toEqual(failsWith(bidTemplateErrors.invalid, { name: ['Should be under 100 characters'] }));
    expect(given([]).when(create({ ...details, name: 'x'.repeat(99) })).ok).toBe(true);
  });

  it('never makes a retention template; anonymous needs create_anonymous_bid', () => {
    expect(given([]).when(create({ ...details, bid_type: 'retention' } as unknown as BidTemplateDetailsInput))).toEqual(
      failsWith(bidTemplateErrors.invalid, { bid_type: ['A retention bid cannot come from a bid template.'] }),
    );
    const noAnonymous = { ...owner, permissions: { ...owner.permissions, create_anonymous_bid: false } };
    expect(given([]).when(create({ ...details, bid_type: 'anonymous' }, ownerActor, noAnonymous))).toEqual(
      failsWith(bidTemplateErrors.invalid, { bid_type: ['You are not allowed to place anonymous bids.'] }),
    );
  });

  it('fixes the organisation of a financial institution’s provider, also when an admin assigns one', () => {
    const lender: TemplateOwnerFacts = { ...owner, organisation_uuid: lenderOrg, organisation_type: 'financial_institution' };
    expect(given([]).when(create({ ...details, organisation_uuid: brokerOrg }, admin, lender))).toEqual(
      failsWith(bidTemplateErrors.invalid, { organisation_uuid: ['A provider of a financial institution bids for its own organisation.'] }),
    );
    expect(given([]).when(create(details, admin, lender)).ok).toBe(true);
  });

  it('needs create_bid_template for oneself, or an admin; never a customer', () => {
    expect(given([]).when(create(details, { ...ownerActor, permissions: { ...ownerActor.permissions, create_bid_template: false } }))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given([]).when(create(details, customer))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given([]).when(create(details, colleague()))).toEqual(failsWith(bidTemplateErrors.notAllowed));
  });

  it('a clone keeps the conditional and location rules and documents, and starts the qualifying rules again', () => {
    const location = { uuid: '5d0c1c1e-7a51-4c3e-9f1a-0000000000b1', address_type: 'postcode' as const, state: 'NSW', postcode: '2000', suburb: null };
    const decision = given([]).when(
      as({ type: 'CreateBidTemplate', data: { template_id: templateId, owner, details, cloned_from: { template_id: 'source', conditional_rules: [feeRule], location_list_type: 'whitelist', location_rules: [location] } } }),
    );
    expect(decision).toMatchObject({
      ok: true,
      events: [{ data: { cloned_from: 'source', conditional_rules: [{ uuid: feeRule.uuid, operator: 'all' }], location_rules: [location], qualifying_rules: initialQualifyingRules() } }],
    });
  });
});

describe('changing a bid template', () => {
  it('saves nothing when nothing changed (spec 3 §4 step 2)', () => {
    expect(given(createdEvents()).when(as({ type: 'ChangeBidTemplateDetails', data: { template_id: templateId, owner, details, fee_rules: null } }))).toEqual({ ok: true, events: [] });
  });

  it('asks what to do with the fee rules when the fee type changes, then deletes or keeps them', () => {
    const saved = given(createdEvents()).when(as({ type: 'SaveConditionalRule', data: { template_id: templateId, rule: feeRule } }));
    if (!saved.ok) throw new Error(saved.error.message);
    const history = [...createdEvents(), ...saved.events];
    const change = (fee_rules: 'delete' | 'keep' | null, value = 1) =>
      as({ type: 'ChangeBidTemplateDetails', data: { template_id: templateId, owner, details: { ...details, application_fee_type: '%', application_fee_value: value }, fee_rules } });
    expect(given(history).when(change(null))).toEqual(failsWith(bidTemplateErrors.feeRulesChoiceRequired));
    expect(given(history).when(change('delete'))).toMatchObject({ ok: true, events: [{ type: 'BidTemplateDetailsChanged' }, { type: 'ConditionalRuleDeleted', data: { rule_id: feeRule.uuid } }] });
    expect(given(history).when(change('keep'))).toMatchObject({ ok: true, events: [{ type: 'BidTemplateDetailsChanged' }] });
  });

  it('lets the owner, an admin, and a colleague with update_organisation_bid_template change it; nobody else', () => {
    const rename = (actor: TemplateActor) => as({ type: 'ChangeBidTemplateDetails', data: { template_id: templateId, owner, details: { ...details, name: 'Renamed' }, fee_rules: null } }, actor);
    expect(given(createdEvents()).when(rename(admin)).ok).toBe(true);
    expect(given(createdEvents()).when(rename(colleague({ update_organisation_bid_template: true }))).ok).toBe(true);
    expect(given(createdEvents()).when(rename(colleague()))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    // The template bids for a lender; a provider of that lender is no colleague of the broker who owns it.
    expect(given(createdEvents()).when(rename({ ...colleague({ update_organisation_bid_template: true }), organisation_uuid: lenderOrg }))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given(createdEvents()).when(rename(customer))).toEqual(failsWith(bidTemplateErrors.notAllowed));
  });
});

describe('qualifying rules', () => {
  const set = (rules: QualifyingRule[]) =>
    as({ type: 'SetQualifyingRules', data: { template_id: templateId, rules } });

  it('need both ends of a range, else MISSING_QUALIFYING_RULES with ‘Inform a value.’', () => {
    const decision = given(createdEvents()).when(set([{ rule_field: 'maximum_lvr', min_value: 0, max_value: null, value: null }, ...initialQualifyingRules().slice(1)]));
    expect(decision).toEqual(
      failsWith('MISSING_QUALIFYING_RULES', { 'qualifying_rules.0.max_value': ['Inform a value.'] }),
    );
    expect(decision.ok === false && decision.error.message).toBe('You must fill qualifying rules to proceed to review step.');
  });

  it('keep the ends within the field’s bounds and in order; 0 is a value', () => {
    const decision = given(createdEvents()).when(set([{ rule_field: 'maximum_lvr', min_value: 0, max_value: 101, value: null }, { rule_field: 'loan_amount', min_value: 900_000, max_value: 300_000, value: null }]));
    expect(decision).toEqual(
      failsWith(bidTemplateErrors.invalid, {
        'qualifying_rules.0.max_value': ['Should be between 0.00% and 100.00%'],
        'qualifying_rules.1.min_value': ['The minimum is above the maximum.'],
      }),
    );
  });

  it('take a multiple choice as a ;-joined list (empty for any)', () => {
    const rules = [...initialQualifyingRules(), { rule_field: 'loan_type' as const, min_value: null, max_value: null, value: 'refinance;new_loan' }];
    expect(given(createdEvents()).when(set(rules))).toMatchObject({ ok: true, events: [{ type: 'QualifyingRulesSet' }] });
    expect(given(createdEvents()).when(set([...initialQualifyingRules(), { rule_field: 'state', min_value: null, max_value: null, value: 'NSW;XX' }]))).toEqual(
      failsWith(bidTemplateErrors.invalid, { 'qualifying_rules.2.value': ['Choose from the listed values.'] }),
    );
  });
});

describe('conditional rules', () => {
  it('check the modifier against the field: percentages to 100, numbers from 0, flags yes or no', () => {
    const save = (rule: ConditionalRuleInput) => given(createdEvents()).when(as({ type: 'SaveConditionalRule', data: { template_id: templateId, rule } }));
    expect(save({ ...feeRule, bid_field: 'interest_rate', modifier: { type: 'percentage_discount', value: 120 } })).toEqual(
      failsWith(bidTemplateErrors.invalid, { 'rule.modifier.value': ['Should be between 0 and 100'] }),
    );
    expect(save({ ...feeRule, modifier: { type: 'reduce_base_value', value: -1 } })).toEqual(failsWith(bidTemplateErrors.invalid, { 'rule.modifier.value': ['Should be at least 0'] }));
    expect(save({ ...feeRule, bid_field: 'offset', modifier: { type: 'new_value', value: 1 } })).toEqual(failsWith(bidTemplateErrors.invalid, { 'rule.modifier.value': ['This change does not fit this field.'] }));
    expect(save({ ...feeRule, bid_field: 'offset', modifier: { type: 'new_boolean_value', value: true } })).toMatchObject({ ok: true, events: [{ type: 'ConditionalRuleSaved' }] });
  });
});

describe('location rules', () => {
  const location = { uuid: '5d0c1c1e-7a51-4c3e-9f1a-0000000000b1', address_type: 'state' as const, state: 'VIC', postcode: null, suburb: null };

  it('clearing the list type deletes every rule first (spec 3 §4)', () => {
    const added = given(createdEvents()).when(as({ type: 'AddLocationRule', data: { template_id: templateId, rule: location } }));
    if (!added.ok) throw new Error(added.error.message);
    const history = [...createdEvents(), ...added.events];
    expect(given(history).when(as({ type: 'SetLocationListType', data: { template_id: templateId, location_list_type: null } }))).toEqual({
      ok: true,
      events: [
        { type: 'LocationRuleDeleted', data: { template_id: templateId, rule_id: location.uuid } },
        { type: 'LocationListTypeSet', data: { template_id: templateId, location_list_type: null } },
      ],
    });
  });
});

describe('deleting a bid template', () => {
  const remove = (actor: TemplateActor) => as({ type: 'DeleteBidTemplate', data: { template_id: templateId } }, actor);

  it('needs delete_bid_template (or an admin), and then nothing more can change', () => {
    expect(given(createdEvents()).when(remove({ ...ownerActor, permissions: { ...ownerActor.permissions, delete_bid_template: false } }))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    const deleted = given(createdEvents()).when(remove(ownerActor));
    expect(deleted).toMatchObject({ ok: true, events: [{ type: 'BidTemplateDeleted', data: { deleted_by: ownerId } }] });
    const history = [...createdEvents(), ...(deleted as { events: BidTemplateEvent[] }).events];
    expect(given(history).when(remove(admin))).toEqual(failsWith(bidTemplateErrors.notFound));
  });
});

describe('two people saving the same template', () => {
  it('the later save, made from the revision before the earlier one, is refused (409), not written over it', () => {
    const rename = (name: string, expected_revision: number) =>
      as({ type: 'ChangeBidTemplateDetails', data: { template_id: templateId, owner, details: { ...details, name }, fee_rules: null, expected_revision } });
    const first = given(createdEvents()).when(rename('First save', 0));
    if (!first.ok) throw new Error(first.error.message);
    const history = [...createdEvents(), ...first.events];
    expect(given(history).when(rename('Second save', 0))).toEqual(failsWith(bidTemplateErrors.changedMeanwhile));
    expect(given(history).when(rename('Second save', 1)).ok).toBe(true);
  });
});

describe('auto-bidding (spec 3 §4)', () => {
  const later = (days: number) => new Date(Date.parse(now) + days * 86_400_000).toISOString();
  const change = (data: { auto_bidding: boolean; scope?: 'only_new_posts' | 'open_posts' | null; review_period?: number | null }, actor: TemplateActor = ownerActor) =>
    as({ type: 'ChangeAutoBidding', data: { template_id: templateId, valid_for_days: 14, max_review_period: 14, ...data } }, actor);
  const after = (history: BidTemplateEvent[], command: BidTemplateCommand) => {
    const decision = given(history).when(command);
    if (!decision.ok) throw new Error(decision.error.message);
    return [...history, ...decision.events];
  };
  const stateOf = (history: BidTemplateEvent[]) => {
    const state = history.reduce(bidTemplateDecider.evolve, bidTemplateDecider.initialState());
    if (state.status !== 'kept') throw new Error('no template');
    return state.template.auto_bidding;
  };
  const expire = (at: string) => ({ type: 'ExpireAutoBidding', data: { template_id: templateId }, metadata: { actor: admin, now: at } }) as BidTemplateCommand;

  describe('when the template is pending (never turned on)', () => {
    it('starts pending with valid_for and expiry cleared and public false', () => {
      expect(stateOf(createdEvents())).toEqual({ status: 'pending', valid_for: null, expiry_on: null, public: false, review_period: null, scope: null });
    });

    it('ticking on activates for the configured days with the execution option, only_new_posts by default', () => {
      expect(given(createdEvents()).when(change({ auto_bidding: true }))).toEqual({
        ok: true,
        events: [
          {
            type: 'AutoBiddingActivated',
            data: { template_id: templateId, valid_for: 14, expiry_on: later(14), action: 'execute', scope: 'only_new_posts', review_period: 14, activated_by: ownerId, activated_at: now },
          },
        ],
      });
      const history = after(createdEvents(), change({ auto_bidding: true, scope: 'open_posts', review_period: 7 }));
      expect(stateOf(history)).toEqual({ status: 'active', valid_for: 14, expiry_on: later(14), public: false, review_period: 7, scope: 'open_posts' });
    });

    it('takes the validity of the system configuration, not a constant', () => {
      const command = as({ type: 'ChangeAutoBidding', data: { template_id: templateId, auto_bidding: true, valid_for_days: 21, max_review_period: 14 } });
      expect(given(createdEvents()).when(command)).toMatchObject({ ok: true, events: [{ data: { valid_for: 21, expiry_on: later(21) } }] });
    });

    it('unticking records nothing: it was never on', () => {
      expect(given(createdEvents()).when(change({ auto_bidding: false }))).toEqual({ ok: true, events: [] });
    });
  });

  describe('the review period', () => {
    it('runs 1 to the provider’s max_auto_bidding_review_period', () => {
      const refused = (review_period: number, max = 14) =>
        given(createdEvents()).when(as({ type: 'ChangeAutoBidding', data: { template_id: templateId, auto_bidding: true, review_period, valid_for_days: 14, max_review_period: max } }));
      expect(refused(0)).toEqual(failsWith(bidTemplateErrors.invalid, { review_period: ['Choose a review period from 1 to 14 days.'] }));
      expect(refused(15)).toEqual(failsWith(bidTemplateErrors.invalid, { review_period: ['Choose a review period from 1 to 14 days.'] }));
      expect(refused(1.5)).toEqual(failsWith(bidTemplateErrors.invalid));
      expect(refused(10, 7)).toEqual(failsWith(bidTemplateErrors.invalid, { review_period: ['Choose a review period from 1 to 7 days.'] }));
      expect(refused(1).ok).toBe(true);
      expect(refused(14).ok).toBe(true);
    });
  });

  describe('when the template is active', () => {
    const active = () => after(createdEvents(), change({ auto_bidding: true, scope: 'open_posts', review_period: 5 }));

    it('unticking deactivates: valid_for and expiry cleared, public false', () => {
      expect(given(active()).when(change({ auto_bidding: false }))).toEqual({
        ok: true,
        events: [{ type: 'AutoBiddingDeactivated', data: { template_id: templateId, deactivated_by: ownerId, deactivated_at: now } }],
      });
      expect(stateOf(after(active(), change({ auto_bidding: false })))).toEqual({ status: 'deactivated', valid_for: null, expiry_on: null, public: false, review_period: 5, scope: 'open_posts' });
    });

    it('ticking on again renews the validity and rescans, keeping the review period unless one is chosen', () => {
      expect(given(active()).when(change({ auto_bidding: true }))).toMatchObject({ ok: true, events: [{ data: { action: 'rescan', scope: null, review_period: 5, expiry_on: later(14) } }] });
    });

    it('refuses an execution option: it is chosen only on the first activation', () => {
      expect(given(active()).when(change({ auto_bidding: true, scope: 'only_new_posts' }))).toEqual(
        failsWith(bidTemplateErrors.invalid, { scope: ['The execution option is chosen only when auto-bidding is turned on for the first time.'] }),
      );
    });

    it('expires into inactive once its expiry has passed, not before', () => {
      expect(given(active()).when(expire(later(13)))).toEqual({ ok: true, events: [] });
      const expired = after(active(), expire(later(14)));
      expect(stateOf(expired)).toMatchObject({ status: 'inactive', valid_for: null, expiry_on: null, public: false });
    });

    it('the auto-bidder stops it with a reason: inactive, naming the owner and the template for the notice', () => {
      const stop = as({ type: 'StopAutoBidding', data: { template_id: templateId, reason: 'provider_suspended', post_id: postIdOfStop } });
      const decided = given(active()).when(stop);
      expect(decided).toMatchObject({
        ok: true,
        events: [{ type: 'AutoBiddingStopped', data: { template_id: templateId, owner_id: ownerId, reason: 'provider_suspended', post_id: postIdOfStop, stopped_at: now } }],
      });
      const stopped = after(active(), stop);
      expect(stateOf(stopped)).toMatchObject({ status: 'inactive', valid_for: null, expiry_on: null, public: false });
      // Once: a second refused post (or a replay) finds it stopped and records nothing.
      expect(given(stopped).when(as({ type: 'StopAutoBidding', data: { template_id: templateId, reason: 'bidding_limit_reached', post_id: postIdOfStop } }))).toEqual({ ok: true, events: [] });
    });
  });

  describe('when the template was turned off', () => {
    const deactivated = () => after(after(createdEvents(), change({ auto_bidding: true })), change({ auto_bidding: false }));

    it('ticking on again is a rescan, never a new execution option', () => {
      expect(given(deactivated()).when(change({ auto_bidding: true }))).toMatchObject({ ok: true, events: [{ type: 'AutoBiddingActivated', data: { action: 'rescan', scope: null } }] });
      expect(given(deactivated()).when(change({ auto_bidding: true, scope: 'open_posts' }))).toEqual(failsWith(bidTemplateErrors.invalid));
    });

    it('an inactive (expired) one stays inactive when unticked', () => {
      const inactive = after(after(createdEvents(), change({ auto_bidding: true })), expire(later(15)));
      expect(given(inactive).when(change({ auto_bidding: false }))).toEqual({ ok: true, events: [] });
      expect(stateOf(inactive).status).toBe('inactive');
    });
  });

  describe('who may change it', () => {
    it('needs execute_automatic_bidding on a template one may change; admins always', () => {
      expect(given(createdEvents()).when(change({ auto_bidding: true }, { ...ownerActor, permissions: { ...ownerActor.permissions, execute_automatic_bidding: false } }))).toEqual(
        failsWith(bidTemplateErrors.notAllowed),
      );
      expect(given(createdEvents()).when(change({ auto_bidding: true }, colleague({ execute_automatic_bidding: true })))).toEqual(failsWith(bidTemplateErrors.notAllowed));
      expect(given(createdEvents()).when(change({ auto_bidding: true }, colleague({ update_organisation_bid_template: true }))).ok).toBe(true);
      expect(given(createdEvents()).when(change({ auto_bidding: true }, admin)).ok).toBe(true);
      expect(given(createdEvents()).when(change({ auto_bidding: true }, customer))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    });
  });
});

describe('interactive matching (spec 3 §4)', () => {
  const set = (interactive_matching: boolean, valid_for?: number | null, actor: TemplateActor = ownerActor) =>
    as({ type: 'SetInteractiveMatching', data: { template_id: templateId, interactive_matching, default_valid_for: 7, ...(valid_for === undefined ? {} : { valid_for }) } }, actor);

  it('ticking on sets the flag with a validity of 1 to 7 days and the expiry day, YYYY-MM-DD in Sydney', () => {
    // 2026-11-27 10:00 UTC is 21:00 in Sydney: 3 days on is 30 November there.
    expect(given(createdEvents()).when(set(true, 3))).toEqual({
      ok: true,
      events: [{ type: 'InteractiveMatchingSet', data: { template_id: templateId, interactive_matching: true, valid_for: 3, expiration_date: '2026-11-30', set_by: ownerId, set_at: now } }],
    });
    expect(given(createdEvents()).when(set(true))).toMatchObject({ ok: true, events: [{ data: { valid_for: 7, expiration_date: '2026-12-04' } }] });
  });

  it('refuses a validity outside 1 to 7 days, or one given while unticking', () => {
    for (const days of [0, 8, 2.5]) {
      expect(given(createdEvents()).when(set(true, days))).toEqual(failsWith(bidTemplateErrors.invalid, { interactive_matching_valid_for: ['Choose a validity from 1 to 7 days.'] }));
    }
    expect(given(createdEvents()).when(set(false, 3))).toEqual(failsWith(bidTemplateErrors.invalid, { interactive_matching_valid_for: ['A validity is chosen only when interactive matching is ticked on.'] }));
  });

  it('unticking clears the validity and the expiry; unticking again records nothing', () => {
    const on = given(createdEvents()).when(set(true, 2));
    if (!on.ok) throw new Error(on.error.message);
    const history = [...createdEvents(), ...on.events];
    expect(given(history).when(set(false))).toMatchObject({ ok: true, events: [{ data: { interactive_matching: false, valid_for: null, expiration_date: null } }] });
    expect(given(createdEvents()).when(set(false))).toEqual({ ok: true, events: [] });
  });

  it('is changed by whoever may change the template; never a customer', () => {
    expect(given(createdEvents()).when(set(true, 1, admin)).ok).toBe(true);
    expect(given(createdEvents()).when(set(true, 1, colleague()))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given(createdEvents()).when(set(true, 1, customer))).toEqual(failsWith(bidTemplateErrors.notAllowed));
  });
});

describe('floor and step (issue 29 item 7)', () => {
  const setting = { floor_comparison_rate: 6, step: 0.05, max_improvements_per_post: 3 };
  const set = (improvement: unknown, actor: TemplateActor = ownerActor) => as({ type: 'SetAutoBidImprovement', data: { template_id: templateId, improvement } }, actor);

  it('is set on the template and read back by the fold; cleared with null', () => {
    const decided = given(createdEvents()).when(set(setting));
    expect(decided).toEqual({ ok: true, events: [{ type: 'AutoBidImprovementSet', data: { template_id: templateId, improvement: setting, set_by: ownerId, set_at: now } }] });
    const history = [...createdEvents(), ...(decided as { events: BidTemplateEvent[] }).events];
    const state = history.reduce(bidTemplateDecider.evolve, bidTemplateDecider.initialState());
    expect(state.status === 'kept' && state.template.improvement).toEqual(setting);
    expect(given(history).when(set({ ...setting }))).toEqual({ ok: true, events: [] });
    expect(given(history).when(set(null))).toMatchObject({ ok: true, events: [{ data: { improvement: null } }] });
  });

  it('refuses a floor not below the template’s comparison rate (6.35%) under its field', () => {
    expect(given(createdEvents()).when(set({ ...setting, floor_comparison_rate: 6.35 }))).toEqual(
      failsWith(bidTemplateErrors.invalid, { 'improvement.floor_comparison_rate': ["The floor must be below the template's comparison rate (6.35%)."] }),
    );
  });

  it('needs execute_automatic_bidding on a template one may change, as turning auto-bidding on does; admins always', () => {
    expect(given(createdEvents()).when(set(setting, { ...ownerActor, permissions: { ...ownerActor.permissions, execute_automatic_bidding: false } }))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given(createdEvents()).when(set(setting, colleague()))).toEqual(failsWith(bidTemplateErrors.notAllowed));
    expect(given(createdEvents()).when(set(setting, admin)).ok).toBe(true);
    expect(given(createdEvents()).when(set(setting, customer))).toEqual(failsWith(bidTemplateErrors.notAllowed));
  });
});
