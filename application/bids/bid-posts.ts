import { postDecider, type PostState } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { type Folded, loadState, oneAtATime, RememberedFolds } from '../../infrastructure/command-handler';
import { findPostOfPart } from '../../projections/posts/queries';
import type { WorkflowDependencies } from '../dependencies';
import type { OpenPost } from './bid-facts';

// The posts bids are placed on, as this process remembers them between bids (docs/bids.md "Placing a bid"): each
// post's fold, the home loan → post links, and the queue a post's bids wait in. One per app (api/routes/bids.ts).

/** Posts whose folded stream a process keeps for the next bid (a few kilobytes each, personal data withheld). */
const FOLDED_POSTS_KEPT = 2000;
/** Home loans whose post a process remembers (two ids each; a home loan never moves to another post). */
const HOME_LOAN_POSTS_KEPT = 20_000;

/** `fresh`: read from the store just now, not only remembered. */
export type FoldedPost = { post: OpenPost; revision: number; fresh: boolean };

export type BidPosts = ReturnType<typeof bidPosts>;

export function bidPosts({ db, store }: Pick<WorkflowDependencies, 'db' | 'store'>) {
  const rememberedPosts = new RememberedFolds<PostState>(FOLDED_POSTS_KEPT);
  const homeLoanPosts = new Map<string, string>();

  /**
   * The post of a home loan (the id bids are placed on), remembered: the link never changes, and the post's own
   * state (deleted too) comes from its stream when the bid is decided. Undefined: no such home loan.
   */
  async function postOfHomeLoan(homeLoanId: string): Promise<string | undefined> {
    const known = homeLoanPosts.get(homeLoanId);
    if (known) return known;
    const part = await findPostOfPart(db, homeLoanId, 'home_loan');
    if (!part || part.removed) return undefined;
    if (homeLoanPosts.size >= HOME_LOAN_POSTS_KEPT) homeLoanPosts.delete(homeLoanPosts.keys().next().value!);
    homeLoanPosts.set(homeLoanId, part.post_id);
    return part.post_id;
  }

  /**
   * The post stream folded for a bid: its personal fields withheld, not decrypted (the bid rules use only the loan's
   * terms and the status), with the revision the registration appends after. The fold is kept (`rememberedPosts`),
   * with this process's own registrations evolved into it (`remember`), so a bid on a post this process knows reads
   * nothing: the append's revision check tells when other events came in, and then only those are read
   * (`{ fresh: true }`). A post's stream grows by one event per bid; reading and folding all of it per bid cost more
   * with each.
   */
  async function postForBid(postId: string, { fresh }: { fresh: boolean }): Promise<FoldedPost | null> {
    const streamId = postStream(postId);
    const known = rememberedPosts.get(streamId);
    if (known && !fresh) return { post: known.state as OpenPost, revision: known.revision, fresh: false };
    const folded = await loadState(store, streamId, postDecider, { personalData: 'withhold' }, known);
    if (folded.state.status === 'absent' || folded.revision === 'no_stream') {
      rememberedPosts.forget(streamId);
      return null;
    }
    rememberedPosts.remember(streamId, folded);
    return { post: folded.state, revision: folded.revision, fresh: true };
  }

  /** Keeps the post as this process's own append left it, for the next bid. */
  function remember(postId: string, folded: Folded<PostState>): void {
    rememberedPosts.remember(postStream(postId), folded);
  }

  return { postOfHomeLoan, postForBid, remember };
}

/**
 * Runs `work` after the work queued before it on the post in this process: a post's bids, and the bid commands that
 * record on the post, one at a time (infrastructure/command-handler.ts `oneAtATime`; never nest it for one post).
 */
export const oneAtATimeOnPost = <T>(postId: string, work: () => Promise<T>): Promise<T> => oneAtATime(postStream(postId), work);
