import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  decideLifecycle,
  evolveLifecycle,
  lifecycleErrors,
  lifecycleMessages,
  startLifecycle,
  type LifecycleActor,
  type LifecycleCommand,
  type LifecycleEvent,
  type LifecycleState,
  type PostLifecycleState,
  standingOf,
} from './lifecycle';
import { leadingBid, rankBids, type RankedBid } from '../bid/rules';
import { postDecider, postErrors } from './decider';
import type { PostCommand } from './commands';
import type { PostEvent } from './events';
import { defaultContactPreference } from '../deal/schemas';
import { completePost, otherUserId, ownerId, postId, published } from './test-fixtures';

type Body = LifecycleCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;

const given = (events: LifecycleEvent[]) => ({
  when: (body: Body, actor: LifecycleActor = owner, at = duringBidding) => decideLifecycle(fold(events), { ...body, metadata: { actor, now: at } } as LifecycleCommand),
});
const failsWith = (code: string) => expect.objectContaining({ ok: false, error: expect.objectContaining({ code }) });
const eventsOf = <E>(decision: { ok: true; events: E[] } | { ok: false }): E[] => (decision.ok ? decision.events : []);

// Fixtures: the post of test-fixtures.ts, published 2026-03-02; bidding ends 03-09, review 03-11.
const adminId = '99999999-9999-4999-8999-999999999999';
const owner: LifecycleActor = { user_id: ownerId, admin: false };
const provider: LifecycleActor = { user_id: otherUserId, admin: false };
const admin: LifecycleActor = { user_id: adminId, admin: true };
const scheduler: LifecycleActor = { system: 'scheduler' };
const autoDeclare: LifecycleActor = { system: 'auto-declare' };
const deals: LifecycleActor = { system: 'deals' };
const bids: LifecycleActor = { system: 'bids' };
const ref = { post_id: postId, owner_id: ownerId };
const post = { ...ref, origin: 'auction' as const };
const publishedData = { ...ref, published_at: '2026-03-02T00:00:00.000Z', bidding_period_expiry_on: '2026-03-09T00:00:00.000Z', review_bids_on: '2026-03-11T00:00:00.000Z' };
const duringBidding = '2026-03-04T00:00:00.000Z';
const biddingEnd = publishedData.bidding_period_expiry_on;
const duringReview = '2026-03-10T00:00:00.000Z';
const reviewEnd = publishedData.review_bids_on;
const afterReview = '2026-03-12T00:00:00.000Z';

/** bid-1 to bid-3 were placed during bidding, so the post registered them; bid-9 was not (another post's bid). */
const registeredBids: LifecycleEvent[] = ['bid-1', 'bid-2', 'bid-3'].map((bid_id) => ({ type: 'BidRegistered', data: { ...ref, bid_id, at: publishedData.published_at } }));

function fold(events: LifecycleEvent[]): PostLifecycleState {
  return { ...[...registeredBids, ...events].reduce(evolveLifecycle, startLifecycle(publishedData, 'auction')), post };
}

const endBidding: Body = { type: 'EndBidding', data: { post_id: postId } };
const endReview: Body = { type: 'EndReviewPeriod', data: { post_id: postId, processing_period_days: 7 } };
const expire: Body = { type: 'ExpirePost', data: { post_id: postId } };
const cancelAuto: Body = { type: 'CancelAutomaticSelection', data: { post_id: postId } };
const extend = (extension_days: number, max_extensions: number): Body => ({ type: 'ExtendReviewPeriod', data: { post_id: postId, extension_days, max_extensions } });
const priority = (operation: 'promote_as_priority' | 'remove_priority'): Body => ({ type: 'ChangePriority', data: { post_id: postId, operation } });
const autoBids = (operation: 'stop_auto_bids' | 'resume_auto_bids'): Body => ({ type: 'ChangeAutoBids', data: { post_id: postId, operation } });
const accept = (bid_id: string, bid_status = 'active'): Body => ({ type: 'AcceptBid', data: { post_id: postId, bid_id, bid_status } });
const register = (bid_id: string, interest_rate = 5.49, comparison_rate = 5.61): Body => ({ type: 'RegisterBid', data: { post_id: postId, bid_id, interest_rate, comparison_rate } });
const changeRates = (bid_id: string, interest_rate: number, comparison_rate: number): Body => ({ type: 'ChangeBidRates', data: { post_id: postId, bid_id, interest_rate, comparison_rate } });
const withdraw = (bid_id: string): Body => ({ type: 'WithdrawBid', data: { post_id: postId, bid_id } });
const withdrawn = (bid_id: string, at = duringBidding): LifecycleEvent => ({ type: 'BidWithdrawn', data: { ...ref, bid_id, at } });
const outcome = (bid_id: string, result: 'closed_won' | 'closed_lost'): Body => ({ type: 'RecordDealOutcome', data: { post_id: postId, bid_id, outcome: result } });

const bidingEndedOnTime: LifecycleEvent = {
  type: 'BiddingEnded',
  data: { ...ref, ended_by: null, early: false, bidding_period_expiry_on: biddingEnd, review_bids_on: reviewEnd },
};
const reviewEnded: LifecycleEvent = { type: 'ReviewPeriodEnded', data: { ...ref, expiration_date: '2026-03-18T00:00:00.000Z' } };
const autoCancelled: LifecycleEvent = { type: 'AutomaticSelectionCancelled', data: { ...ref, cancelled_by: ownerId } };
const accepted = (bid_id: string): LifecycleEvent => ({
  type: 'BidAcceptedOnPost',
  data: { ...ref, bid_id, accepted_by: ownerId, at: duringBidding, contact_preference: defaultContactPreference },
});

describe('post lifecycle', () => {
  describe('when the post is active (Bidding)', () => {
    it('starts with Auto-Declare on for an auction post, no priority, no winning bid', () => {
      expect(fold([])).toMatchObject({ status: 'active', auto_accept: true, prioritised: false, winning_bid: null, expiration_date: null });
      expect(startLifecycle(publishedData, 'matching').auto_accept).toBe(false);
    });
    it('the owner ends bidding early: review starts now and keeps its length', () => {
      expect(given([]).when(endBidding)).toEqual({
        ok: true,
        events: [{ type: 'BiddingEnded', data: { ...ref, ended_by: ownerId, early: true, bidding_period_expiry_on: duringBidding, review_bids_on: '2026-03-06T00:00:00.000Z' } }],
      });
      expect(given([]).when(endBidding, admin)).toMatchObject({ ok: true, events: [{ data: { ended_by: adminId, early: true } }] });
    });
    it('the scheduler ends bidding only once the bidding period is over', () => {
      expect(given([]).when(endBidding, scheduler)).toEqual(failsWith(lifecycleErrors.notDue));
      expect(given([]).when(endBidding, scheduler, biddingEnd)).toEqual({
        ok: true,
        events: [{ type: 'BiddingEnded', data: { ...ref, ended_by: null, early: false, bidding_period_expiry_on: biddingEnd, review_bids_on: reviewEnd } }],
      });
    });
    it('nobody but the owner, an admin or the scheduler ends bidding', () => {
      expect(given([]).when(endBidding, provider)).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
    it('the customer accepts an active bid; the post becomes an opportunity', () => {
      const decision = given([]).when(accept('bid-1'));
      expect(decision).toEqual({ ok: true, events: [accepted('bid-1')] });
      expect(fold(eventsOf(decision))).toMatchObject({ status: 'opportunity', winning_bid: { bid_id: 'bid-1' } });
    });
    it('the acceptance records the contact preference given, the spec 3 §5 defaults without one', () => {
      const contact_preference = { weekdays: ['monday' as const], from_time: '09:00', until_time: '17:00' };
      const body: Body = { type: 'AcceptBid', data: { post_id: postId, bid_id: 'bid-1', bid_status: 'active', contact_preference } };
      expect(eventsOf(given([]).when(body))).toMatchObject([{ data: { contact_preference } }]);
      expect(eventsOf(given([]).when(accept('bid-1')))).toMatchObject([{ data: { contact_preference: defaultContactPreference } }]);
    });
    it('the customer cannot accept an expired bid; an admin can', () => {
      expect(given([]).when(accept('bid-1', 'expired'))).toEqual(failsWith(lifecycleErrors.bidNotAcceptable));
      expect(given([]).when(accept('bid-1', 'expired'), admin)).toMatchObject({ ok: true, events: [{ data: { accepted_by: adminId } }] });
      expect(given([]).when(accept('bid-1', 'cancelled'), admin)).toEqual(failsWith(lifecycleErrors.bidNotAcceptable));
    });
    it('a provider or another customer cannot accept', () => {
      expect(given([]).when(accept('bid-1'), provider)).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
    it('Auto-Declare does not accept before the review period ends', () => {
      expect(given([]).when(accept('bid-1'), autoDeclare)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
    it('an admin promotes and removes priority; asking again changes nothing', () => {
      const promoted = given([]).when(priority('promote_as_priority'), admin);
      expect(promoted).toEqual({ ok: true, events: [{ type: 'PriorityChanged', data: { ...ref, prioritised: true, changed_by: adminId } }] });
      expect(given(eventsOf(promoted)).when(priority('promote_as_priority'), admin)).toEqual({ ok: true, events: [] });
      expect(given(eventsOf(promoted)).when(priority('remove_priority'), admin)).toMatchObject({ ok: true, events: [{ data: { prioritised: false } }] });
      expect(given([]).when(priority('promote_as_priority'))).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
    it('an admin stops and resumes the auto-bids; asking again changes nothing; nobody else may', () => {
      const stopped = given([]).when(autoBids('stop_auto_bids'), admin);
      expect(stopped).toEqual({ ok: true, events: [{ type: 'AutoBidsOnPostChanged', data: { ...ref, stopped: true, changed_by: adminId } }] });
      expect(fold(eventsOf(stopped))).toMatchObject({ auto_bids_stopped: true });
      expect(given(eventsOf(stopped)).when(autoBids('stop_auto_bids'), admin)).toEqual({ ok: true, events: [] });
      expect(given(eventsOf(stopped)).when(autoBids('resume_auto_bids'), admin)).toMatchObject({ ok: true, events: [{ data: { stopped: false } }] });
      expect(given([]).when(autoBids('resume_auto_bids'), admin)).toEqual({ ok: true, events: [] });
      expect(given([]).when(autoBids('stop_auto_bids'))).toEqual(failsWith(lifecycleErrors.notAllowed));
      expect(given([]).when(autoBids('stop_auto_bids'), provider)).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
    it('the auto-bid controls are for an auction post only (spec 1 §2)', () => {
      const external = { ...[...registeredBids].reduce(evolveLifecycle, startLifecycle(publishedData, 'matching')), post: { ...post, origin: 'matching' as const } };
      const decision = decideLifecycle(external, { ...autoBids('stop_auto_bids'), metadata: { actor: admin, now: duringBidding } } as LifecycleCommand);
      expect(decision).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
    it('an admin closes it when there is no winning bid: Not Proceeding', () => {
      const closed = given([]).when({ type: 'ClosePost', data: { post_id: postId } }, admin);
      expect(closed).toEqual({ ok: true, events: [{ type: 'PostClosed', data: { ...ref, closed_by: adminId } }] });
      expect(fold(eventsOf(closed)).status).toBe('closed_lost');
      expect(given([]).when({ type: 'ClosePost', data: { post_id: postId } })).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
    it('refuses a command for another post', () => {
      expect(given([]).when({ type: 'EndBidding', data: { post_id: 'another' } })).toEqual(failsWith(lifecycleErrors.notFound));
    });
  });

  describe('when the post is in review (Decision)', () => {
    const review = [bidingEndedOnTime];
    it('the auto-bid controls are refused: auto-bids only reach a post in bidding', () => {
      expect(given(review).when(autoBids('stop_auto_bids'), admin, duringReview)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
    it('the customer still accepts an active bid', () => {
      expect(given(review).when(accept('bid-1'), owner, duringReview)).toMatchObject({ ok: true, events: [{ type: 'BidAcceptedOnPost' }] });
    });
    it('the review period is extended up to the limit, from its current end', () => {
      const extended = given(review).when(extend(2, 1), owner, duringReview);
      expect(extended).toEqual({
        ok: true,
        events: [{ type: 'ReviewPeriodExtended', data: { ...ref, extended_by: ownerId, review_bids_on: '2026-03-13T00:00:00.000Z', extensions: 1 } }],
      });
      expect(given([...review, ...eventsOf(extended)]).when(extend(2, 1), owner, duringReview)).toEqual({
        ok: false,
        error: { code: lifecycleErrors.extensionLimit, message: 'You have exceeded the limit to extend period.' },
      });
      expect(given(review).when(extend(2, 0), owner, duringReview)).toEqual(failsWith(lifecycleErrors.extensionLimit));
      expect(given(review).when(extend(0, 1), owner, duringReview)).toEqual(failsWith(lifecycleErrors.invalidSettings));
    });
    it("an e-mail link extends once: used again (its use lost in a crash), it does nothing, even below the limit", () => {
      const byLink = (link_id: string): Body => ({ type: 'ExtendReviewPeriod', data: { post_id: postId, extension_days: 2, max_extensions: 3, link_id } });
      const extended = given(review).when(byLink('link-1'), owner, duringReview);
      expect(extended).toMatchObject({ ok: true, events: [{ type: 'ReviewPeriodExtended', data: { extensions: 1, link_id: 'link-1' } }] });
      const after = [...review, ...eventsOf(extended)];
      expect(given(after).when(byLink('link-1'), owner, duringReview)).toEqual({ ok: true, events: [] });
      expect(given(after).when(byLink('link-2'), owner, duringReview)).toMatchObject({ ok: true, events: [{ data: { extensions: 2, link_id: 'link-2' } }] });
      // Without a link (the logged-in owner, an admin) nothing is recorded about links.
      expect(given(after).when(extend(2, 3), owner, duringReview)).toMatchObject({ ok: true, events: [{ data: { extensions: 2 } }] });
      expect(eventsOf(given(after).when(extend(2, 3), owner, duringReview))[0]!.data).not.toHaveProperty('link_id');
    });
    it('automatic selection is cancelled once', () => {
      const cancelled = given(review).when(cancelAuto, owner, duringReview);
      expect(cancelled).toEqual({ ok: true, events: [{ type: 'AutomaticSelectionCancelled', data: { ...ref, cancelled_by: ownerId } }] });
      expect(given([...review, ...eventsOf(cancelled)]).when(cancelAuto, owner, duringReview)).toEqual({
        ok: false,
        error: { code: lifecycleErrors.automaticSelectionCancelled, message: 'You have already been cancelled automatic selection.' },
      });
    });
    it('bidding cannot end twice', () => {
      expect(given(review).when(endBidding)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
    it('the scheduler ends the review period at review_bids_on and dates the expiry', () => {
      expect(given(review).when(endReview, scheduler, duringReview)).toEqual(failsWith(lifecycleErrors.notDue));
      const ended = given(review).when(endReview, scheduler, reviewEnd);
      expect(ended).toEqual({ ok: true, events: [{ type: 'ReviewPeriodEnded', data: { ...ref, expiration_date: '2026-03-18T00:00:00.000Z' } }] });
      expect(fold([...review, ...eventsOf(ended)])).toMatchObject({ status: 'processing', expiration_date: '2026-03-18T00:00:00.000Z' });
    });
    it('Auto-Declare accepts the leading bid once the review period is over, unless cancelled', () => {
      expect(given(review).when(accept('bid-1'), autoDeclare, duringReview)).toEqual(failsWith(lifecycleErrors.notDue));
      expect(given(review).when(accept('bid-1'), autoDeclare, reviewEnd)).toMatchObject({ ok: true, events: [{ data: { accepted_by: null } }] });
      expect(given([...review, autoCancelled]).when(accept('bid-1'), autoDeclare, reviewEnd)).toEqual(failsWith(lifecycleErrors.automaticSelectionCancelled));
    });
  });

  describe('when the post is processing (review over, no bid accepted)', () => {
    const processing = [bidingEndedOnTime, reviewEnded];
    it('the customer can no longer accept; an admin can, an expired bid too', () => {
      expect(given(processing).when(accept('bid-1'), owner, afterReview)).toEqual(failsWith(lifecycleErrors.wrongStatus));
      expect(given(processing).when(accept('bid-1', 'expired'), admin, afterReview)).toMatchObject({ ok: true });
    });
    it('an admin may close it', () => {
      expect(given(processing).when({ type: 'ClosePost', data: { post_id: postId } }, admin, afterReview)).toMatchObject({ ok: true, events: [{ type: 'PostClosed' }] });
    });
    it('the scheduler expires it at expiration_date', () => {
      expect(given(processing).when(expire, scheduler, afterReview)).toEqual(failsWith(lifecycleErrors.notDue));
      const expired = given(processing).when(expire, scheduler, '2026-03-18T00:00:00.000Z');
      expect(expired).toEqual({ ok: true, events: [{ type: 'PostExpired', data: { ...ref, expired_at: '2026-03-18T00:00:00.000Z' } }] });
      expect(fold([...processing, ...eventsOf(expired)]).status).toBe('expired');
    });
    it('the review period cannot be extended any more', () => {
      expect(given(processing).when(extend(2, 3), owner, afterReview)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
  });

  describe('when a bid is accepted (opportunity)', () => {
    const opportunity = [accepted('bid-1')];
    it('a second acceptance is refused; the same one repeated changes nothing', () => {
      expect(given(opportunity).when(accept('bid-2'), admin)).toEqual(failsWith(lifecycleErrors.bidAlreadyAccepted));
      expect(given(opportunity).when(accept('bid-1'))).toEqual({ ok: true, events: [] });
    });
    it('an admin cannot close it', () => {
      expect(given(opportunity).when({ type: 'ClosePost', data: { post_id: postId } }, admin)).toEqual(failsWith(lifecycleErrors.bidAlreadyAccepted));
    });
    it('the deal of the winning bid settles it (closed_won) or not (closed_lost), once', () => {
      const won = given(opportunity).when(outcome('bid-1', 'closed_won'), deals);
      expect(won).toEqual({ ok: true, events: [{ type: 'PostDealOutcomeRecorded', data: { ...ref, bid_id: 'bid-1', outcome: 'closed_won' } }] });
      const settled = [...opportunity, ...eventsOf(won)];
      expect(fold(settled)).toMatchObject({ status: 'closed_won', winning_bid: { bid_id: 'bid-1' } });
      expect(given(settled).when(outcome('bid-1', 'closed_won'), deals)).toEqual({ ok: true, events: [] });
      expect(given(settled).when(outcome('bid-1', 'closed_lost'), deals)).toEqual(failsWith(lifecycleErrors.outcomeRecorded));
      expect(given(opportunity).when(outcome('bid-2', 'closed_lost'), deals)).toEqual(failsWith(lifecycleErrors.bidNotWinning));
      expect(given(opportunity).when(outcome('bid-1', 'closed_won'), admin)).toEqual(failsWith(lifecycleErrors.notAllowed));
    });
  });

  describe('inside the post aggregate', () => {
    const decide = (events: PostEvent[], command: PostCommand) => postDecider.decide(command, events.reduce(postDecider.evolve, postDecider.initialState()));
    const at = (actor: LifecycleActor, now = duringBidding) => ({ actor, now });
    const open = [...completePost, published];
    it('decides the lifecycle commands and folds their events', () => {
      const ended = decide(open, { ...endBidding, metadata: at(owner) } as PostCommand);
      expect(ended).toMatchObject({ ok: true, events: [{ type: 'BiddingEnded' }] });
      const state = [...open, ...eventsOf(ended)].reduce(postDecider.evolve, postDecider.initialState());
      expect(state).toMatchObject({ status: 'review', auto_accept: true, post: { post_id: postId } });
    });
    it('a post in review cannot be edited but can still be cancelled; once a bid is accepted it cannot', () => {
      const review = [...open, bidingEndedOnTime];
      const sort: PostCommand = { type: 'SetPostSort', data: { post_id: postId, sort_by: 'comparison_rate' }, metadata: at(owner) } as PostCommand;
      expect(decide(review, sort)).toMatchObject({ ok: true });
      const change: PostCommand = { type: 'ChangePostDetails', data: { post_id: postId, changes: { urgency: 'within_3_months' } }, metadata: at(owner) } as PostCommand;
      expect(decide(review, change)).toEqual(failsWith(postErrors.notEditable));
      const cancel: PostCommand = { type: 'CancelPost', data: { post_id: postId, reason: 'Found a loan elsewhere' }, metadata: at(owner) } as PostCommand;
      expect(decide(review, cancel)).toMatchObject({ ok: true, events: [{ type: 'PostCancelled' }] });
      expect(decide([...review, accepted('bid-1')], cancel)).toEqual(failsWith(postErrors.notEditable));
    });
    it('a pending or cancelled post has no lifecycle', () => {
      expect(decide(completePost, { ...endBidding, metadata: at(owner) } as PostCommand)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
  });

  describe('a bid joins the post (RegisterBid, actor bids)', () => {
    it('is recorded while the post is active; the status stays active', () => {
      const decision = given([]).when(register('bid-1'), bids);
      expect(decision).toEqual({ ok: true, events: [{ type: 'BidRegistered', data: { ...ref, bid_id: 'bid-1', at: duringBidding, interest_rate: 5.49, comparison_rate: 5.61 } }] });
      expect(fold(eventsOf(decision)).status).toBe('active');
    });
    it('is refused once bidding has ended, in review, processing, after acceptance, closing or expiry', () => {
      for (const events of [[bidingEndedOnTime], [bidingEndedOnTime, reviewEnded], [accepted('bid-9')]]) {
        expect(given(events).when(register('bid-1'), bids, afterReview)).toEqual(failsWith(lifecycleErrors.wrongStatus));
      }
      const closed: LifecycleEvent = { type: 'PostClosed', data: { ...ref, closed_by: adminId } };
      expect(given([closed]).when(register('bid-1'), bids)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
    it('is sent only by the bid route (actor bids), never by a person or another reactor', () => {
      for (const actor of [owner, provider, admin, scheduler, autoDeclare, deals]) {
        expect(given([]).when(register('bid-1'), actor)).toEqual(failsWith(lifecycleErrors.notAllowed));
      }
    });
    it('is refused on a pending post; an open post records it through the post aggregate', () => {
      const decide = (events: PostEvent[]) => postDecider.decide({ ...register('bid-1'), metadata: { actor: bids, now: duringBidding } } as PostCommand, events.reduce(postDecider.evolve, postDecider.initialState()));
      expect(decide(completePost)).toEqual(failsWith(lifecycleErrors.wrongStatus));
      expect(decide([...completePost, published])).toMatchObject({ ok: true, events: [{ type: 'BidRegistered' }] });
    });
  });

  describe("a bid's rates change (ChangeBidRates, actor bids, with the bid's EditBid)", () => {
    const registeredWithRates = (given([]).when(register('bid-4', 5.49, 5.61), bids) as { events: LifecycleEvent[] }).events;
    it('is recorded for a registered bid in any published status; the status stays', () => {
      const closed: LifecycleEvent = { type: 'PostClosed', data: { ...ref, closed_by: adminId } };
      for (const events of [[], [bidingEndedOnTime], [bidingEndedOnTime, reviewEnded], [accepted('bid-4')], [closed]]) {
        const before = [...registeredWithRates, ...events];
        const decision = given(before).when(changeRates('bid-4', 5.19, 5.33), bids, afterReview);
        expect(decision).toEqual({ ok: true, events: [{ type: 'BidRatesChanged', data: { ...ref, bid_id: 'bid-4', at: afterReview, interest_rate: 5.19, comparison_rate: 5.33 } }] });
        expect(fold([...before, ...eventsOf(decision)]).status).toBe(fold(before).status);
      }
    });
    it('records nothing for rates the post has, a withdrawn bid, a bid it never registered (an external deal\'s) or on a cancelled post', () => {
      expect(given(registeredWithRates).when(changeRates('bid-4', 5.49, 5.61), bids)).toEqual({ ok: true, events: [] });
      const changed = eventsOf(given(registeredWithRates).when(changeRates('bid-4', 5.19, 5.33), bids));
      expect(given([...registeredWithRates, ...changed]).when(changeRates('bid-4', 5.19, 5.33), bids)).toEqual({ ok: true, events: [] });
      expect(given([...registeredWithRates, withdrawn('bid-4')]).when(changeRates('bid-4', 5.19, 5.33), bids)).toEqual({ ok: true, events: [] });
      expect(given([]).when(changeRates('bid-9', 5.19, 5.33), bids)).toEqual({ ok: true, events: [] });
      const decide = (events: PostEvent[]) =>
        postDecider.decide({ ...changeRates('bid-1', 5.19, 5.33), metadata: { actor: bids, now: duringBidding } } as PostCommand, events.reduce(postDecider.evolve, postDecider.initialState()));
      const cancel: PostCommand = { type: 'CancelPost', data: { post_id: postId, reason: 'Found a loan elsewhere' }, metadata: { actor: owner, now: duringBidding } } as PostCommand;
      const open = [...completePost, published];
      expect(decide([...open, ...eventsOf(postDecider.decide(cancel, open.reduce(postDecider.evolve, postDecider.initialState())))])).toEqual({ ok: true, events: [] });
    });
    it('is sent only by the bid route (actor bids)', () => {
      for (const actor of [owner, provider, admin, scheduler, autoDeclare, deals]) {
        expect(given(registeredWithRates).when(changeRates('bid-4', 5.19, 5.33), actor)).toEqual(failsWith(lifecycleErrors.notAllowed));
      }
    });
  });

  describe('where a new bid stands among the open bids (standingOf)', () => {
    const start = () => startLifecycle(publishedData, 'auction');
    const decided = (state: LifecycleState, body: Body, now = duringBidding) => {
      const decision = decideLifecycle({ ...state, post }, { ...body, metadata: { actor: bids, now } } as LifecycleCommand);
      return eventsOf(decision).reduce(evolveLifecycle, state);
    };

    it('agrees with rankBids over the bids registered and not withdrawn (one left out if asked), at their latest rates, under both sort keys', () => {
      // Few rates and times, so ties on the rate and on the time placed are common.
      const rate = fc.integer({ min: 540, max: 544 }).map((n) => n / 100);
      const at = fc.constantFrom('2026-03-04T00:00:00.000Z', '2026-03-04T00:00:00.001Z', '2026-03-05T10:30:00.000Z');
      const scenario = fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 25 }).chain((ids) =>
        fc.record({
          askId: fc.constant(ids[0]!),
          bids: fc.tuple(...ids.slice(1).map((bid_id) => fc.record({ bid_id: fc.constant(bid_id), at, interest_rate: rate, comparison_rate: rate }))),
          // Changes and withdrawals name bids by index (modulo the bids there are), in any order.
          later: fc.array(fc.oneof(fc.record({ change: fc.nat(), interest_rate: rate, comparison_rate: rate }), fc.record({ withdraw: fc.nat() })), { maxLength: 15 }),
          ask: fc.record({ interest_rate: rate, comparison_rate: rate, placed_at: at }),
          // An edit's standing leaves its own bid out: by index, or none.
          except: fc.option(fc.nat(), { nil: null }),
        }),
      );
      fc.assert(
        fc.property(scenario, ({ askId, bids: placed, later, ask, except }) => {
          let state = start();
          const current = new Map<string, RankedBid>();
          for (const bid of placed) {
            state = decided(state, register(bid.bid_id, bid.interest_rate, bid.comparison_rate), bid.at);
            current.set(bid.bid_id, { bid_id: bid.bid_id, status: 'active', interest_rate: bid.interest_rate, comparison_rate: bid.comparison_rate, placed_at: bid.at });
          }
          for (const step of later) {
            if (placed.length === 0) break;
            if ('change' in step) {
              const bid = placed[step.change % placed.length]!;
              state = decided(state, changeRates(bid.bid_id, step.interest_rate, step.comparison_rate));
              const known = current.get(bid.bid_id);
              if (known) current.set(bid.bid_id, { ...known, interest_rate: step.interest_rate, comparison_rate: step.comparison_rate });
            } else {
              const bid = placed[step.withdraw % placed.length]!;
              state = decided(state, withdraw(bid.bid_id));
              current.delete(bid.bid_id);
            }
          }
          const exceptId = except === null || placed.length === 0 ? null : placed[except % placed.length]!.bid_id;
          const open = [...current.values()].filter((bid) => bid.bid_id !== exceptId);
          const asked: RankedBid = { bid_id: askId, status: 'active', ...ask };
          const standing = standingOf(state, { bid_id: askId, ...ask }, exceptId);
          for (const key of ['comparison_rate', 'interest_rate'] as const) {
            expect(standing?.[key]).toEqual({
              leadingComparisonRate: leadingBid(open, key)?.comparison_rate ?? null,
              ahead: rankBids([...open, asked], key).findIndex((bid) => bid.bid_id === askId),
            });
          }
        }),
        { numRuns: 300 },
      );
    });

    it('is unknown while a bid registered before the post kept rates is open, and known once it is withdrawn', () => {
      // The fixture's bid-1 to bid-3 were registered without rates.
      const legacy = registeredBids.reduce(evolveLifecycle, start());
      const ask = { bid_id: 'bid-8', interest_rate: 5.4, comparison_rate: 5.5, placed_at: duringBidding };
      expect(standingOf(legacy, ask)).toBeNull();
      const withdrawnAll = ['bid-1', 'bid-2', 'bid-3'].reduce((state, bid) => decided(state, withdraw(bid)), legacy);
      expect(standingOf(decided(withdrawnAll, register('bid-4', 5.3, 5.6)), ask)).toEqual({
        comparison_rate: { leadingComparisonRate: 5.6, ahead: 0 },
        interest_rate: { leadingComparisonRate: 5.6, ahead: 1 },
      });
    });
  });

  describe('a bid leaves the post (WithdrawBid, actor bids, before the bid is cancelled or deleted)', () => {
    it('is recorded in any published status; the status stays', () => {
      const closed: LifecycleEvent = { type: 'PostClosed', data: { ...ref, closed_by: adminId } };
      for (const events of [[], [bidingEndedOnTime], [bidingEndedOnTime, reviewEnded], [accepted('bid-2')], [closed]]) {
        const decision = given(events).when(withdraw('bid-1'), bids, afterReview);
        expect(decision).toEqual({ ok: true, events: [withdrawn('bid-1', afterReview)] });
        expect(fold([...events, ...eventsOf(decision)]).status).toBe(fold(events).status);
      }
    });
    it('the winning bid may be withdrawn: its deal then closes lost (the reactor records the outcome)', () => {
      const decision = given([accepted('bid-1')]).when(withdraw('bid-1'), bids);
      expect(decision).toEqual({ ok: true, events: [withdrawn('bid-1')] });
      const after = fold([accepted('bid-1'), withdrawn('bid-1')]);
      expect(after).toMatchObject({ status: 'opportunity', winning_bid: { bid_id: 'bid-1' } });
      expect(given([accepted('bid-1'), withdrawn('bid-1')]).when(outcome('bid-1', 'closed_lost'), deals)).toMatchObject({ ok: true, events: [{ type: 'PostDealOutcomeRecorded' }] });
    });
    it('a retried withdrawal records nothing new; a bid the post never registered is refused', () => {
      expect(given([withdrawn('bid-1')]).when(withdraw('bid-1'), bids)).toEqual({ ok: true, events: [] });
      expect(given([]).when(withdraw('bid-9'), bids)).toEqual(failsWith(lifecycleErrors.bidNotRegistered));
    });
    it('is sent only by the bid route (actor bids)', () => {
      for (const actor of [owner, provider, admin, scheduler, autoDeclare, deals]) {
        expect(given([]).when(withdraw('bid-1'), actor)).toEqual(failsWith(lifecycleErrors.notAllowed));
      }
    });
    it('a withdrawn bid is never accepted, by anyone, even when its status read a moment ago was active', () => {
      expect(given([withdrawn('bid-1')]).when(accept('bid-1'))).toEqual(failsWith(lifecycleErrors.bidNotAcceptable));
      expect(given([withdrawn('bid-1')]).when(accept('bid-1'), admin)).toEqual(failsWith(lifecycleErrors.bidNotAcceptable));
      const review = [bidingEndedOnTime, withdrawn('bid-1')];
      expect(given(review).when(accept('bid-1'), autoDeclare, reviewEnd)).toEqual(failsWith(lifecycleErrors.bidNotAcceptable));
      expect(given([withdrawn('bid-1')]).when(accept('bid-2'))).toMatchObject({ ok: true, events: [{ type: 'BidAcceptedOnPost' }] });
    });
    it('a bid the post never registered is never accepted', () => {
      expect(given([]).when(accept('bid-9'), admin)).toEqual(failsWith(lifecycleErrors.bidNotRegistered));
    });
    it('on a cancelled post there is nothing to record; a pending post has no bids', () => {
      const decide = (events: PostEvent[]) =>
        postDecider.decide({ ...withdraw('bid-1'), metadata: { actor: bids, now: duringBidding } } as PostCommand, events.reduce(postDecider.evolve, postDecider.initialState()));
      const cancel: PostCommand = { type: 'CancelPost', data: { post_id: postId, reason: 'Found a loan elsewhere' }, metadata: { actor: owner, now: duringBidding } } as PostCommand;
      const open = [...completePost, published];
      const cancelled = postDecider.decide(cancel, open.reduce(postDecider.evolve, postDecider.initialState()));
      expect(decide([...open, ...eventsOf(cancelled)])).toEqual({ ok: true, events: [] });
      expect(decide(completePost)).toEqual(failsWith(lifecycleErrors.wrongStatus));
    });
  });

  it('has the spec texts for the screens', () => {
    expect(lifecycleMessages.endBiddingConfirmation('Home Loan')).toBe("This Home Loan won't be able to receive any new bids.");
    expect(lifecycleMessages.biddingEnded).toBe('Bidding Period has ended');
    expect(lifecycleMessages.priorityChanged).toBe('Priority changed.');
  });

  it('random command sequences from random roles: at most one accepted bid per post, only allowed transitions', () => {
    const actorArb = fc.constantFrom<LifecycleActor>(owner, admin, provider, scheduler, autoDeclare, deals, bids);
    const bidArb = fc.constantFrom('bid-1', 'bid-2', 'bid-3');
    const bodyArb: fc.Arbitrary<Body> = fc.oneof(
      // The scheduler's commands more often, so runs get to the end of the review period and to expiry.
      { arbitrary: fc.constantFrom(endBidding, endReview, expire), weight: 3 },
      fc.record({ days: fc.integer({ min: -1, max: 5 }), max: fc.integer({ min: 0, max: 3 }) }).map(({ days, max }) => extend(days, max)),
      fc.constant(cancelAuto),
      fc.constantFrom(priority('promote_as_priority'), priority('remove_priority')),
      fc.constantFrom(autoBids('stop_auto_bids'), autoBids('resume_auto_bids')),
      fc.constant<Body>({ type: 'ClosePost', data: { post_id: postId } }),
      fc.record({ bid: bidArb, status: fc.constantFrom('active', 'expired', 'cancelled', 'accepted') }).map(({ bid, status }) => accept(bid, status)),
      fc.record({ bid: bidArb, result: fc.constantFrom('closed_won' as const, 'closed_lost' as const) }).map(({ bid, result }) => outcome(bid, result)),
      bidArb.map((bid) => register(bid)),
      fc.record({ bid: bidArb, rate: fc.integer({ min: 300, max: 700 }).map((n) => n / 100) }).map(({ bid, rate }) => changeRates(bid, rate, rate + 0.1)),
      bidArb.map(withdraw),
    );
    // Mostly the actor who would send the command, sometimes anybody, so the run gets past the first statuses.
    const usualActors: Record<Body['type'], LifecycleActor[]> = {
      EndBidding: [owner, scheduler],
      EndReviewPeriod: [scheduler],
      ExpirePost: [scheduler],
      ExtendReviewPeriod: [owner],
      CancelAutomaticSelection: [owner],
      ChangePriority: [admin],
      ChangeAutoBids: [admin],
      ClosePost: [admin],
      AcceptBid: [owner, admin, autoDeclare],
      RecordDealOutcome: [deals],
      RegisterBid: [bids],
      ChangeBidRates: [bids],
      WithdrawBid: [bids],
    };
    const stepArb = bodyArb.chain((body) =>
      fc.record({
        body: fc.constant(body),
        actor: fc.oneof({ arbitrary: fc.constantFrom(...usualActors[body.type]), weight: 3 }, { arbitrary: actorArb, weight: 1 }),
        days: fc.integer({ min: 0, max: 4 }),
      }),
    );
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60, size: 'max' }), (steps) => {
        let state: LifecycleState = registeredBids.reduce(evolveLifecycle, startLifecycle(publishedData, 'auction'));
        let at = Date.parse(publishedData.published_at);
        const acceptedBids = new Set<string>();
        const withdrawnBids = new Set<string>();
        for (const { body, actor, days } of steps) {
          at += days * 86_400_000;
          const decision = decideLifecycle({ ...state, post }, { ...body, metadata: { actor, now: new Date(at).toISOString() } } as LifecycleCommand);
          if (!decision.ok) continue;
          for (const event of decision.events) {
            const rule = allowedTransitions[event.type];
            expect(rule.from).toContain(state.status);
            const next = evolveLifecycle(state, event);
            expect(rule.to === 'same' ? [state.status] : rule.to).toContain(next.status);
            if (event.type === 'BidAcceptedOnPost' && body.type === 'AcceptBid') {
              acceptedBids.add(event.data.bid_id);
              // A cancelled (or already accepted) bid never becomes the winning bid; the customer takes active bids only.
              expect(actor === owner ? ['active'] : ['active', 'expired']).toContain(body.data.bid_status);
              // A bid withdrawn (cancelled or deleted) before is never accepted, whatever status the caller read.
              expect(withdrawnBids.has(event.data.bid_id)).toBe(false);
            }
            if (event.type === 'BidWithdrawn') withdrawnBids.add(event.data.bid_id);
            if (actor === provider) throw new Error(`a provider changed the post: ${event.type}`);
            // A bid joins only a post in Bidding: none is recorded after BiddingEnded.
            if (event.type === 'BidRegistered') expect(state.status).toBe('active');
            state = next;
            reached.add(state.status);
          }
          expect(acceptedBids.size).toBeLessThanOrEqual(1);
          // The winning bid exists exactly when the status needs one, and is the one accepted.
          if (state.status === 'opportunity' || state.status === 'closed_won') expect(acceptedBids.has(state.winning_bid.bid_id)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    // The generator reaches every status, so the invariants were checked along every path.
    expect([...reached].sort().join(' ')).toEqual(['active', 'closed_lost', 'closed_won', 'expired', 'opportunity', 'processing', 'review'].join(' '));
  }, 30_000); // 500 runs of up to 60 steps: slow on a busy machine
});
