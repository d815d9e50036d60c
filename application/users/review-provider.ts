import type { z } from 'zod';
import type { reviewBody } from '../../domain/user/schemas';
import type { CommandContext } from '../../infrastructure/command-handler';
import { findOrganisation } from '../../projections/organisations/queries';
import { findUser } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';
import { userNotFound } from './refusals';
import { runUserCommand } from './user-commands';

export type ProviderReview = z.infer<typeof reviewBody>;

/**
 * An admin approves a pending provider into a known organisation (the one named now, or the one the provider named
 * at sign-up), or rejects it with a message (spec 2 §4, §5).
 */
export async function reviewProvider(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>, input: { userId: string; review: ProviderReview }, context: CommandContext) {
  const { userId, review } = input;
  const user = await findUser(deps.db, userId);
  if (!user) return { ok: false as const, error: userNotFound };
  if (review.status === 'rejected') {
    const result = await runUserCommand(deps, { type: 'ReviewProvider', data: { user_id: userId, decision: 'reject', message: review.message } }, context);
    return result.ok ? { ok: true as const, position: result.position } : result;
  }
  // spec 2 §5: the organisation must exist before the approval.
  const candidate = review.organisation_uuid ?? user.organisation_uuid;
  const organisation = candidate ? await findOrganisation(deps.db, candidate) : undefined;
  const result = await runUserCommand(
    deps,
    { type: 'ReviewProvider', data: { user_id: userId, decision: 'approve', organisation_uuid: organisation?.uuid ?? null, ...(organisation ? { organisation_name: organisation.name } : {}) } },
    context,
  );
  return result.ok ? { ok: true as const, position: result.position } : result;
}
