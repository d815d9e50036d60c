import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bidFormSchema } from '../bid/schemas';
import { evaluateTemplate, type TemplateRules } from './evaluation';
import { type Modifier, modifierTypes } from './modifiers';
import { modifiableBidFieldNames, modifiableBidFields, type PostRuleFacts } from './rule-fields';
import type { ConditionalRule } from './rules';

const bid = bidFormSchema.parse({
  bid_type: 'normal',
  organisation_uuid: '0b5a0e57-1f43-4a8e-9d0c-1a2b3c4d5e6f',
  interest_rate: 6.2,
  comparison_rate: 6.35,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  application_fee_value: 600,
  required_documents: [{ document_type: 'Payslips', description: null, quantity: 2, mandatory: true }],
});

const facts: PostRuleFacts = {
  loan_amount: 600_000,
  maximum_lvr: 55,
  property_market_value: 1_090_909,
  loan_type: 'refinance',
  loan_purpose: 'owner',
  rate_type: 'variable',
  repayment_type: 'principal_and_interest',
  credit_band: 'ExcellentCreditBand',
  number_of_applicants: 2,
  state: 'NSW',
  postcode: '2000',
  suburb: 'Sydney',
};

/** The worked example of docs/bid-templates.md. */
const template: TemplateRules = {
  bid,
  qualifying_rules: [
    { rule_field: 'loan_amount', min_value: 200_000, max_value: 5_000_000, value: null },
    { rule_field: 'maximum_lvr', min_value: 0, max_value: 95, value: null },
    { rule_field: 'loan_type', min_value: null, max_value: null, value: 'refinance;new_loan' },
  ],
  conditional_rules: [
    {
      uuid: 'c1',
      bid_field: 'interest_rate',
      operator: 'all',
      conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 60, value: null }],
      modifier: { type: 'percentage_discount', value: 2 },
    },
    {
      uuid: 'c2',
      bid_field: 'interest_rate',
      operator: 'all',
      conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 80, value: null }],
      modifier: { type: 'reduce_base_value', value: 0.05 },
    },
    { uuid: 'c3', bid_field: 'waived', operator: 'any', conditions: [{ rule_field: 'credit_band', min_value: null, max_value: null, value: 'ExcellentCreditBand' }], modifier: { type: 'new_boolean_value', value: true } },
  ],
  location_list_type: 'whitelist',
  location_rules: [{ uuid: 'l1', address_type: 'postcode', state: 'NSW', postcode: '2000', suburb: null }],
};

describe('evaluating a template against a post', () => {
  it('bids with the first matching band’s discount and traces every rule', () => {
    const result = evaluateTemplate(template, facts);
    expect(result.bids).toBe(true);
    if (!result.bids) return;
    // 6.20% × (1 − 2/100) = 6.076% → 6.08%; the second band also matches but the first one already changed the rate.
    expect(result.bid.interest_rate).toBe(6.08);
    expect(result.bid.waived).toBe(true);
    expect(result.trace.map((t) => [t.step, t.passed])).toEqual([
      ['qualifying', true],
      ['qualifying', true],
      ['qualifying', true],
      ['location', true],
      ['conditional', true],
      ['conditional', true],
      ['conditional', true],
      ['lvr', true],
    ]);
    expect(result.trace[0]).toMatchObject({ rule: 'Loan amount', post_value: '$600,000', bound: '$200,000 to $5,000,000' });
    expect(result.trace[4]?.detail).toBe('Interest rate: 6.20% → 6.08% (Discount (%) 2.00%).');
    expect(result.trace[5]?.detail).toBe('An earlier rule already changed Interest rate: not applied.');
  });

  it('does not bid when a qualifying rule fails, and says which', () => {
    const result = evaluateTemplate(template, { ...facts, loan_amount: 6_000_000 });
    expect(result).toMatchObject({ bids: false, reason: 'qualifying' });
    expect(result.trace.find((t) => !t.passed)).toMatchObject({ rule: 'Loan amount', post_value: '$6,000,000', bound: '$200,000 to $5,000,000' });
  });

  it('does not bid outside the whitelist; an empty whitelist limits nothing', () => {
    expect(evaluateTemplate(template, { ...facts, postcode: '3000', state: 'VIC', suburb: 'Melbourne' })).toMatchObject({ bids: false, reason: 'location' });
    expect(evaluateTemplate({ ...template, location_rules: [] }, { ...facts, postcode: '3000', state: 'VIC' }).bids).toBe(true);
  });

  it('does not bid when the modifiers push a value outside the bid bounds, and the trace says why', () => {
    const tooLow: ConditionalRule = { uuid: 'x', bid_field: 'interest_rate', operator: 'all', conditions: [], modifier: { type: 'reduce_base_value', value: 5 } };
    const result = evaluateTemplate({ ...template, conditional_rules: [tooLow] }, facts);
    expect(result).toMatchObject({ bids: false, reason: 'bid' });
    expect(result.trace.at(-1)).toMatchObject({ step: 'bid', rule: 'Interest rate', bound: 'Min value is 1.5', passed: false });
  });

  it('does not bid above its maximum LVR (the bid form’s LVR block)', () => {
    const result = evaluateTemplate({ ...template, qualifying_rules: [] }, { ...facts, maximum_lvr: 92.5 });
    expect(result).toMatchObject({ bids: false, reason: 'lvr' });
    expect(result.trace.at(-1)).toMatchObject({ post_value: '92.50%', bound: 'at most 90.00%', detail: "Your bid doesn't suit this post" });
  });
});

// ── Properties ─────────────────────────────────────────────────────────────────────────────────────────────────

const hundredths = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);
const arbitraryFacts: fc.Arbitrary<PostRuleFacts> = fc.record({
  loan_amount: fc.integer({ min: 200_000, max: 15_000_000 }),
  maximum_lvr: hundredths(0, 120),
  property_market_value: fc.integer({ min: 100_000, max: 50_000_000 }),
  loan_type: fc.constantFrom('refinance', 'new_loan'),
  loan_purpose: fc.constantFrom('owner', 'investment'),
  rate_type: fc.constantFrom('any', 'fixed', 'variable', 'split'),
  repayment_type: fc.constantFrom('any', 'principal_and_interest', 'interest_only'),
  credit_band: fc.constantFrom(null, 'LowCreditBand', 'ExcellentCreditBand'),
  number_of_applicants: fc.integer({ min: 1, max: 4 }),
  state: fc.constantFrom('NSW', 'VIC', null),
  postcode: fc.constantFrom('2000', '3000', null),
  suburb: fc.constantFrom('Sydney', 'Melbourne', null),
});
const arbitraryModifier: fc.Arbitrary<Modifier> = fc.oneof(
  fc.record({ type: fc.constant('new_boolean_value' as const), value: fc.boolean() }),
  fc.record({ type: fc.constantFrom(...modifierTypes.filter((t) => t !== 'new_boolean_value')), value: hundredths(0, 100) }),
);
const arbitraryRule: fc.Arbitrary<ConditionalRule> = fc.record({
  uuid: fc.uuid(),
  bid_field: fc.constantFrom(...modifiableBidFieldNames),
  operator: fc.constantFrom('all' as const, 'any' as const),
  conditions: fc.array(fc.record({ rule_field: fc.constant('maximum_lvr' as const), min_value: hundredths(0, 60), max_value: hundredths(60, 100), value: fc.constant(null) }), { maxLength: 2 }),
  modifier: arbitraryModifier,
});
const arbitraryTemplate = fc.record({ rules: fc.array(arbitraryRule, { maxLength: 5 }), maximumLvr: hundredths(0, 100), rate: hundredths(1.5, 15) }).map(
  ({ rules, maximumLvr, rate }): TemplateRules => ({ ...template, bid: { ...bid, maximum_lvr: maximumLvr, interest_rate: rate }, conditional_rules: rules, location_rules: [], qualifying_rules: [] }),
);

describe('the evaluation (properties)', () => {
  it('is deterministic', () => {
    fc.assert(
      fc.property(arbitraryTemplate, arbitraryFacts, (t, f) => {
        expect(evaluateTemplate(t, f)).toEqual(evaluateTemplate(t, f));
      }),
    );
  });

  it('never places a bid outside the bid bounds or above the post’s LVR block', () => {
    fc.assert(
      fc.property(arbitraryTemplate, arbitraryFacts, (t, f) => {
        const result = evaluateTemplate(t, f);
        if (!result.bids) return;
        expect(bidFormSchema.safeParse(result.bid).success).toBe(true);
        expect(result.bid.maximum_lvr).toBeGreaterThanOrEqual(f.maximum_lvr);
        for (const field of modifiableBidFieldNames) {
          const value = result.bid[field];
          const bounds = modifiableBidFields[field];
          if (typeof value === 'number' && 'min' in bounds) {
            expect(value).toBeGreaterThanOrEqual(bounds.min);
            expect(value).toBeLessThanOrEqual(bounds.max);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('traces one entry per qualifying rule, then per conditional rule, when the post qualifies', () => {
    fc.assert(
      fc.property(arbitraryTemplate, arbitraryFacts, (t, f) => {
        const result = evaluateTemplate(t, f);
        expect(result.trace.filter((e) => e.step === 'conditional')).toHaveLength(t.conditional_rules.length);
      }),
    );
  });
});
