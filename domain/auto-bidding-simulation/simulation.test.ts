import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankedBid } from '../bid/rules';
import { bidFormSchema } from '../bid/schemas';
import type { TemplateRules } from '../bid-template/evaluation';
import type { PostRuleFacts } from '../bid-template/rule-fields';
import { firstFailure, placeAmong, placeOfWords, postReasons, type SimulatedPost, simulate } from './simulation';

describe('the place a simulated bid would reach', () => {
  it('counts the ranked bids at or below its rate ahead of it, leaving cancelled bids out', () => {
    const bids = [ranked('a', 6.0), ranked('b', 6.5), ranked('c', 6.1, 'cancelled'), ranked('d', 6.35)];
    // 6.00 and the tie at 6.35 are ahead (a tie was really there first); 6.50 behind; the cancelled one has no place.
    expect(placeAmong({ interest_rate: 6.2, comparison_rate: 6.35 }, bids, 'comparison_rate')).toEqual({ place: 3, of: 4 });
  });

  it('ranks by the post’s sort key', () => {
    const bids = [ranked('a', 6.0, 'active', 6.5)];
    expect(placeAmong({ interest_rate: 6.2, comparison_rate: 6.35 }, bids, 'interest_rate')).toEqual({ place: 1, of: 2 });
    expect(placeAmong({ interest_rate: 6.2, comparison_rate: 6.35 }, bids, 'comparison_rate')).toEqual({ place: 2, of: 2 });
  });

  it('reads as the place label and the count', () => {
    expect(placeOfWords({ place: 2, of: 5 })).toBe('2nd of 5');
    expect(placeOfWords({ place: 1, of: 1 })).toBe('1st of 1');
  });
});

describe('simulating a template over the posts of a period', () => {
  const result = simulate(
    template,
    [
      post('p1', facts, [ranked('a', 6.0), ranked('b', 6.5), ranked('c', 6.1, 'cancelled')]),
      post('p2', { ...facts, loan_amount: 2_000_000 }),
      post('p3', { ...facts, loan_amount: 3_000_000 }),
      post('p4', { ...facts, postcode: '3000', suburb: 'Melbourne', state: 'VIC' }),
      post('p5', { ...facts, maximum_lvr: 92 }),
      post('p6', null),
      post('p7', facts),
      { ...post('p8', facts), auto_bids_stopped: true },
    ],
    { accepted_deals: 3, contacted_deals: 0, accepted_limit: 4, contacted_limit: null },
  );

  it('matches the posts the evaluation bids on, with the bid after the modifiers and its place', () => {
    expect(result.posts_considered).toBe(8);
    expect(result.posts_matched).toBe(2);
    // 6.20% less 2% (the LVR band's discount) = 6.08%; the comparison rate is the template's.
    expect(result.matched.map(({ post_id, interest_rate, comparison_rate, place, of }) => ({ post_id, interest_rate, comparison_rate, place, of }))).toEqual([
      { post_id: 'p1', interest_rate: 6.08, comparison_rate: 6.35, place: 2, of: 3 },
      { post_id: 'p7', interest_rate: 6.08, comparison_rate: 6.35, place: 1, of: 1 },
    ]);
    expect(result.posts_won).toBe(1);
  });

  it('groups the posts turned away by the first rule that failed, most first', () => {
    expect(result.why_not).toEqual([
      { step: 'qualifying', rule: 'Loan amount', posts: 2 },
      { step: 'post', rule: postReasons.autoBidsStopped, posts: 1 },
      { step: 'location', rule: 'Location', posts: 1 },
      { step: 'lvr', rule: 'Maximum LVR', posts: 1 },
      { step: 'post', rule: postReasons.incomplete, posts: 1 },
    ]);
    const turnedAway = result.why_not.reduce((sum, entry) => sum + entry.posts, 0);
    expect(turnedAway + result.posts_matched).toBe(result.posts_considered);
  });

  it('projects the won posts onto the provider’s bidding limits', () => {
    expect(result.limits.accepted).toEqual({ used: 3, projected: 4, limit: 4, level: 'maxed' });
    expect(result.limits.contacted).toEqual({ used: 0, projected: 1, limit: null, level: 'ok' });
  });

  it('names the first failing rule even when a later one fails too', () => {
    const trace = [
      { step: 'qualifying' as const, rule: 'Loan amount', passed: true, post_value: null, bound: '', detail: null },
      { step: 'qualifying' as const, rule: 'Loan type', passed: false, post_value: null, bound: '', detail: null },
      { step: 'qualifying' as const, rule: 'Maximum LVR', passed: false, post_value: null, bound: '', detail: null },
    ];
    expect(firstFailure(trace)).toEqual({ step: 'qualifying', rule: 'Loan type' });
  });

  it('simulates nothing out of no posts', () => {
    const empty = simulate(template, [], { accepted_deals: 0, contacted_deals: 0, accepted_limit: null, contacted_limit: null });
    expect(empty).toMatchObject({ posts_considered: 0, posts_matched: 0, posts_won: 0, matched: [], why_not: [] });
  });
});

describe('properties', () => {
  const anyPost = fc.record({
    loan_amount: fc.integer({ min: 50_000, max: 3_000_000 }),
    maximum_lvr: fc.double({ min: 10, max: 95, noNaN: true }),
    postcode: fc.constantFrom('2000', '3000'),
    incomplete: fc.boolean(),
    stopped: fc.boolean(),
    bids: fc.array(fc.record({ rate: fc.double({ min: 4, max: 8, noNaN: true }), status: fc.constantFrom('active', 'expired', 'cancelled') as fc.Arbitrary<RankedBid['status']> }), { maxLength: 6 }),
  });

  it('every post is matched or turned away by exactly one rule, and a matched bid’s place is within its post’s ranked bids', () => {
    fc.assert(
      fc.property(fc.array(anyPost, { maxLength: 20 }), (generated) => {
        const posts = generated.map((g, index) => ({
          ...post(`p${index}`, g.incomplete ? null : { ...facts, loan_amount: g.loan_amount, maximum_lvr: g.maximum_lvr, postcode: g.postcode }, g.bids.map((b, n) => ranked(`b${index}-${n}`, b.rate, b.status))),
          auto_bids_stopped: g.stopped,
        }));
        const result = simulate(template, posts, { accepted_deals: 0, contacted_deals: 0, accepted_limit: null, contacted_limit: null });
        expect(result.posts_matched + result.why_not.reduce((sum, entry) => sum + entry.posts, 0)).toBe(posts.length);
        for (const matched of result.matched) {
          const bids = posts.find((p) => p.post_id === matched.post_id)!.bids.filter((b) => b.status !== 'cancelled');
          expect(matched.of).toBe(bids.length + 1);
          expect(matched.place).toBeGreaterThanOrEqual(1);
          expect(matched.place).toBeLessThanOrEqual(matched.of);
        }
        expect(result.posts_won).toBe(result.matched.filter((m) => m.place === 1).length);
      }),
    );
  });
});

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

const template: TemplateRules = {
  bid,
  qualifying_rules: [
    { rule_field: 'loan_amount', min_value: 200_000, max_value: 1_000_000, value: null },
    { rule_field: 'maximum_lvr', min_value: 0, max_value: 95, value: null },
  ],
  conditional_rules: [
    { uuid: 'c1', bid_field: 'interest_rate', operator: 'all', conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 60, value: null }], modifier: { type: 'percentage_discount', value: 2 } },
  ],
  location_list_type: 'whitelist',
  location_rules: [{ uuid: 'l1', address_type: 'postcode', state: 'NSW', postcode: '2000', suburb: null }],
};

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

function post(post_id: string, postFacts: PostRuleFacts | null, bids: RankedBid[] = []): SimulatedPost {
  return { post_id, published_at: '2026-11-20T10:00:00.000Z', loan_amount: postFacts?.loan_amount ?? null, lvr: postFacts?.maximum_lvr ?? null, sort_by: 'comparison_rate', product: 'post', facts: postFacts, auto_bids_stopped: false, bids };
}

function ranked(bid_id: string, comparison_rate: number, status: RankedBid['status'] = 'active', interest_rate = comparison_rate - 0.1): RankedBid {
  return { bid_id, status, interest_rate, comparison_rate, placed_at: '2026-11-20T11:00:00.000Z' };
}
