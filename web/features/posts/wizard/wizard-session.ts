import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { clearTokens, readTokens } from '../../../lib/auth-tokens';
import { deletePost } from '../api/posts';
import { clearWizard, type DraftStore, readWizardState } from './draft-storage';

// The wizard's state lives in this browser's localStorage (spec 2 §2); these are the actions on all of it.

export const wizardStore = (): DraftStore => window.localStorage;

/** spec 2 §8 "404 in post creation". */
export const lostPostMessage = "We couldn't find your post. You will be redirected to the first step.";

/** Logs the wizard's customer out: the refresh token is revoked (best effort) and the tokens forgotten. */
async function logOut(queryClient: QueryClient): Promise<void> {
  const tokens = readTokens();
  clearTokens();
  queryClient.clear();
  if (tokens) {
    await fetch('/oauth/revoke', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh_token: tokens.refreshToken }) }).catch(
      () => undefined,
    );
  }
}

/**
 * "Start again" (spec 2 §2 reset): the pending post is deleted, the drafts and the last step cleared, and the
 * customer the wizard made logged out (a customer who logged in keeps the session).
 */
export async function startAgain(queryClient: QueryClient): Promise<void> {
  const state = readWizardState(wizardStore());
  if (state.post_uuid) {
    try {
      await deletePost(state.post_uuid);
    } catch (error) {
      // A post already gone, or a session already over, leaves nothing to delete.
      if (!isApiError(error, 404) && !isApiError(error, 401) && !isApiError(error, 403)) throw error;
    }
  }
  clearWizard(wizardStore());
  if (state.new_customer) await logOut(queryClient);
  else queryClient.removeQueries({ queryKey: ['posts'] });
}

/**
 * The post is gone (spec 2 §8): say so, clear what the wizard kept and begin again at step 1. The customer the wizard
 * made is logged out too, since nothing of theirs is left to continue.
 */
export async function forgetLostPost(queryClient: QueryClient): Promise<void> {
  const state = readWizardState(wizardStore());
  notifications.show({ id: 'lost-post', color: 'red', title: 'Error!', message: lostPostMessage, autoClose: 8000 });
  clearWizard(wizardStore());
  if (state.new_customer) await logOut(queryClient);
  else queryClient.removeQueries({ queryKey: ['posts'] });
}
