import { type PostTimes, type PostView, toPostView } from '../../contracts/post';
import { postDecider, type PostState } from '../../domain/post/decider';
import { type PostEvent, postStream } from '../../domain/post/events';
import type { WorkflowDependencies } from '../dependencies';

// The post's detail is folded from its stream, not read from the posts read model (docs/architecture.md "Where a
// post's detail is read from"): a write's answer and the next read show the write just made, without waiting.

export type ExistingPost = Exclude<PostState, { status: 'absent' }>;
export type ReadPost = { state: ExistingPost; view: PostView };

/** The post as it is now (consistent with the write just made), with its times; null if absent. */
export async function readPost(deps: Pick<WorkflowDependencies, 'store'>, postId: string): Promise<ReadPost | null> {
  const recorded = await deps.store.readStream(postStream(postId));
  // The stored events of a post stream were written by the post decider.
  const state = recorded.reduce((s, e) => postDecider.evolve(s, { type: e.type, data: e.data } as PostEvent), postDecider.initialState());
  const first = recorded[0];
  const last = recorded[recorded.length - 1];
  if (state.status === 'absent' || !first || !last) return null;
  const times: PostTimes = { created_at: first.metadata.occurred_at, updated_at: last.metadata.occurred_at };
  return { state, view: toPostView(state, times) };
}

