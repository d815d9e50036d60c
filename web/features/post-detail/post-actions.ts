import type { PostView } from '../../../contracts/post';

// Which of the post's operations the page offers (spec 1 §2 "Admin actions", §4; docs/post-lifecycle.md for the
// server's rules, which decide again on every call). The owner gets the operations the API lets the owner run.

export type PostAction =
  | 'end_bidding_period'
  | 'extend_review_period'
  | 'cancel_automatic_selection'
  | 'promote_as_priority'
  | 'remove_priority'
  | 'stop_auto_bids'
  | 'resume_auto_bids'
  | 'close'
  | 'cancel'
  | 'delete';

type Post = Pick<PostView, 'status' | 'origin' | 'auto_accept' | 'prioritised' | 'auto_bids_stopped' | 'winning_bid_uuid'>;

const inBiddingOrReview = (post: Post) => post.status === 'active' || post.status === 'review';
const open = (post: Post) => inBiddingOrReview(post) || post.status === 'processing';

export function postActionsFor(viewer: 'owner' | 'admin', post: Post): PostAction[] {
  const admin = viewer === 'admin';
  const actions: PostAction[] = [];
  if (post.status === 'active') actions.push('end_bidding_period');
  if (inBiddingOrReview(post)) actions.push('extend_review_period');
  // spec 1 §4: the auto-declare control shows when active or review, origin auction and auto_accept on.
  if (inBiddingOrReview(post) && post.origin === 'auction' && post.auto_accept) actions.push('cancel_automatic_selection');
  if (admin && open(post)) actions.push(post.prioritised ? 'remove_priority' : 'promote_as_priority');
  // spec 1 §2: the auto-bidding controls show to admins when the post is active and its origin auction.
  if (admin && post.status === 'active' && post.origin === 'auction') actions.push(post.auto_bids_stopped ? 'resume_auto_bids' : 'stop_auto_bids');
  // spec 1 §4: an admin closes an active, review or processing post that has no winning bid.
  if (admin && open(post) && post.winning_bid_uuid === null) actions.push('close');
  if ((post.status === 'pending' || open(post)) && post.winning_bid_uuid === null) actions.push('cancel');
  if (admin) actions.push('delete');
  return actions;
}
