import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import type { AcceptBid } from '../../domain/post/lifecycle';
import { loadState } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { readSettings } from '../../infrastructure/system-settings';
import { leadingEligibleBid } from '../bids/queries';

// Auto-Declare (spec 1 §4, spec 3 §4; docs/post-lifecycle.md "Auto-Declare"): when the review period of a post with
// automatic selection ends, its leading eligible bid is accepted. Null: nothing to accept (switched off, the post
// moved on, or no eligible bid); the scheduler records the attempt, so it is not tried again.

/** The `AcceptBid` data for the post's leading eligible bid, or null. Contact preferences: the spec's defaults. */
export async function autoDeclareCommand(db: Database, store: EventStore, postId: string): Promise<AcceptBid['data'] | null> {
  if (!(await readSettings(store)).auto_declare_enabled) return null;
  const { state } = await loadState(store, postStream(postId), postDecider);
  if ((state.status !== 'review' && state.status !== 'processing') || !state.auto_accept) return null;
  const leading = await leadingEligibleBid(db, postId, state.post.sort_by ?? 'comparison_rate');
  if (!leading) return null;
  // The decider checks the bid's status as the bid's own stream has it, not as the read model last saw it.
  const bid = await loadState(store, bidStream(leading.uuid), bidDecider);
  return { post_id: postId, bid_id: leading.uuid, bid_status: bid.state.status };
}
