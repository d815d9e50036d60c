import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { stepOf } from '../../features/posts/wizard/wizard-steps';
import { publicRoute } from '../public';

/** The post wizard (spec 2 §2 "Post creation"): public, so a visitor can start without an account. */
export const createPostRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/create-post',
  component: Outlet,
});

const optionalText = z.string().trim().min(1).max(200).optional().catch(undefined);

/**
 * `/create-post?post_uuid&user_key&slug`: logs in by the incomplete-post e-mail's key, then opens the step to
 * continue at (spec 2 §2).
 */
export const createPostIndexRoute = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/',
  validateSearch: z.object({ post_uuid: z.uuid().optional().catch(undefined), user_key: optionalText, slug: optionalText }),
  beforeLoad: async ({ search, context }) => {
    // Imported here, not at the top: resuming reads the whole form mapping, which only the wizard needs.
    const { resumeWizard } = await import('../../features/posts/wizard/resume');
    const step = await resumeWizard(search, context.queryClient);
    throw redirect({ to: stepOf(step).path, replace: true });
  },
});
