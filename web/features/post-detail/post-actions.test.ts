import { describe, expect, it } from 'vitest';
import { postActionsFor } from './post-actions';

const post = (changes: Partial<Parameters<typeof postActionsFor>[1]> = {}) => ({
  status: 'active' as const,
  origin: 'auction' as const,
  auto_accept: true,
  prioritised: false,
  auto_bids_stopped: false,
  winning_bid_uuid: null,
  ...changes,
});

describe('the post operations the page offers', () => {
  it('an admin on a post in bidding gets every control of spec 1 §2', () => {
    expect(postActionsFor('admin', post())).toEqual([
      'end_bidding_period',
      'extend_review_period',
      'cancel_automatic_selection',
      'promote_as_priority',
      'stop_auto_bids',
      'close',
      'cancel',
      'delete',
    ]);
  });

  it('the owner gets ending the bidding, the review extension, the auto-declare control and cancelling', () => {
    expect(postActionsFor('owner', post())).toEqual(['end_bidding_period', 'extend_review_period', 'cancel_automatic_selection', 'cancel']);
  });

  it('the auto-bid control: stop on an active auction post, resume once stopped; not for the owner, nor after bidding, nor on other posts', () => {
    expect(postActionsFor('admin', post({ auto_bids_stopped: true }))).toContain('resume_auto_bids');
    expect(postActionsFor('admin', post({ auto_bids_stopped: true }))).not.toContain('stop_auto_bids');
    expect(postActionsFor('owner', post())).not.toContain('stop_auto_bids');
    expect(postActionsFor('admin', post({ status: 'review' }))).not.toContain('stop_auto_bids');
    expect(postActionsFor('admin', post({ origin: 'matching' }))).not.toContain('stop_auto_bids');
  });

  it('a prioritised post offers removing the priority', () => {
    expect(postActionsFor('admin', post({ prioritised: true }))).toContain('remove_priority');
    expect(postActionsFor('admin', post({ prioritised: true }))).not.toContain('promote_as_priority');
  });

  it('the auto-declare control hides once auto_accept is off, on a processing post and on a matching post', () => {
    expect(postActionsFor('admin', post({ auto_accept: false }))).not.toContain('cancel_automatic_selection');
    expect(postActionsFor('admin', post({ status: 'processing' }))).not.toContain('cancel_automatic_selection');
    expect(postActionsFor('admin', post({ origin: 'matching' }))).not.toContain('cancel_automatic_selection');
  });

  it('a post with a winning bid cannot be closed nor cancelled', () => {
    const won = postActionsFor('admin', post({ status: 'opportunity', winning_bid_uuid: '5f0c5d43-0a5e-4c38-9a3c-0c7f3c7b1a11' }));
    expect(won).toEqual(['delete']);
  });

  it('an ended post only offers the admin its deletion', () => {
    expect(postActionsFor('admin', post({ status: 'cancelled' }))).toEqual(['delete']);
    expect(postActionsFor('owner', post({ status: 'expired' }))).toEqual([]);
  });
});
