import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replacementOf } from './auto-bid';

// docs/auto-bidding.md "Replacing the provider's earlier bid": a template's bid replaces the provider's active bids on
// the post only when it is better for the customer (a lower comparison rate) than every one of them.

describe('replacementOf', () => {
  it('no earlier bid: a new bid', () => {
    expect(replacementOf(5.6, [])).toEqual({ action: 'new', replaces: [] });
  });

  it('better than every earlier bid: replaces them all', () => {
    expect(replacementOf(5.4, [{ bid_id: 'hand', comparison_rate: 5.8 }, { bid_id: 'auto', comparison_rate: 5.6 }])).toEqual({ action: 'replace', replaces: ['hand', 'auto'] });
  });

  it('an earlier bid as good (a tie) or better stays, and the template does not bid', () => {
    expect(replacementOf(5.6, [{ bid_id: 'hand', comparison_rate: 5.6 }])).toEqual({ action: 'keep', kept: 'hand' });
    expect(replacementOf(5.6, [{ bid_id: 'worse', comparison_rate: 5.9 }, { bid_id: 'better', comparison_rate: 5.1 }])).toEqual({ action: 'keep', kept: 'better' });
  });

  it('the provider keeps its best offer on the post, whichever way it goes', () => {
    const rate = fc.integer({ min: 100, max: 1500 }).map((n) => n / 100);
    fc.assert(
      fc.property(rate, fc.array(rate, { maxLength: 5 }), (offered, rates) => {
        const earlier = rates.map((comparison_rate, i) => ({ bid_id: `b${i}`, comparison_rate }));
        const decided = replacementOf(offered, earlier);
        const best = Math.min(...rates);
        if (decided.action === 'keep') expect(best).toBeLessThanOrEqual(offered);
        else {
          expect(offered).toBeLessThan(best);
          expect(decided.replaces).toEqual(earlier.map((bid) => bid.bid_id));
        }
      }),
    );
  });
});
