import { describe, expect, it } from 'vitest';
import type { BidStatus } from '../../../domain/bid/schemas';
import type { BidView } from '../../../contracts/bid';
import { bidActionsFor, bidTypesFor, type BidViewer } from './bid-actions';

const providerId = '22222222-2222-4222-8222-222222222222';
const organisationId = '33333333-3333-4333-8333-333333333333';
const bid = (status: BidStatus) => ({ status, provider: { uuid: providerId, full_name: 'Paula Lender' } }) as BidView;
const owner: BidViewer = { uuid: providerId, user_type: 'fsp', cancelsOwnBids: true };
const colleague: BidViewer = { uuid: '44444444-4444-4444-8444-444444444444', user_type: 'fsp', cancelsOwnBids: true };
const admin: BidViewer = { uuid: '55555555-5555-4555-8555-555555555555', user_type: 'admin', cancelsOwnBids: false };

describe('the actions offered on a bid', () => {
  it('its provider edits and cancels an active bid, never deletes it', () => {
    expect(bidActionsFor(bid('active'), owner)).toEqual({ edit: true, cancel: true, delete: false });
  });

  it('its provider without cancel_active_bids cannot cancel it', () => {
    expect(bidActionsFor(bid('active'), { ...owner, cancelsOwnBids: false })).toMatchObject({ edit: true, cancel: false });
  });

  it('another provider, even of the same organisation, may do nothing', () => {
    expect(bidActionsFor(bid('active'), colleague)).toEqual({ edit: false, cancel: false, delete: false });
  });

  it('an admin may do all three', () => {
    expect(bidActionsFor(bid('active'), admin)).toEqual({ edit: true, cancel: true, delete: true });
  });

  it.each(['closed_won', 'closed_lost', 'cancelled'] as const)('a %s bid cannot be cancelled nor edited', (status) => {
    expect(bidActionsFor(bid(status), owner)).toMatchObject({ edit: false, cancel: false });
    expect(bidActionsFor(bid(status), admin)).toMatchObject({ edit: false, cancel: false, delete: true });
  });

  it.each(['accepted', 'contacted', 'applied', 'on_hold'] as const)('the bid of a %s deal (open) can be edited and cancelled by its provider and an admin', (status) => {
    expect(bidActionsFor(bid(status), owner)).toMatchObject({ edit: true, cancel: true });
    expect(bidActionsFor(bid(status), admin)).toMatchObject({ edit: true, cancel: true });
    expect(bidActionsFor(bid(status), colleague)).toMatchObject({ edit: false, cancel: false });
  });

  it('an expired bid can still be cancelled but not edited', () => {
    expect(bidActionsFor(bid('expired'), owner)).toMatchObject({ edit: false, cancel: true });
  });
});

describe('the bid types a provider may choose', () => {
  it('normal always; anonymous with its permission', () => {
    expect(bidTypesFor({ anonymous: false, retention: false }, organisationId, null)).toEqual(['normal']);
    expect(bidTypesFor({ anonymous: true, retention: false }, organisationId, null)).toEqual(['normal', 'anonymous']);
  });

  it('retention only with its permission and when the provider is the current lender', () => {
    expect(bidTypesFor({ anonymous: false, retention: true }, organisationId, organisationId)).toEqual(['normal', 'retention']);
    expect(bidTypesFor({ anonymous: false, retention: true }, organisationId, '66666666-6666-4666-8666-666666666666')).toEqual(['normal']);
    expect(bidTypesFor({ anonymous: false, retention: false }, organisationId, organisationId)).toEqual(['normal']);
  });
});
