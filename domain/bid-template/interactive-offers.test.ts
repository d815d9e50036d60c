import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BidForm, bidFormSchema } from '../bid/schemas';
import { comparisonLoanFactsOf, comparisonLoanSchema, comparisonPageSize } from './comparison-loan';
import { evaluateTemplate, type TemplateRules } from './evaluation';
import { annualOngoingFees, compareOffers, type InteractiveCandidate, interactiveMatches, isOfferedOn, pageOfOffers } from './interactive-offers';
import type { PostRuleFacts } from './rule-fields';
import type { ConditionalRule, QualifyingRule } from './rules';

// The comparison tool's offers (spec 2 §4 "Offers ranking", §9; docs/bid-templates.md "Interactive matching: the
// evaluation"): which templates a loan gets, the bid after modifiers, the order and the pages.

const today = '2026-11-29';

describe('which templates are offered', () => {
  it('only ticked on, up to and including the expiry day, of an active provider', () => {
    expect(isOfferedOn({ interactive_matching: true, expiration_date: today }, today)).toBe(true);
    expect(isOfferedOn({ interactive_matching: true, expiration_date: '2026-12-06' }, today)).toBe(true);
    expect(isOfferedOn({ interactive_matching: true, expiration_date: '2026-11-28' }, today)).toBe(false);
    expect(isOfferedOn({ interactive_matching: false, expiration_date: null }, today)).toBe(false);
    const offered = interactiveMatches([candidate('a'), candidate('b', { provider_active: false }), candidate('c', { expiration_date: '2026-11-28' }), candidate('d', { interactive_matching: false })], facts, today);
    expect(offered.map((offer) => offer.home_loan_bid_template_uuid)).toEqual([uuid('a')]);
  });

  it('tests the template’s rules: a loan outside its qualifying range or its places gets nothing', () => {
    const small: QualifyingRule = { rule_field: 'loan_amount', min_value: 500_000, max_value: 5_000_000, value: null };
    const investors: QualifyingRule = { rule_field: 'loan_purpose', min_value: null, max_value: null, value: 'investment' };
    const inVictoria = candidate('v', { rules: { ...rules(), location_rules: [{ uuid: 'l', address_type: 'state', state: 'VIC', postcode: null, suburb: null }] } });
    const offered = interactiveMatches([candidate('s', { qualifying: [small] }), candidate('i', { qualifying: [investors] }), inVictoria, candidate('ok')], facts, today);
    expect(offered.map((offer) => offer.home_loan_bid_template_uuid)).toEqual([uuid('ok')]);
  });

  it('a rule on the credit band turns the tool’s loan away: the tool asks no credit history', () => {
    const excellent: QualifyingRule = { rule_field: 'credit_band', min_value: null, max_value: null, value: 'ExcellentCreditBand' };
    expect(interactiveMatches([candidate('e', { qualifying: [excellent] })], facts, today)).toEqual([]);
  });
});

describe('the offer', () => {
  it('is the bid after the conditional rules, with the annual ongoing fees and the organisation, nothing of the rules', () => {
    const lowLvr: ConditionalRule = {
      uuid: 'c1',
      bid_field: 'comparison_rate',
      operator: 'all',
      conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 80, value: null }],
      modifier: { type: 'reduce_base_value', value: 0.25 },
    };
    const [offer] = interactiveMatches([candidate('m', { conditional: [lowLvr], bid: { ongoing_fees_value: 10, ongoing_fees_period: 'per_month' } })], facts, today);
    expect(offer).toEqual({
      home_loan_bid_template_uuid: uuid('m'),
      expiry_on: '2026-12-01',
      home_loan_bid: expect.objectContaining({ comparison_rate: 6.1, interest_rate: 6.2, ongoing_fees_value: 10, ongoing_fees_period: 'per_month', ongoing_fees_annual: 120, organisation: organisation }),
    });
    expect(Object.keys(offer!.home_loan_bid)).not.toEqual(expect.arrayContaining(['qualifying_rules']));
    for (const hidden of ['fsp_user_uuid', 'home_loan_bid_template_uuid', 'required_documents', 'offer_description', 'disclaimer', 'bid_type', 'show_private']) {
      expect(offer!.home_loan_bid).not.toHaveProperty(hidden);
    }
    // Above 80% the band does not hold: the template's own rate.
    const [high] = interactiveMatches([candidate('m', { conditional: [lowLvr] })], { ...facts, maximum_lvr: 85 }, today);
    expect(high?.home_loan_bid.comparison_rate).toBe(6.35);
  });

  it('annual ongoing fees are the monthly value times 12 (spec 2 §9), an annual value as it is', () => {
    expect(annualOngoingFees({ ongoing_fees_value: 9.99, ongoing_fees_period: 'per_month' })).toBe(119.88);
    expect(annualOngoingFees({ ongoing_fees_value: 395, ongoing_fees_period: 'per_annum' })).toBe(395);
  });

  it('an anonymous template that keeps its organisation private shows none', () => {
    const [offer] = interactiveMatches([candidate('p', { bid: { bid_type: 'anonymous', show_private: true } })], facts, today);
    expect(offer?.home_loan_bid.organisation).toBeNull();
    const [open] = interactiveMatches([candidate('p', { bid: { bid_type: 'anonymous', show_private: false } })], facts, today);
    expect(open?.home_loan_bid.organisation).toEqual(organisation);
  });
});

describe('the ranking and the pages', () => {
  it('lowest comparison rate first, then the lowest interest rate, then the template’s uuid', () => {
    const offered = interactiveMatches(
      [
        candidate('d', { bid: { comparison_rate: 6.0, interest_rate: 5.9 } }),
        candidate('c', { bid: { comparison_rate: 6.0, interest_rate: 5.8 } }),
        candidate('b', { bid: { comparison_rate: 6.0, interest_rate: 5.8 } }),
        candidate('a', { bid: { comparison_rate: 6.5, interest_rate: 5.0 } }),
      ],
      facts,
      today,
    );
    expect(offered.map((offer) => offer.home_loan_bid_template_uuid)).toEqual([uuid('b'), uuid('c'), uuid('d'), uuid('a')]);
  });

  it('20 a page, first page 1; a page past the last is empty with the total', () => {
    const offers = interactiveMatches(
      Array.from({ length: 45 }, (_, i) => candidate(i.toString(16), { bid: { comparison_rate: 5 + i / 100 } })),
      facts,
      today,
    );
    expect(comparisonPageSize).toBe(20);
    const pages = [1, 2, 3, 4].map((page) => pageOfOffers(offers, page, comparisonPageSize));
    expect(pages.map((page) => page.records.length)).toEqual([20, 20, 5, 0]);
    expect(pages.every((page) => page.total_records === 45 && page.per_page === 20)).toBe(true);
    expect(pages.flatMap((page) => page.records)).toEqual(offers);
  });
});

// ── Properties ─────────────────────────────────────────────────────────────────────────────────────────────────

const hundredths = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);
const arbitraryLoan = fc
  .record({
    loan_amount: fc.integer({ min: 200_000, max: 3_000_000 }),
    lvr: fc.integer({ min: 10, max: 90 }),
    loan_type: fc.constantFrom('refinance', 'new_loan'),
    loan_purpose: fc.constantFrom('owner', 'investment'),
    state: fc.constantFrom('NSW', 'VIC', null),
  })
  .map(({ loan_amount, lvr, ...rest }) => comparisonLoanFactsOf(comparisonLoanSchema.parse({ loan_amount, property_market_value: Math.ceil((loan_amount * 100) / lvr), ...rest })));
/** Bands lenders use, so a loan meets some and misses others. */
const arbitraryRange = (field: 'loan_amount' | 'maximum_lvr', bands: readonly (readonly [number, number])[]) =>
  fc.constantFrom(...bands).map(([min, max]): QualifyingRule => ({ rule_field: field, min_value: min, max_value: max, value: null }));
const amountBands = [[200_000, 5_000_000], [200_000, 1_000_000], [1_000_000, 3_000_000], [500_000, 15_000_000]] as const;
const lvrBands = [[0, 95], [0, 80], [0, 60], [60, 90]] as const;
const arbitraryCandidate: fc.Arbitrary<InteractiveCandidate> = fc
  .record({
    id: fc.uuid(),
    amountRange: fc.option(arbitraryRange('loan_amount', amountBands), { nil: null }),
    lvrRange: fc.option(arbitraryRange('maximum_lvr', lvrBands), { nil: null }),
    loanTypes: fc.constantFrom('', 'refinance', 'new_loan', 'refinance;new_loan'),
    purposes: fc.constantFrom('', 'owner', 'investment'),
    discount: hundredths(0, 2),
    comparisonRate: hundredths(4, 9),
    interestRate: hundredths(4, 9),
    maximumLvr: fc.integer({ min: 50, max: 100 }),
    // Mostly offered, so most runs have offers to rank.
    inVictoria: fc.constantFrom(false, false, false, true),
    interactive: fc.constantFrom(true, true, true, false),
    expiration: fc.constantFrom('2026-11-28', today, today, '2026-11-30', '2026-12-06'),
    active: fc.constantFrom(true, true, true, false),
  })
  .map((a) =>
    candidate(a.id, {
      raw: true,
      qualifying: [
        ...(a.amountRange ? [a.amountRange] : []),
        ...(a.lvrRange ? [a.lvrRange] : []),
        { rule_field: 'loan_type', min_value: null, max_value: null, value: a.loanTypes },
        { rule_field: 'loan_purpose', min_value: null, max_value: null, value: a.purposes },
      ],
      conditional: [{ uuid: 'c', bid_field: 'interest_rate', operator: 'all', conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 80, value: null }], modifier: { type: 'reduce_base_value', value: a.discount } }],
      bid: { comparison_rate: a.comparisonRate, interest_rate: a.interestRate, maximum_lvr: a.maximumLvr },
      location: a.inVictoria ? [{ uuid: 'l', address_type: 'state', state: 'VIC', postcode: null, suburb: null }] : [],
      interactive_matching: a.interactive,
      expiration_date: a.interactive ? a.expiration : null,
      provider_active: a.active,
    }),
  );

describe('the offers (properties)', () => {
  const offerCounts: number[] = [];
  it('every offer is of a template offered today, of an active provider, whose rules the loan meets, with its bid; and none is missed', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { minLength: 5, maxLength: 30 }), arbitraryLoan, (candidates, loanFacts) => {
        const offers = interactiveMatches(candidates, loanFacts, today);
        const byId = new Map(candidates.map((c) => [c.template_id, c]));
        for (const offer of offers) {
          const source = byId.get(offer.home_loan_bid_template_uuid)!;
          expect(source.provider_active && isOfferedOn(source, today)).toBe(true);
          const evaluation = evaluateTemplate(source.rules, loanFacts);
          expect(evaluation.bids).toBe(true);
          if (!evaluation.bids) continue;
          expect(offer.home_loan_bid).toMatchObject({ interest_rate: evaluation.bid.interest_rate, comparison_rate: evaluation.bid.comparison_rate, maximum_lvr: evaluation.bid.maximum_lvr });
          expect(evaluation.bid.maximum_lvr).toBeGreaterThanOrEqual(loanFacts.maximum_lvr);
        }
        const expected = candidates.filter((c) => c.provider_active && isOfferedOn(c, today) && evaluateTemplate(c.rules, loanFacts).bids);
        expect(new Set(offers.map((offer) => offer.home_loan_bid_template_uuid))).toEqual(new Set(expected.map((c) => c.template_id)));
        offerCounts.push(offers.length);
      }),
      { numRuns: 200 },
    );
    // Not vacuous: most runs offer something.
    expect(offerCounts.filter((n) => n > 0).length).toBeGreaterThan(offerCounts.length / 2);
  });

  it('the list is sorted (comparison rate, interest rate, uuid) and the pages split it without overlap', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { minLength: 5, maxLength: 50 }), arbitraryLoan, fc.integer({ min: 1, max: 10 }), (candidates, loanFacts, perPage) => {
        const offers = interactiveMatches(candidates, loanFacts, today);
        for (let i = 1; i < offers.length; i++) expect(compareOffers(offers[i - 1]!, offers[i]!)).toBeLessThanOrEqual(0);
        for (let i = 1; i < offers.length; i++) expect(offers[i - 1]!.home_loan_bid.comparison_rate).toBeLessThanOrEqual(offers[i]!.home_loan_bid.comparison_rate);
        const pages = Array.from({ length: Math.ceil(offers.length / perPage) + 1 }, (_, i) => pageOfOffers(offers, i + 1, perPage).records);
        expect(pages.flat()).toEqual(offers);
        // The order does not depend on the order the read model answered in.
        expect(interactiveMatches([...candidates].reverse(), loanFacts, today)).toEqual(offers);
      }),
      { numRuns: 200 },
    );
  });
});

// ── Fixtures ───────────────────────────────────────────────────────────────────────────────────────────────────

const organisation = { uuid: '0b5a0e57-1f43-4a8e-9d0c-1a2b3c4d5e6f', name: 'Harbour Bank', logo: '/files/logo' };
const bid = bidFormSchema.parse({
  bid_type: 'normal',
  organisation_uuid: organisation.uuid,
  product_name: 'Harbour Basic Variable',
  interest_rate: 6.2,
  comparison_rate: 6.35,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  required_documents: [{ document_type: 'Payslips', description: null, quantity: 2, mandatory: true }],
});
/** A $200,000 refinance of a $250,000 owner-occupied home in NSW: the tool's defaults (spec 2 §3), LVR 80%. */
const facts: PostRuleFacts = comparisonLoanFactsOf(
  comparisonLoanSchema.parse({ loan_amount: 200_000, property_market_value: 250_000, loan_type: 'refinance', loan_purpose: 'owner', state: 'NSW', postcode: '2000' }),
);
const initialQualifying: QualifyingRule[] = [
  { rule_field: 'loan_amount', min_value: 200_000, max_value: 5_000_000, value: null },
  { rule_field: 'maximum_lvr', min_value: 0, max_value: 95, value: null },
];
const rules = (): TemplateRules => ({ bid, qualifying_rules: initialQualifying, conditional_rules: [], location_list_type: 'whitelist', location_rules: [] });
/** A short name as a uuid, so tests read 'a', 'b' and the tie-break by uuid follows the names. */
const uuid = (name: string) => (name.length === 36 ? name : `00000000-0000-4000-8000-${name.padStart(12, '0')}`);

type Options = Partial<Omit<InteractiveCandidate, 'rules'>> & {
  rules?: TemplateRules;
  raw?: true;
  qualifying?: QualifyingRule[];
  conditional?: ConditionalRule[];
  location?: TemplateRules['location_rules'];
  bid?: Partial<BidForm>;
};
function candidate(name: string, options: Options = {}): InteractiveCandidate {
  const base = options.rules ?? rules();
  return {
    template_id: uuid(name),
    rules: {
      ...base,
      bid: { ...base.bid, ...options.bid },
      qualifying_rules: options.qualifying ? [...(options.raw ? [] : initialQualifying), ...options.qualifying] : base.qualifying_rules,
      conditional_rules: options.conditional ?? base.conditional_rules,
      location_rules: options.location ?? base.location_rules,
    },
    interactive_matching: options.interactive_matching ?? true,
    expiration_date: options.expiration_date === undefined ? '2026-12-01' : options.expiration_date,
    provider_active: options.provider_active ?? true,
    organisation,
  };
}
