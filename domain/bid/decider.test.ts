import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { defaultPermissions } from '../user/permissions';
import type { BidActor, BidCommand, PostFacts, ProviderFacts } from './commands';
import { bidDecider, bidErrors, type BidState, bidTransitions } from './decider';
import type { BidEvent } from './events';
import { bidRepayments } from './rules';
import { type BidFormInput, bidFormSchema, isDealStatus, openDealStatuses } from './schemas';

describe('bid', () => {
  describe('when nothing exists yet', () => {
    it('a provider places an active bid on an active post, with its repayments', () => {
      const decision = given([]).when(placeBid());
      expect(decision).toEqual({ ok: true, events: [placed] });
      expect(fold([placed]).status).toBe('active');
    });
    it('an admin places a bid for a provider', () => {
      expect(given([]).when(placeBid(), admin)).toMatchObject({ ok: true, events: [{ type: 'BidPlaced', data: { provider_id: providerId, placed_by: adminId } }] });
    });
    it('a customer never bids, nor a provider for another provider', () => {
      expect(given([]).when(placeBid(), customer)).toEqual(failsWith(bidErrors.notAllowed));
      expect(given([]).when(placeBid(), otherProvider)).toEqual(failsWith(bidErrors.notAllowed));
    });
    it('only an active post takes bids', () => {
      for (const status of ['pending', 'review', 'processing', 'cancelled', 'expired']) {
        expect(given([]).when(placeBid({ post: { ...post, status } }))).toEqual(failsWith(bidErrors.postNotOpen));
      }
    });
    it('refuses a form out of bounds with field errors', () => {
      const decision = given([]).when(placeBid({ bid: { ...form, interest_rate: 15.01, comparison_rate: 1.49, required_documents: [] } }));
      expect(decision).toMatchObject({
        ok: false,
        error: {
          code: bidErrors.invalid,
          errors: { interest_rate: ['Max value is 15'], comparison_rate: ['Min value is 1.5'], required_documents: ['Add at least one required document'] },
        },
      });
    });
    it("blocks a bid whose maximum LVR is below the post's LVR, with both percentages", () => {
      const decision = given([]).when(placeBid({ bid: { ...form, maximum_lvr: 80 } }));
      expect(decision).toEqual({
        ok: false,
        error: {
          code: bidErrors.lvrTooHigh,
          message: "Your bid doesn't suit this Home Loan",
          lvr: { post_lvr: 85, maximum_lvr: 80, detail: "The Home Loan's LVR is 85.00% and your bid's maximum LVR is 80.00%." },
        },
      });
    });
    it('asks to confirm each warning, and places the bid once all are confirmed', () => {
      const risky = placeBid({
        bid: { ...form, interest_rate: 6.5, comparison_rate: 6.9 },
        post: { ...post, split_requested: true, leading_comparison_rate: 6.5 },
      });
      expect(given([]).when(risky)).toMatchObject({
        ok: false,
        error: {
          code: bidErrors.needsConfirmation,
          warnings: [
            { code: 'rate_not_lower_than_current', message: "Your interest rate is not lower than the customer's current rate of 6.50%." },
            { code: 'no_split_facility', message: 'The customer asked for a split rate and your bid has no split loan facility.' },
            { code: 'not_beating_leading_bid', message: 'Your comparison rate does not beat the leading bid (6.50%), so this bid is not eligible for Auto-Declare.' },
          ],
        },
      });
      const partly = given([]).when({ ...risky, data: { ...risky.data, confirmed_warnings: ['no_split_facility'] } });
      expect(partly).toMatchObject({ ok: false, error: { code: bidErrors.needsConfirmation, warnings: [{ code: 'rate_not_lower_than_current' }, { code: 'not_beating_leading_bid' }] } });
      const confirmed = given([]).when({
        ...risky,
        data: { ...risky.data, confirmed_warnings: ['rate_not_lower_than_current', 'no_split_facility', 'not_beating_leading_bid'] },
      });
      expect(confirmed).toMatchObject({ ok: true, events: [{ type: 'BidPlaced', data: { auto_declare_eligible: false } }] });
    });
    it('takes an anonymous bid only with create_anonymous_bid', () => {
      const anonymous = placeBid({ bid: { ...form, bid_type: 'anonymous', show_private: true } });
      expect(given([]).when(anonymous)).toMatchObject({ ok: true });
      const without = placeBid({ bid: anonymous.data.bid, provider: { ...provider, permissions: { ...provider.permissions, create_anonymous_bid: false } } });
      expect(given([]).when(without)).toMatchObject({ ok: false, error: { code: bidErrors.invalid, errors: { bid_type: ['You are not allowed to place anonymous bids.'] } } });
    });
    it("takes a retention bid only with the permission, not from a template, for the own organisation's customer", () => {
      const retention = { ...form, bid_type: 'retention' as const, organisation_uuid: ownOrganisation };
      const ownCustomer = { ...post, current_lender_organisation_uuid: ownOrganisation };
      expect(given([]).when(placeBid({ bid: retention, post: ownCustomer }))).toMatchObject({ ok: true });
      expect(given([]).when(placeBid({ bid: retention, post }))).toMatchObject({ ok: false, error: { errors: { organisation_uuid: expect.any(Array) } } });
      expect(given([]).when(placeBid({ bid: { ...retention, home_loan_bid_template_uuid: templateId }, post: ownCustomer }))).toMatchObject({
        ok: false,
        error: { errors: { home_loan_bid_template_uuid: ['A retention bid cannot come from a bid template.'] } },
      });
      const noPermission = { ...provider, permissions: { ...provider.permissions, create_retention_bid: false } };
      expect(given([]).when(placeBid({ bid: retention, post: ownCustomer, provider: noPermission }))).toMatchObject({
        ok: false,
        error: { errors: { bid_type: ['You are not allowed to place retention bids.'] } },
      });
    });
    it('a provider of a financial institution bids for its own organisation only', () => {
      const bank = { ...provider, organisation_type: 'financial_institution' as const };
      expect(given([]).when(placeBid({ provider: bank }))).toMatchObject({ ok: false, error: { errors: { organisation_uuid: expect.any(Array) } } });
      expect(given([]).when(placeBid({ provider: bank, bid: { ...form, organisation_uuid: ownOrganisation } }))).toMatchObject({ ok: true });
    });
    it('cannot be placed twice', () => {
      expect(given([placed]).when(placeBid())).toEqual(failsWith(bidErrors.alreadyExists));
    });
    it('nothing else can happen to it', () => {
      expect(given([]).when(command({ type: 'CancelBid', data: { bid_id: bidId, reason: 'x' } }))).toEqual(failsWith(bidErrors.notFound));
    });
  });

  describe('when the bid is active', () => {
    it('its provider edits it; the post and provider stay', () => {
      const edit = { ...placeBid({ bid: { ...form, interest_rate: 5.5 } }), type: 'EditBid' as const };
      expect(given([placed]).when(edit)).toMatchObject({ ok: true, events: [{ type: 'BidEdited', data: { bid: { interest_rate: 5.5 }, edited_by: providerId } }] });
      expect(given([placed]).when(edit, otherProvider)).toEqual(failsWith(bidErrors.notAllowed));
      const moved = { ...edit, data: { ...edit.data, post: { ...post, post_id: 'other' } } };
      expect(given([placed]).when(moved)).toEqual(failsWith(bidErrors.notAllowed));
    });
    it('its provider cancels it with a trimmed reason', () => {
      expect(given([placed]).when(cancel('  Rates changed '))).toEqual({ ok: true, events: [cancelled] });
    });
    it('a cancellation needs a reason', () => {
      expect(given([placed]).when(cancel('   '))).toEqual({
        ok: false,
        error: { code: bidErrors.reasonRequired, message: 'The reason is required.', errors: { reason: ['The reason is required.'] } },
      });
    });
    it("no one else's provider and no customer cancels it; an admin does", () => {
      expect(given([placed]).when(cancel('x'), otherProvider)).toEqual(failsWith(bidErrors.notAllowed));
      expect(given([placed]).when(cancel('x'), customer)).toEqual(failsWith(bidErrors.notAllowed));
      const withoutPermission = { ...providerActor, permissions: { ...providerActor.permissions, cancel_active_bids: false } };
      expect(given([placed]).when(cancel('x'), withoutPermission)).toEqual(failsWith(bidErrors.notAllowed));
      expect(given([placed]).when(cancel('x'), admin)).toMatchObject({ ok: true });
    });
    it('an admin deletes it; nobody else', () => {
      expect(given([placed]).when(command({ type: 'DeleteBid', data: { bid_id: bidId } }), admin)).toMatchObject({ ok: true, events: [{ type: 'BidDeleted' }] });
      expect(given([placed]).when(command({ type: 'DeleteBid', data: { bid_id: bidId } }))).toEqual(failsWith(bidErrors.notAllowed));
    });
    it('expires, once', () => {
      expect(given([placed]).when(command({ type: 'ExpireBid', data: { bid_id: bidId } }))).toMatchObject({ ok: true, events: [{ type: 'BidExpired' }] });
      expect(given([placed, expired]).when(command({ type: 'ExpireBid', data: { bid_id: bidId } }))).toEqual({ ok: true, events: [] });
    });
  });

  describe('when the bid is a deal', () => {
    const deal = [placed, move('BidAccepted')];
    it('moves through contacted, applied and closed won', () => {
      const contacted = given(deal).when(command({ type: 'MarkBidContacted', data: { bid_id: bidId } }));
      expect(contacted).toMatchObject({ ok: true, events: [{ type: 'BidContacted' }] });
      expect(fold([...deal, move('BidContacted'), move('BidApplied'), move('BidClosedWon')]).status).toBe('closed_won');
    });
    it('follows the deal back when a step is deleted', () => {
      expect(given([...deal, move('BidContacted')]).when(command({ type: 'MarkBidAccepted', data: { bid_id: bidId } }))).toMatchObject({ ok: true, events: [{ type: 'BidAccepted' }] });
      expect(given([...deal, move('BidPutOnHold')]).when(command({ type: 'MarkBidAccepted', data: { bid_id: bidId } }))).toMatchObject({ ok: true });
    });
    it('cannot go back to active, nor move once closed, nor be deleted', () => {
      expect(given([...deal, move('BidClosedWon')]).when(command({ type: 'MarkBidApplied', data: { bid_id: bidId } }))).toEqual(failsWith(bidErrors.transitionNotAllowed));
      expect(given([...deal, move('BidClosedLost')]).when(command({ type: 'MarkBidOnHold', data: { bid_id: bidId } }))).toEqual(failsWith(bidErrors.transitionNotAllowed));
      expect(given(deal).when(command({ type: 'DeleteBid', data: { bid_id: bidId } }), admin)).toEqual(failsWith(bidErrors.notDeletable));
    });
  });

  // spec 1 §2 "Deal detail: … update bid": the terms of an open deal's bid change; the post has left bidding.
  describe('when the bid is the bid of an open deal', () => {
    const update = (actor: BidActor = providerActor) => editBid({ bid: { ...form, interest_rate: 5.25, comparison_rate: 5.4 }, post: dealPost }, actor);

    it.each(openDealStatuses)('its provider and an admin update it while the deal is %s; the bid keeps its status', (status) => {
      for (const [actor, by] of [
        [providerActor, providerId],
        [admin, adminId],
      ] as const) {
        const decision = given(openDeal[status]).when(update(actor));
        expect(decision).toMatchObject({ ok: true, events: [{ type: 'BidEdited', data: { bid: { interest_rate: 5.25, comparison_rate: 5.4 }, edited_by: by } }] });
        if (!decision.ok) continue;
        const after = fold([...openDeal[status], ...decision.events]);
        expect(after).toMatchObject({ status, bid: { form: { interest_rate: 5.25 } } });
      }
    });
    it('another provider and a customer cannot update it', () => {
      expect(given(openDeal.contacted).when(update(otherProvider))).toEqual(failsWith(bidErrors.notAllowed));
      expect(given(openDeal.contacted).when(update(customer))).toEqual(failsWith(bidErrors.notAllowed));
    });
    it('an update keeps the bid form bounds and the LVR block', () => {
      const outOfBounds = editBid({ bid: { ...form, interest_rate: 15.01 }, post: dealPost });
      expect(given(openDeal.applied).when(outOfBounds)).toMatchObject({ ok: false, error: { code: bidErrors.invalid, errors: { interest_rate: ['Max value is 15'] } } });
      expect(given(openDeal.applied).when(editBid({ bid: { ...form, maximum_lvr: 80 }, post: dealPost }))).toEqual(failsWith(bidErrors.lvrTooHigh));
      const moved = editBid({ post: { ...dealPost, post_id: 'other' } });
      expect(given(openDeal.applied).when(moved)).toEqual(failsWith(bidErrors.notAllowed));
    });
  });

  describe('when the bid cannot be changed', () => {
    it.each(['BidClosedWon', 'BidClosedLost'] as const)('refuses an update after %s: the deal is closed', (closing) => {
      const closed = [...openDeal.applied, move(closing)];
      for (const actor of [providerActor, admin]) {
        expect(given(closed).when(editBid({ post: dealPost }), actor)).toEqual({
          ok: false,
          error: { code: bidErrors.notEditable, message: 'This deal is closed: its bid can no longer be updated.' },
        });
      }
    });
    it('refuses an update of a cancelled or expired bid, a deal’s too', () => {
      for (const events of [
        [placed, cancelled],
        [...openDeal.accepted, cancelled],
        [placed, expired],
      ]) {
        expect(given(events).when(editBid({ post: dealPost }), admin)).toEqual({
          ok: false,
          error: { code: bidErrors.notEditable, message: 'Only an active bid or the bid of an open deal can be changed.' },
        });
      }
    });
    it('an active bid is changed only while its post takes bids', () => {
      expect(given([placed]).when(editBid({ post: dealPost }))).toEqual(failsWith(bidErrors.postNotOpen));
    });
  });

  describe('when the bid is closed or cancelled', () => {
    it('can no longer be cancelled', () => {
      for (const end of [move('BidClosedWon'), move('BidClosedLost')]) {
        expect(given([placed, move('BidAccepted'), end]).when(cancel('x'), admin)).toEqual(failsWith(bidErrors.notCancellable));
      }
      expect(given([placed, cancelled]).when(cancel('x'), admin)).toEqual(failsWith(bidErrors.notCancellable));
    });
    it('a deal whose bid was cancelled keeps its bid: it cannot be deleted (found by the trade-flow property test)', () => {
      expect(given([placed, move('BidAccepted'), cancelled]).when(command({ type: 'DeleteBid', data: { bid_id: bidId } }), admin)).toEqual(failsWith(bidErrors.notDeletable));
      expect(given([placed, cancelled]).when(command({ type: 'DeleteBid', data: { bid_id: bidId } }), admin)).toMatchObject({ ok: true, events: [{ type: 'BidDeleted' }] });
    });
    it('a cancelled bid is never accepted', () => {
      expect(given([placed, cancelled]).when(command({ type: 'MarkBidAccepted', data: { bid_id: bidId } }))).toEqual(failsWith(bidErrors.transitionNotAllowed));
    });
    it('an expired bid can still be accepted (an admin accepts expired bids)', () => {
      expect(given([placed, expired]).when(command({ type: 'MarkBidAccepted', data: { bid_id: bidId } }))).toMatchObject({ ok: true, events: [{ type: 'BidAccepted' }] });
    });
  });

  describe('when the bid was deleted', () => {
    it('is not found', () => {
      const deleted: BidEvent = { type: 'BidDeleted', data: { ...ref, deleted_by: adminId, deleted_at: now } };
      expect(given([placed, deleted]).when(command({ type: 'MarkBidAccepted', data: { bid_id: bidId } }))).toEqual(failsWith(bidErrors.notFound));
    });
  });

  describe('invariants', () => {
    const statusCommands = ['MarkBidAccepted', 'MarkBidContacted', 'MarkBidApplied', 'MarkBidClosedWon', 'MarkBidClosedLost', 'MarkBidOnHold', 'ExpireBid'] as const;
    const arbitraryCommand: fc.Arbitrary<BidCommand> = fc
      .record({
        kind: fc.constantFrom(...statusCommands, 'CancelBid', 'DeleteBid', 'EditBid'),
        actor: fc.constantFrom(providerActor, otherProvider, customer, admin),
        reason: fc.constantFrom('', '  ', 'Rates changed'),
      })
      .map(({ kind, actor, reason }) => {
        if (kind === 'CancelBid') return command({ type: kind, data: { bid_id: bidId, reason } }, actor);
        if (kind === 'EditBid') return { ...placeBid({}, actor), type: kind };
        return command({ type: kind, data: { bid_id: bidId } }, actor);
      });

    it('random command sequences never leave the transitions the spec allows, and a cancelled bid never moves on', () => {
      fc.assert(
        fc.property(fc.array(arbitraryCommand, { maxLength: 30 }), (commands) => {
          let state = fold([placed]);
          let wasCancelled = false;
          for (const next of commands) {
            const decision = bidDecider.decide(next, state);
            if (!decision.ok) continue;
            const after = decision.events.reduce(bidDecider.evolve, state);
            if (state.status === 'absent' || state.status === 'deleted' || after.status === 'absent') throw new Error('a placed bid never disappears');
            if (after.status !== 'deleted' && after.status !== state.status) {
              expect(bidTransitions[state.status]).toContain(after.status);
              // The spec's own words, independent of the table: closed and cancelled bids stay; only an active or
              // expired bid becomes a deal (spec 1 §4); nothing becomes active again.
              expect(['closed_won', 'closed_lost', 'cancelled']).not.toContain(state.status);
              if (isDealStatus(after.status) && !isDealStatus(state.status) && state.status !== 'on_hold') {
                expect(after.status).toBe('accepted');
                expect(['active', 'expired']).toContain(state.status);
              }
              expect(after.status).not.toBe('active');
            }
            if (wasCancelled) expect(after.status === 'cancelled' || after.status === 'deleted').toBe(true);
            if (after.status !== 'deleted' && isDealStatus(after.status)) expect(wasCancelled).toBe(false);
            wasCancelled ||= after.status === 'cancelled';
            state = after;
          }
        }),
      );
    });

    it('the terms of a placed bid always hold the bounds', () => {
      fc.assert(
        fc.property(
          fc.record({ interest_rate: fc.double({ min: 0, max: 20, noNaN: true }), maximum_lvr: fc.double({ min: -10, max: 120, noNaN: true }) }),
          (changes) => {
            const decision = given([]).when(placeBid({ bid: { ...form, ...changes }, confirmed: ['rate_not_lower_than_current', 'no_split_facility', 'not_beating_leading_bid'] }));
            if (!decision.ok) return;
            const { bid } = (decision.events[0] as Extract<BidEvent, { type: 'BidPlaced' }>).data;
            expect(bid.interest_rate).toBeGreaterThanOrEqual(1.5);
            expect(bid.interest_rate).toBeLessThanOrEqual(15);
            expect(bid.maximum_lvr).toBeGreaterThanOrEqual(post.lvr);
            expect(bid.maximum_lvr).toBeLessThanOrEqual(100);
          },
        ),
      );
    });
  });
});

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────────────────────

const bidId = '0b0c5d1e-0000-4000-8000-000000000001';
const postId = '0b0c5d1e-0000-4000-8000-000000000002';
const providerId = '0b0c5d1e-0000-4000-8000-000000000003';
const otherProviderId = '0b0c5d1e-0000-4000-8000-000000000004';
const customerId = '0b0c5d1e-0000-4000-8000-000000000005';
const adminId = '0b0c5d1e-0000-4000-8000-000000000006';
const ownOrganisation = '0b0c5d1e-0000-4000-8000-000000000007';
const lenderOrganisation = '0b0c5d1e-0000-4000-8000-000000000008';
const templateId = '0b0c5d1e-0000-4000-8000-000000000009';
const now = '2026-03-02T01:00:00.000Z';

const providerActor: BidActor = { user_id: providerId, user_type: 'fsp', permissions: defaultPermissions('fsp') };
const otherProvider: BidActor = { user_id: otherProviderId, user_type: 'fsp', permissions: defaultPermissions('fsp') };
const customer: BidActor = { user_id: customerId, user_type: 'customer', permissions: defaultPermissions('customer') };
const admin: BidActor = { user_id: adminId, user_type: 'admin', permissions: defaultPermissions('admin') };

const post: PostFacts = {
  product: 'Home Loan',
  post_id: postId,
  status: 'active',
  lvr: 85,
  loan_type: 'refinance',
  loan_amount: 500_000,
  current_interest_rate: 6.5,
  split_requested: false,
  leading_comparison_rate: null,
  current_lender_organisation_uuid: lenderOrganisation,
};
/** The post once its bid was accepted: it no longer takes bids. */
const dealPost: PostFacts = { ...post, status: 'opportunity' };
const provider: ProviderFacts = { user_id: providerId, organisation_uuid: ownOrganisation, organisation_type: 'broker', permissions: defaultPermissions('fsp') };

const form: BidFormInput = {
  bid_type: 'normal',
  organisation_uuid: lenderOrganisation,
  interest_rate: 5.99,
  comparison_rate: 6.1,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  required_documents: [{ document_type: 'Payslip', description: null, quantity: 2, mandatory: true }],
};

type Body<C> = C extends unknown ? Omit<C, 'metadata'> : never;
const command = (body: Body<BidCommand>, actor: BidActor = providerActor): BidCommand => ({ ...body, metadata: { actor, now } }) as BidCommand;
const given = (events: BidEvent[]) => ({ when: (next: BidCommand, actor?: BidActor) => specFor(bidDecider)(events).when(actor ? { ...next, metadata: { actor, now } } : next) });
const fold = (events: BidEvent[]): BidState => events.reduce(bidDecider.evolve, bidDecider.initialState());
const failsWith = (code: string) => expect.objectContaining({ ok: false, error: expect.objectContaining({ code }) });

function placeBid(
  changes: { bid?: BidFormInput; post?: PostFacts; provider?: ProviderFacts; confirmed?: ('rate_not_lower_than_current' | 'no_split_facility' | 'not_beating_leading_bid')[] } = {},
  actor: BidActor = providerActor,
) {
  return {
    type: 'PlaceBid' as const,
    data: { bid_id: bidId, post: changes.post ?? post, provider: changes.provider ?? provider, bid: changes.bid ?? form, confirmed_warnings: changes.confirmed ?? [] },
    metadata: { actor, now },
  };
}

const ref = { bid_id: bidId, post_id: postId, provider_id: providerId, organisation_uuid: lenderOrganisation };
const placed: BidEvent = {
  type: 'BidPlaced',
  data: {
    ...ref,
    bid: bidFormSchema.parse(form),
    loan_amount: 500_000,
    repayments: bidRepayments(500_000, 5.99, 6.5, 'normal'),
    auto_declare_eligible: true,
    confirmed_warnings: [],
    origin: 'auction',
    placed_at: now,
    placed_by: providerId,
  },
};
const cancelled: BidEvent = { type: 'BidCancelled', data: { ...ref, reason: 'Rates changed', cancelled_by: providerId, cancelled_at: now } };
const expired: BidEvent = { type: 'BidExpired', data: { ...ref, expired_at: now } };
const move = (type: Exclude<BidEvent['type'], 'BidPlaced' | 'BidEdited' | 'BidCancelled' | 'BidDeleted' | 'BidExpired'>): BidEvent =>
  ({ type, data: { ...ref, at: now, by: adminId } }) as BidEvent;
const accepted = move('BidAccepted');
/** The bid's stream at each open deal status (the bid follows its deal's stage). */
const openDeal: Record<(typeof openDealStatuses)[number], BidEvent[]> = {
  accepted: [placed, accepted],
  contacted: [placed, accepted, move('BidContacted')],
  applied: [placed, accepted, move('BidContacted'), move('BidApplied')],
  on_hold: [placed, accepted, move('BidContacted'), move('BidPutOnHold')],
};
const editBid = (changes: Parameters<typeof placeBid>[0] = {}, actor: BidActor = providerActor): BidCommand => ({ ...placeBid(changes, actor), type: 'EditBid' });
const cancel = (reason: string) => command({ type: 'CancelBid', data: { bid_id: bidId, reason } });
