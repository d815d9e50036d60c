import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../../contracts/post';
import { isApiError } from '../../../lib/api-error';
import { readTokens } from '../../../lib/auth-tokens';
import { postQueryOptions } from '../api/get-post';
import { getOwnPosts } from '../api/own-posts';
import { logInByUserKey } from './api/customer-account';
import { clearWizard, readWizardState, writeWizardState } from './draft-storage';
import { stepToResume } from './form-mapping';
import { allowedStep, type StepNumber } from './wizard-steps';
import { forgetLostPost, wizardStore } from './wizard-session';

// Opening /create-post (spec 2 §2): with the incomplete-post e-mail's link (post_uuid and user_key) the customer is
// logged in by the key and continues that post; otherwise the wizard continues where this browser left off, or a
// logged-in customer's newest pending post.

export type ResumeSearch = { post_uuid?: string | undefined; user_key?: string | undefined; slug?: string | undefined };

/** Answers the step to open. */
export async function resumeWizard(search: ResumeSearch, queryClient: QueryClient): Promise<StepNumber> {
  const store = wizardStore();
  if (search.slug) writeWizardState(store, { campaign_slug: search.slug });
  if (search.user_key) {
    if (!(await logInByUserKey(search.user_key))) {
      notifications.show({ color: 'red', title: 'Error!', message: 'This link no longer works. If your post was published, log in to follow it.' });
      return allowedStep(7, readWizardState(store).reached);
    }
    queryClient.clear();
  }
  // Without a link or a post kept here, a logged-in customer continues their newest pending post.
  const requested = search.post_uuid ?? (readWizardState(store).post_uuid || search.user_key ? undefined : await newestPendingPost());
  const opened = requested && requested !== readWizardState(store).post_uuid ? requested : null;
  if (opened) {
    // Another post than the one kept here: what was kept belongs to that one.
    clearWizard(store);
    writeWizardState(store, { post_uuid: opened, new_customer: Boolean(search.user_key), campaign_slug: search.slug ?? null });
  }
  const state = readWizardState(store);
  if (!state.post_uuid) return 1;
  const post = await loadWizardPost(queryClient, state.post_uuid);
  if (!post) return 1;
  if (opened) return writeWizardState(store, { reached: stepToResume(post, new Date().getFullYear()) }).reached;
  return state.reached;
}

/** The logged-in customer's newest pending post; null for a visitor (the wizard's own customer is refused the list). */
async function newestPendingPost(): Promise<string | null> {
  if (!readTokens()) return null;
  try {
    return (await getOwnPosts({ status: 'pending', count: 1 })).result[0]?.uuid ?? null;
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
}

/**
 * The post being created, or null when it is gone (spec 2 §8: the message, then step 1) or no longer being created
 * (published or cancelled: the wizard starts a new one).
 */
export async function loadWizardPost(queryClient: QueryClient, uuid: string): Promise<PostView | null> {
  // Logged out (in another tab, or the storage lost its tokens): nobody can read the post any more.
  if (!readTokens()) {
    await forgetLostPost(queryClient);
    return null;
  }
  try {
    const post = await queryClient.ensureQueryData(postQueryOptions(uuid));
    if (post.status === 'pending') return post;
    clearWizard(wizardStore());
    return null;
  } catch (error) {
    if (!isApiError(error, 404) && !isApiError(error, 403) && !isApiError(error, 401)) throw error;
    await forgetLostPost(queryClient);
    return null;
  }
}
