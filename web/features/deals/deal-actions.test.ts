import { describe, expect, it } from 'vitest';
import type { BidStatus } from '../../../domain/bid/schemas';
import type { DealView } from '../../../contracts/deal';
import { mayUpdateDealBid } from './deal-actions';

const providerId = '22222222-2222-4222-8222-222222222222';
const deal = (status: BidStatus | null) =>
  ({ bid: status ? { uuid: '11111111-1111-4111-8111-111111111111', status } : null, provider: { uuid: providerId } }) as Pick<DealView, 'bid' | 'provider'>;
const own = { uuid: providerId, user_type: 'fsp' };
const colleague = { uuid: '44444444-4444-4444-8444-444444444444', user_type: 'fsp' };
const admin = { uuid: '55555555-5555-4555-8555-555555555555', user_type: 'admin' };

describe('"Update bid" on the deal page', () => {
  it.each(['accepted', 'contacted', 'applied', 'on_hold'] as const)('is offered to the provider and admins while the deal is %s', (status) => {
    expect(mayUpdateDealBid(deal(status), own)).toBe(true);
    expect(mayUpdateDealBid(deal(status), admin)).toBe(true);
  });

  it('is not offered to another provider, even a colleague who may view the deal', () => {
    expect(mayUpdateDealBid(deal('accepted'), colleague)).toBe(false);
  });

  it.each(['closed_won', 'closed_lost', 'cancelled'] as const)('is not offered once the bid is %s', (status) => {
    expect(mayUpdateDealBid(deal(status), own)).toBe(false);
    expect(mayUpdateDealBid(deal(status), admin)).toBe(false);
  });

  it('is not offered for an external deal (its bid has no terms)', () => {
    expect(mayUpdateDealBid(deal(null), admin)).toBe(false);
  });
});
